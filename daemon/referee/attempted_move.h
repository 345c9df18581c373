#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/announce/cell_fix.h"
#include "engine/core/game.h"

namespace arbiter {

struct Verdict;

// The move the hands were making when the boards show no action the referee
// can take: one piece lifted off its cell and set down on another, everything
// else as the game stands. Named so that the players hear why it is no move
// (the rules refuse it: GameState::refusal, or it is not that piece's turn),
// or that it is a move to say rather than show: a legal move whose effect no
// board shows (a Colonization step cut off where it arrives).
struct AttemptedMove {
    Action move;
    // Why the rules refuse it, in their words; empty when it is legal and
    // only to be said.
    std::string refusal;
};

// The move that `back` (the fixes that lead the surface back to `state`)
// undoes, if they are exactly one piece to put back on the cell it left and
// the same piece to take off (or replace) where it was set down, and that
// move is refused with a reason or only to be said. nullopt otherwise: a
// legal move shown wrong, or one the game refuses without saying why, is for
// the fixes alone to name.
std::optional<AttemptedMove> attemptedMove(const GameState& state,
                                           const std::vector<CellFix>& back);

// Why the move `text` says by two cells ("e2-e5", "e2e5", "e4xd5") may not
// be made, when the game cannot read it as an action (chess reads only legal
// moves) yet refuses the move of a piece between those cells with a reason of
// its own; empty otherwise. So that a move said with arbiterctl do is told
// why, as the same move made on a board is.
std::string refusalOfMoveSaid(const GameState& state, std::string_view text);

// Names in `v` (an Illegal verdict) the move attempted, if there is one: its
// fixes then lead back to `state`, since the move is none to complete. A
// verdict whose fixes complete that very move (a pawn set down on the last
// rank, a die still to exchange for its next stand-in) is left as it is.
void nameAttemptedMove(const GameState& state, std::vector<CellFix> back, Verdict& v);

}  // namespace arbiter
