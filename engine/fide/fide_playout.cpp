#include <cassert>
#include <cstdint>

#include "engine/core/playout.h"
#include "engine/fide/fide_game.h"
#include "engine/fide/move_batches.h"

namespace arbiter::fide {

// What GameState::playOut plays through the hooks, move for move: the move
// drawn is the one at index random.below(n) of the listing's n, each move
// completes a turn, and the game ends as outcome() says. The moves stay runs
// (MoveBatches); the state's kept list and ending are left unknown, as after
// apply().
PlayoutCount FideState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    PlayoutCount count;
    if (ending() != Ending::Ongoing) return count;
    MoveBatches moves;
    generateMoveBatches(position_, moves);
    for (;;) {
        assert(moves.count() > 0);
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        const Move move =
            moves[static_cast<int>(random.below(static_cast<uint64_t>(moves.count())))];
        if (trace) traceAction(*trace, toAction(move));
        position_.play(move);
        history_.record(repetitionKey(position_), position_.halfmoveClock() == 0);
        ++count.actions;
        ++count.turns;
        if (drawnByRule()) break;
        generateMoveBatches(position_, moves);
        if (moves.count() == 0) break;  // checkmate or stalemate
    }
    movesKnown_ = false;
    ending_ = Ending::Unknown;
    return count;
}

}  // namespace arbiter::fide
