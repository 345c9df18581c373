// A random playout of Konfusion without the die (GameState::playOut): the same
// actions the hooks draw from the same numbers, played on the state's own
// fields, with each piece's destinations kept from one step to the next
// (KeptReach) instead of every piece walked again at every step.
#include <cassert>

#include "engine/konfusion/konfusion.h"
#include "engine/konfusion/konfusion_kept_reach.h"

namespace arbiter::konfusion {

PlayoutCount KonfusionState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    // The die's turns (a roll, then moves of pieces not moved yet) are rare
    // enough at a table to be played through the hooks.
    if (rules_.die) return GameState::playOut(random, cap, trace);
    PlayoutCount count;
    KeptReach kept;
    int moves = outcome_.over() ? 0 : kept.refresh(*this, toMove_);
    while (!outcome_.over()) {
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        // listActions()'s order: each piece in cell order, its destinations
        // in cell order; the pass alone when there is no move.
        const uint64_t chosen = random.below(moves > 0 ? static_cast<uint64_t>(moves) : 1);
        if (moves == 0) {
            if (trace) traceAction(*trace, Action::pass());
            endTurn();
        } else {
            const KeptReach::Move move = kept.nth(cellsOf(toMove_), chosen);
            if (trace) traceAction(*trace, Action::move(move.from, move.to));
            movePiece(move.from, move.to);
            endTurn();
            kept.moved(move.from, move.to);
        }
        ++count.actions;
        ++count.turns;  // without the die every action is a whole turn
        moverCanMove_ = -1;
        if (outcome_.over()) break;
        moves = kept.refresh(*this, toMove_);
        moverCanMove_ = moves > 0;
        if (moves == 0 && stuck()) outcome_ = Outcome::draw("no player can move");
    }
    return count;
}

}  // namespace arbiter::konfusion
