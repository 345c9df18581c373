#include "engine/core/playout.h"

#include <optional>

#include "engine/core/game.h"
#include "engine/core/perft.h"

namespace arbiter {

const Action* randomPlayoutAction(const GameState& state, SeededRandom& random,
                                  PlayoutScratch& scratch) {
    if (std::optional<ChanceDraw> draw = state.chance()) {
        if (draw->sides < 1 || draw->count < 0) return nullptr;
        Action& drawn = scratch.drawn;
        drawn.payload.resize(static_cast<size_t>(draw->count));
        for (int& v : drawn.payload)
            v = static_cast<int>(random.below(static_cast<uint64_t>(draw->sides)));
        return &drawn;
    }
    return state.chooseListed([&random](uint64_t n) { return random.below(n); }, scratch.listed);
}

PlayoutCount GameState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    PlayoutCount count;
    PlayoutScratch scratch;
    bool over = outcome().over();
    while (!over) {
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        const Action* a = randomPlayoutAction(*this, random, scratch);
        if (!a) {
            count.stuck = true;
            break;
        }
        if (trace) traceAction(*trace, *a);
        apply(*a);
        ++count.actions;
        over = outcome().over();
        if (completesTurn(*a, *this)) ++count.turns;
    }
    return count;
}

}  // namespace arbiter
