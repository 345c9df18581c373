// Möbiatus works out an action's effect on its board alone (mobiatus_effect.cpp);
// the core's way, applying the action to a clone and comparing every cell, is
// the reference it must equal, with markers and without.

#include <gtest/gtest.h>

#include "engine/mobiatus/mobiatus.h"
#include "tests/engine/mobiatus_test_support.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::mobiatus {
namespace {

using support::withOptions;

// Plays a random game of up to `plies` from the start and checks every legal
// action's effect in every fifth position met, captures and all; returns how
// many were compared. Sparse: the reference is slow under sanitizers.
int compareAlongRandomGames(const Rules& rules, int plies, uint64_t seed) {
    SeededNumbers random(seed);
    int compared = 0;
    MobiatusState s(rules);
    for (int ply = 0; ply < plies; ++ply) {
        const std::vector<Action> actions = s.legalActions();
        if (actions.empty()) break;
        for (const Action& a : actions) {
            if (ply % 5 != 0) break;
            EXPECT_EQ(s.effect(a).changes, s.GameState::effect(a).changes)
                << s.encode(a) << " in " << s.serialize();
            ++compared;
        }
        s.apply(actions[static_cast<size_t>(random.below(static_cast<int>(actions.size())))]);
    }
    return compared;
}

TEST(MobiatusEffect, IsWhatApplyingTheActionChangesWithoutMarkers) {
    EXPECT_GT(compareAlongRandomGames(withOptions(), 100, 1), 300);
}

TEST(MobiatusEffect, IsWhatApplyingTheActionChangesWithMarkersAsConsequences) {
    EXPECT_GT(compareAlongRandomGames(withOptions(false, false, true), 100, 2), 300);
}

TEST(MobiatusEffect, IsWhatApplyingTheActionChangesUnderMandatoryCapture) {
    EXPECT_GT(compareAlongRandomGames(withOptions(true, true, true), 100, 3), 300);
}

}  // namespace
}  // namespace arbiter::mobiatus
