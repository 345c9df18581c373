// Sandkings plays its random playouts its own way (SandkingsState::playOut):
// its turns begin without asking whether any creature can step, which the
// playout asks itself when the mover has no step, or when the cap stops it
// at a turn's start. These tests hold it to the hooks' playout from
// positions where the mover must pass, and at every small cap, where
// playout_test's positions seldom go.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"
#include "engine/sandkings/sandkings.h"
#include "tests/engine/playout_comparison.h"
#include "tests/engine/sandkings_test_support.h"

namespace arbiter::sandkings {
namespace {

TEST(SandkingsPlayOut, PlaysWhatTheHooksPlayWhereTheMoverMustPassAndAtEveryCap) {
    // North-west's lone body on a1 is hemmed in by two other creatures: it
    // passes until they move away.
    const auto hemmed = support::position(3, "abc", 'b', "a1:Bb b1:Ba b2:Va a2:Bc");
    const auto start = std::make_unique<SandkingsState>(Rules{}, 2);
    int ended = 0;
    for (const SandkingsState* from : {hemmed.get(), start.get()}) {
        for (uint64_t seed = 1; seed <= 40; ++seed) {
            for (int cap : {1, 2, 3, 5, 8, 13, 2000}) {
                const std::string where = from->serialize() + ", seed " + std::to_string(seed) +
                                          ", cap " + std::to_string(cap);
                const PlayedOut hooks = expectTheGamePlaysOutAsTheHooks(*from, seed, cap, where);
                ended += hooks.outcome.over() ? 1 : 0;
            }
        }
    }
    // The hemmed creature's first action is a pass.
    SandkingsState s = *hemmed;
    SeededRandom random(1);
    uint64_t trace = 0, passTrace = 0;
    s.playOut(random, 1, &trace);
    traceAction(passTrace, Action::pass());
    EXPECT_EQ(trace, passTrace);
    EXPECT_GT(ended, 20);
}

}  // namespace
}  // namespace arbiter::sandkings
