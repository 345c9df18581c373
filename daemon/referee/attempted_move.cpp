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

}  // namespace

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
        // A game that says no more than that the move is not legal (chess)
        // names no reason: the fixes are all there is to say.
        std::string why = state.refusal(move);
        if (why.empty() || why == state.GameState::refusal(move)) return std::nullopt;
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
