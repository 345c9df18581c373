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
