// Konfusion's own playout (KonfusionState::playOut, konfusion_playout.cpp)
// against the hooks' (GameState::playOut) for two to four players without the
// die, from the start, from games some way in, and from positions where a
// seat has no move and passes: the same count, trace, position, outcome and
// numbers drawn, traced or not, and stopping at the same cap. (Every game's
// default table is compared in tests/engine/playout_test.cpp too.)
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"
#include "engine/konfusion/konfusion.h"
#include "tests/engine/konfusion_test_support.h"
#include "tests/engine/playout_comparison.h"

namespace arbiter::konfusion {
namespace {

using support::loaded;
using support::positionText;
using support::seats;

// Returns how many of the hooks' playouts from `from` ended the game.
int expectSameAsHooks(const KonfusionState& from, const std::string& where, int seeds) {
    int ended = 0;
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(seeds); ++seed) {
        const int cap = seed % 4 == 0 ? static_cast<int>(seed) * 5 : 2000;
        const PlayedOut hooks = expectTheGamePlaysOutAsTheHooks(
            from, seed, cap, where + ", seed " + std::to_string(seed));
        if (hooks.outcome.over()) ++ended;
    }
    return ended;
}

TEST(KonfusionPlayout, PlaysWhatTheHooksPlayForTwoToFourPlayers) {
    for (int players = 2; players <= 4; ++players) {
        const KonfusionState start(seats(players));
        KonfusionState middle(start);
        SeededRandom toMiddle(99);
        middle.GameState::playOut(toMiddle, 40 * players, nullptr);
        const std::string table = std::to_string(players) + " players";
        EXPECT_GT(expectSameAsHooks(start, table + " from the start", 8), 4);
        EXPECT_GT(expectSameAsHooks(middle, table + " from " + middle.serialize(), 8), 4);
    }
}

// A 6 hemmed in by enemy 1s has no move: South passes, then North moves
// (perhaps taking the 6, which ends the game).
TEST(KonfusionPlayout, ASeatWithoutAMovePassesAsTheHooksPass) {
    const auto twoSeats = loaded(positionText("a1:S6 a2:N1 b1:N1 b2:N1 h8:N3"), seats(2));
    EXPECT_GT(expectSameAsHooks(*twoSeats, "two seats, South hemmed in", 12), 0);
    const auto threeSeats =
        loaded(positionText("a1:S6 a2:N1 b1:N1 b2:N1 j9:W2 h8:N3", 'S', "0,0,0"), seats(3));
    EXPECT_GT(expectSameAsHooks(*threeSeats, "three seats, South hemmed in", 12), 0);
}

// The hooks, as the state's own playout, leave a finished game alone.
TEST(KonfusionPlayout, AFinishedGamePlaysNothing) {
    const auto won = loaded(positionText("a10:S1 e10:S1 f10:S1 j10:S1 c3:N2"), seats(2));
    ASSERT_TRUE(won->outcome().over());
    EXPECT_EQ(expectSameAsHooks(*won, "a won game", 2), 2);
    KonfusionState s(*won);
    SeededRandom random(1);
    EXPECT_EQ(s.playOut(random, 2000, nullptr), PlayoutCount{});
}

}  // namespace
}  // namespace arbiter::konfusion
