#include "bench/random_playout.h"

#include <algorithm>
#include <vector>

#include "engine/core/perft.h"

namespace arbiter::bench {

namespace {

// Plays one complete turn on `state`; false when stuck before it completed.
bool playRandomTurn(GameState& state, SeededRandom& random, PlayoutScratch& scratch) {
    for (;;) {
        const Action* a = randomAction(state, random, scratch);
        if (!a) return false;
        state.apply(*a);
        if (completesTurn(*a, state)) return true;
    }
}

}  // namespace

const Action* randomAction(const GameState& state, SeededRandom& random,
                           PlayoutScratch& scratch) {
    if (std::optional<ChanceDraw> draw = state.chance()) {
        if (draw->sides < 1 || draw->count < 0) return nullptr;
        Action& drawn = scratch.drawn;
        drawn.kind = Action::Kind::Chance;
        drawn.payload.resize(static_cast<size_t>(draw->count));
        for (int& v : drawn.payload)
            v = static_cast<int>(random.below(static_cast<uint64_t>(draw->sides)));
        return &drawn;
    }
    return state.chooseListed([&random](uint64_t n) { return random.below(n); }, scratch.listed);
}

void traceAction(uint64_t& trace, const Action& a) {
    auto fold = [&trace](int64_t value) {
        trace = (trace ^ static_cast<uint64_t>(value)) * 0x100000001b3ULL;
    };
    fold(static_cast<int>(a.kind));
    fold(a.from);
    fold(a.to);
    fold(a.piece);
    fold(a.arg);
    fold(static_cast<int64_t>(a.path.size()));
    for (Cell c : a.path) fold(c);
    fold(static_cast<int64_t>(a.payload.size()));
    for (int v : a.payload) fold(v);
}

PlayoutCount randomPlayout(GameState& state, SeededRandom& random, int cap, uint64_t* trace) {
    PlayoutCount count;
    PlayoutScratch scratch;
    bool over = state.outcome().over();
    while (!over) {
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        const Action* a = randomAction(state, random, scratch);
        if (!a) {
            count.stuck = true;
            break;
        }
        if (trace) traceAction(*trace, *a);
        state.apply(*a);
        ++count.actions;
        over = state.outcome().over();
        if (completesTurn(*a, state)) ++count.turns;
    }
    return count;
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
