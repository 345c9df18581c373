#include "bench/random_playout.h"

#include <algorithm>
#include <vector>

#include "engine/core/perft.h"

namespace arbiter::bench {

namespace {

// Plays one complete turn on `state`; false when stuck before it completed.
bool playRandomTurn(GameState& state, SeededRandom& random) {
    for (;;) {
        std::optional<Action> a = randomAction(state, random);
        if (!a) return false;
        state.apply(*a);
        if (completesTurn(*a, state)) return true;
    }
}

}  // namespace

std::optional<Action> randomAction(const GameState& state, SeededRandom& random) {
    if (std::optional<ChanceDraw> draw = state.chance()) {
        if (draw->sides < 1 || draw->count < 0) return std::nullopt;
        std::vector<int> values(static_cast<size_t>(draw->count));
        for (int& v : values)
            v = static_cast<int>(random.below(static_cast<uint64_t>(draw->sides)));
        return Action::chance(std::move(values));
    }
    std::vector<Action> actions = state.legalActions();
    std::erase_if(actions, [](const Action& a) { return a.changesRoster(); });
    if (actions.empty()) return std::nullopt;
    return std::move(actions[random.below(actions.size())]);
}

PlayoutCount randomPlayout(GameState& state, SeededRandom& random, int cap) {
    PlayoutCount count;
    bool over = state.outcome().over();
    while (!over) {
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        std::optional<Action> a = randomAction(state, random);
        if (!a) {
            count.stuck = true;
            break;
        }
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
    MiddleGame middle{start.clone(), 0};
    while (middle.played < std::min(turns, length / 2)) {
        if (!playRandomTurn(*middle.state, random)) break;
        ++middle.played;
    }
    return middle;
}

}  // namespace arbiter::bench
