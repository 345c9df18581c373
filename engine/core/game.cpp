#include "engine/core/game.h"

#include <algorithm>
#include <cassert>

namespace arbiter {

bool GameState::isLegal(const Action& a) const {
    auto legal = a.changesRoster() ? rosterActions(*this) : legalActions();
    return std::find(legal.begin(), legal.end(), a) != legal.end();
}

const Action* GameState::chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                                      std::vector<Action>& list) const {
    listActions(list);
    std::erase_if(list, [](const Action& a) { return a.changesRoster(); });
    if (list.empty()) return nullptr;
    const uint64_t chosen = pick(list.size());
    assert(chosen < list.size());
    return &list[chosen];
}

std::string GameState::refusal(const Action& a) const {
    if (isLegal(a)) return {};
    if (outcome().over()) return "the game is over";
    return "it is not a legal action now";
}

std::vector<Cell> GameState::consequences(const Action&, const GameState&) const {
    return {};
}

std::vector<PlayerId> GameState::opponents(PlayerId p) const {
    std::vector<PlayerId> others;
    for (PlayerId q = 0; q < playerCount(); ++q) {
        if (q != p && inGame(*this, q)) others.push_back(q);
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

std::vector<Action> rosterActions(const GameState& s) {
    const Roster* roster = s.roster();
    return roster ? roster->rosterActions() : std::vector<Action>{};
}

bool inGame(const GameState& s, PlayerId p) {
    const Roster* roster = s.roster();
    return roster ? roster->inGame(p) : p >= 0 && p < s.playerCount();
}

std::string claimableDraw(const GameState& s) {
    const Endings* endings = s.endings();
    return endings ? endings->claimableDraw() : std::string();
}

std::string refusedAfterTimeLimit(const GameState& s, const Action& a) {
    const Endings* endings = s.endings();
    return endings ? endings->refusedAfterTimeLimit(a) : std::string();
}

std::optional<bool> roundUnderWay(const GameState& s) {
    const Endings* endings = s.endings();
    return endings ? endings->roundUnderWay() : std::nullopt;
}

Outcome stoppedOutcome(const GameState& s, const std::string& why) {
    const Endings* endings = s.endings();
    return endings ? endings->stoppedOutcome(why) : Outcome::draw(why);
}

std::vector<std::string> report(const GameState& s) {
    const TablePresentation* presentation = s.presentation();
    return presentation ? presentation->report() : std::vector<std::string>{};
}

std::vector<Cell> markedCells(const GameState& s) {
    const TablePresentation* presentation = s.presentation();
    return presentation ? presentation->markedCells() : std::vector<Cell>{};
}

std::vector<ActionsInParts::ActionBegun> actionsBegunBy(const GameState& s, const Action& made) {
    const ActionsInParts* parts = s.actionsInParts();
    return parts ? parts->actionsBegunBy(made) : std::vector<ActionsInParts::ActionBegun>{};
}

std::string describeStops(const GameState& s, const Action& a, int stops) {
    const ActionsInParts* parts = s.actionsInParts();
    return parts ? parts->describeStops(a, stops) : std::string();
}

View view(const GameState& s, PlayerId p) {
    const HiddenInformation* hidden = s.hidden();
    return hidden ? hidden->view(p) : wholeView(s, p);
}

std::string viewText(const GameState& s, PlayerId p) {
    const HiddenInformation* hidden = s.hidden();
    return hidden ? hidden->viewText(p) : s.serialize();
}

std::vector<std::string> reportTo(const GameState& s, PlayerId p) {
    const HiddenInformation* hidden = s.hidden();
    return hidden ? hidden->reportTo(p) : report(s);
}

std::string describeTo(const GameState& s, const Action& a, PlayerId p) {
    const HiddenInformation* hidden = s.hidden();
    return hidden ? hidden->describeTo(a, p) : s.describe(a);
}

View wholeView(const GameState& s, PlayerId p) {
    const Geometry& g = s.geometry();
    const auto cells = static_cast<size_t>(g.size());
    View v;
    v.player = p;
    v.visible.assign(cells, false);
    v.pieces.assign(cells, std::nullopt);
    v.looks.assign(cells, std::nullopt);
    v.impassable.assign(cells, false);
    v.resourcesSeen.assign(static_cast<size_t>(s.playerCount()), true);
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        const auto i = static_cast<size_t>(c);
        v.visible[i] = true;
        v.pieces[i] = s.pieceAt(c);
        v.looks[i] = s.appearance(c);
    }
    return v;
}

SetPiece readSensed(const Game& g, SetPiece sensed) {
    const BoardReading* reading = g.boardReading();
    return reading ? reading->read(sensed) : sensed;
}

std::string lookName(const Game& g, SetPiece look) {
    const BoardReading* reading = g.boardReading();
    return reading ? reading->lookName(look) : words(look);
}

bool settleNeeded(const Game& g) {
    const BoardReading* reading = g.boardReading();
    return reading ? reading->settleNeeded() : true;
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
