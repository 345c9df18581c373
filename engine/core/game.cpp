#include "engine/core/game.h"

#include <algorithm>

namespace arbiter {

bool GameState::isLegal(const Action& a) const {
    auto legal = a.changesRoster() ? rosterActions() : legalActions();
    return std::find(legal.begin(), legal.end(), a) != legal.end();
}

std::string GameState::refusal(const Action& a) const {
    if (isLegal(a)) return {};
    if (outcome().over()) return "the game is over";
    return "it is not a legal action now";
}

std::vector<Cell> GameState::consequences(const Action&, const GameState&) const {
    return {};
}

std::string GameState::describeStops(const Action&, int) const {
    return {};
}

std::vector<PlayerId> GameState::opponents(PlayerId p) const {
    std::vector<PlayerId> others;
    for (PlayerId q = 0; q < playerCount(); ++q) {
        if (q != p && inGame(q)) others.push_back(q);
    }
    return others;
}

Effect GameState::effect(const Action& a) const {
    auto after = clone();
    after->apply(a);
    Effect e;
    const Geometry& g = geometry();
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        Appearance was = appearance(c), is = after->appearance(c);
        bool pieceChanges = pieceAt(c) != after->pieceAt(c);
        if (was != is || pieceChanges) e.changes.push_back({c, was, is, pieceChanges, false});
    }
    for (Cell c : consequences(a, *after)) {
        for (CellChange& ch : e.changes) {
            if (ch.cell == c) ch.consequence = true;
        }
    }
    return e;
}

View GameState::view(PlayerId p) const {
    const Geometry& g = geometry();
    const auto cells = static_cast<size_t>(g.size());
    View v;
    v.player = p;
    v.visible.assign(cells, false);
    v.pieces.assign(cells, std::nullopt);
    v.looks.assign(cells, std::nullopt);
    v.impassable.assign(cells, false);
    v.resourcesSeen.assign(static_cast<size_t>(playerCount()), true);
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        const auto i = static_cast<size_t>(c);
        v.visible[i] = true;
        v.pieces[i] = pieceAt(c);
        v.looks[i] = appearance(c);
    }
    return v;
}

std::string GameState::viewText(PlayerId) const {
    return serialize();
}

std::vector<std::string> GameState::reportTo(PlayerId) const {
    return report();
}

std::string GameState::describeTo(const Action& a, PlayerId) const {
    return describe(a);
}

Leaders leaders(int players, const std::function<bool(PlayerId)>& counts,
                const std::function<int(PlayerId)>& count) {
    Leaders best;
    for (PlayerId p = 0; p < players; ++p) {
        if (!counts(p)) continue;
        const int n = count(p);
        if (n > best.count) {
            best.players.clear();
            best.count = n;
        }
        if (n == best.count) best.players.push_back(p);
    }
    return best;
}

}  // namespace arbiter
