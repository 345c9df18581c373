#include "bench/random_playout.h"

#include <algorithm>
#include <vector>

#include "engine/core/perft.h"

namespace arbiter::bench {

namespace {

// Plays one complete turn on `state`; false when stuck before it completed.
bool playRandomTurn(GameState& state, SeededRandom& random, PlayoutScratch& scratch) {
    for (;;) {
        const Action* a = randomPlayoutAction(state, random, scratch);
        if (!a) return false;
        state.apply(*a);
        if (completesTurn(*a, state)) return true;
    }
}

}  // namespace

PlayoutCount randomPlayout(GameState& state, SeededRandom& random, int cap, uint64_t* trace) {
    return state.playOut(random, cap, trace);
}

MiddleGame randomMiddleGame(const GameState& start, uint64_t seed, int turns) {
    // How long the seeded game lasts, played out once; then its first turns again.
    int length = 0;
    {
        std::unique_ptr<GameState> state = start.clone();
        SeededRandom random(seed);
        length = randomPlayout(*state, random).turns;
    }
    SeededRandom random(seed);
    PlayoutScratch scratch;
    MiddleGame middle{start.clone(), 0};
    while (middle.played < std::min(turns, length / 2)) {
        if (!playRandomTurn(*middle.state, random, scratch)) break;
        ++middle.played;
    }
    return middle;
}

}  // namespace arbiter::bench
