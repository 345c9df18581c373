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
#include "tests/engine/sandkings_test_support.h"

namespace arbiter::sandkings {
namespace {

struct Played {
    PlayoutCount count;
    uint64_t trace = 0;
    std::string position;
    uint64_t nextNumber = 0;
    bool over = false;
};

Played played(const SandkingsState& from, uint64_t seed, int cap, bool byTheHooks) {
    SandkingsState s = from;
    SeededRandom random(seed);
    Played p;
    p.count =
        byTheHooks ? s.GameState::playOut(random, cap, &p.trace) : s.playOut(random, cap, &p.trace);
    p.position = s.serialize();
    p.nextNumber = random.next();
    p.over = s.outcome().over();
    return p;
}

TEST(SandkingsPlayOut, PlaysWhatTheHooksPlayWhereTheMoverMustPassAndAtEveryCap) {
    // North-west's lone body on a1 is hemmed in by two other creatures: it
    // passes until they move away.
    const auto hemmed = support::position(3, "abc", 'b', "a1:Bb b1:Ba b2:Va a2:Bc");
    const auto start = std::make_unique<SandkingsState>(Rules{}, 2);
    int ended = 0;
    for (const SandkingsState* from : {hemmed.get(), start.get()}) {
        for (uint64_t seed = 1; seed <= 40; ++seed) {
            for (int cap : {1, 2, 3, 5, 8, 13, 2000}) {
                const Played hooks = played(*from, seed, cap, true);
                const Played own = played(*from, seed, cap, false);
                const std::string where = from->serialize() + ", seed " + std::to_string(seed) +
                                          ", cap " + std::to_string(cap);
                ASSERT_EQ(own.count, hooks.count) << where;
                ASSERT_EQ(own.trace, hooks.trace) << where;
                ASSERT_EQ(own.position, hooks.position) << where;
                ASSERT_EQ(own.nextNumber, hooks.nextNumber) << where;
                ASSERT_EQ(own.over, hooks.over) << where;
                ended += hooks.over ? 1 : 0;
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
