#include "daemon/referee/attempted_move.h"

#include "daemon/referee/referee.h"

namespace arbiter {

namespace {

// Why a move of a piece on `from` is refused when it is not its owner's turn,
// in the game's names for the players (the session puts the table's in their
// place). The board cannot tell whose hands moved it: the owner out of turn,
// or the player to move with another's piece; this says it to both.
std::string notTheirTurn(const GameState& state, Cell from, PlayerId owner) {
    return "the piece on " + state.geometry().name(from) + " is " + state.playerName(owner) +
           "'s, and it is " + state.playerName(state.toMove()) + "'s turn";
}

// Why the game refuses `move`, when it says more than that it is not legal.
std::string reasonOfItsOwn(const GameState& state, const Action& move) {
    std::string why = state.refusal(move);
    if (why == state.GameState::refusal(move)) return {};
    return why;
}

// Length of the name of a cell at the start of `text`: letters, then digits.
size_t cellNameLength(std::string_view text) {
    size_t i = 0;
    while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
    const size_t letters = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return letters > 0 && i > letters ? i : 0;
}

}  // namespace

std::string refusalOfMoveSaid(const GameState& state, std::string_view text) {
    const size_t first = cellNameLength(text);
    if (first == 0) return {};
    std::string_view rest = text.substr(first);
    if (!rest.empty() && (rest.front() == '-' || rest.front() == 'x')) rest.remove_prefix(1);
    if (cellNameLength(rest) != rest.size()) return {};
    const Geometry& g = state.geometry();
    const std::optional<Cell> from = g.parse(text.substr(0, first)), to = g.parse(rest);
    if (!from || !to || !g.contains(*from) || !g.contains(*to)) return {};
    return reasonOfItsOwn(state, Action::move(*from, *to));
}

std::optional<AttemptedMove> attemptedMove(const GameState& state,
                                           const std::vector<CellFix>& back) {
    if (back.size() != 2) return std::nullopt;
    for (size_t i = 0; i < 2; ++i) {
        const CellFix& from = back[i];
        const CellFix& to = back[1 - i];
        // The piece to put back where it stood is the one standing where it went.
        if (from.sensed || !from.wanted || !to.sensed || to.sensed != from.wanted) continue;
        const auto piece = state.pieceAt(from.cell);
        if (!piece) continue;
        const Action move = Action::move(from.cell, to.cell);
        if (state.isLegal(move)) {
            // Legal, yet not what the boards show: only to be said when no
            // board can show it at all.
            if (!state.effect(move).empty()) return std::nullopt;
            return AttemptedMove{move, {}};
        }
        if (piece->owner != NoPlayer && piece->owner != state.toMove() && !state.outcome().over())
            return AttemptedMove{move, notTheirTurn(state, from.cell, piece->owner)};
        // A game that says no more than that the move is not legal names
        // no reason: the fixes are all there is to say.
        std::string why = reasonOfItsOwn(state, move);
        if (why.empty()) return std::nullopt;
        return AttemptedMove{move, std::move(why)};
    }
    return std::nullopt;
}

void nameAttemptedMove(const GameState& state, std::vector<CellFix> back, Verdict& v) {
    auto tried = attemptedMove(state, back);
    if (!tried) return;
    for (const Action& a : v.fixesComplete) {
        if (a.from == tried->move.from && a.to == tried->move.to) return;
    }
    v.attempted = tried->move;
    v.refusal = std::move(tried->refusal);
    v.fixes = std::move(back);
    v.fixesComplete.clear();
}

}  // namespace arbiter
