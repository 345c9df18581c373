#pragma once

#include <cstdint>
#include <optional>

#include "bench/cpu_time.h"

namespace arbiter::bench {

// How the perft bench picks its depths: the deepest count that takes under
// a second of CPU time, so that every game and machine gets a comparable
// measurement.

// A count at the largest depth that fits the time budget.
struct DepthMeasurement {
    int depth = 0;
    uint64_t nodes = 0;
    double seconds = 0;
};

inline constexpr double kBudgetSeconds = 1.0;
inline constexpr int kDeepest = 20;

// Counts depth 1, 2, ... while the next depth, predicted from how the node
// count grew from the depth before (time follows it closely), would still fit the budget; then
// repeats the last depth that did so the best of `runs` times counts. A game
// whose tree ends (no nodes) stops there. nullopt if not even depth 1 fits.
template <typename Count>
std::optional<DepthMeasurement> deepestWithinBudget(Count count, int runs) {
    auto timed = [&](int depth) {
        const double begin = threadCpuSeconds();
        uint64_t nodes = count(depth);
        return DepthMeasurement{depth, nodes, threadCpuSeconds() - begin};
    };
    std::optional<DepthMeasurement> best;
    for (int depth = 1; depth <= kDeepest; ++depth) {
        DepthMeasurement m = timed(depth);
        if (m.seconds >= kBudgetSeconds) break;
        std::optional<DepthMeasurement> previous = best;
        best = m;
        if (m.nodes == 0) break;
        // Depth 0 counts 1 node: a first depth that takes most of the budget
        // (a Sandkings turn of six steps) is not followed by one that cannot end.
        double growth = double(m.nodes) / double(previous ? previous->nodes : 1);
        if (m.seconds * growth >= kBudgetSeconds) break;
    }
    for (int run = 1; best && run < runs; ++run) {
        DepthMeasurement again = timed(best->depth);
        if (again.seconds < best->seconds) best = again;
    }
    return best;
}

}  // namespace arbiter::bench
