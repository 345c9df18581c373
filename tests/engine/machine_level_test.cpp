// The built-in player's levels (engine/machine/machine_level.h).
#include "engine/machine/machine_level.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(MachineLevel, EachLevelThinksLongerThanTheOneBelow) {
    for (int level = kMinMachineLevel; level < kMaxMachineLevel; ++level)
        EXPECT_LT(playoutsForLevel(level), playoutsForLevel(level + 1)) << level;
}

TEST(MachineLevel, TheDocumentedBudgets) {
    EXPECT_EQ(playoutsForLevel(1), 25u);
    EXPECT_EQ(playoutsForLevel(8), 10000u);
}

TEST(MachineLevel, LevelsOutsideTheRangeAreClamped) {
    EXPECT_EQ(playoutsForLevel(0), playoutsForLevel(kMinMachineLevel));
    EXPECT_EQ(playoutsForLevel(-3), playoutsForLevel(kMinMachineLevel));
    EXPECT_EQ(playoutsForLevel(99), playoutsForLevel(kMaxMachineLevel));
}

}  // namespace
}  // namespace arbiter
