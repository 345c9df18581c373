#include "daemon/game_clock.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(TimeControl, ReadsMinutesPlusSeconds) {
    auto tc = TimeControl::parse("5+3");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->base, 300000);
    EXPECT_EQ(tc->increment, 3000);
    EXPECT_EQ(tc->text(), "5+3");
}

TEST(TimeControl, ReadsFractionsAndMinutesAlone) {
    EXPECT_EQ(TimeControl::parse("0.5+2")->base, 30000);
    EXPECT_EQ(TimeControl::parse("90")->increment, 0);
}

TEST(TimeControl, RejectsWhatIsNotATimeControl) {
    for (const char* bad :
         {"", "+3", "5+", "five", "5+3+1", "-5+3", "0", "0+5", "99999+1", "5 3", "5+3s"})
        EXPECT_FALSE(TimeControl::parse(bad)) << bad;
}

TEST(GameClock, OnlyTheRunningClockLosesTime) {
    GameClock c({60000, 0}, 2);
    c.start(0, 1000);
    EXPECT_EQ(c.remaining(0, 4000), 57000);
    EXPECT_EQ(c.remaining(1, 4000), 60000);
}

TEST(GameClock, FischerIncrementIsAddedToTheMover) {
    GameClock c({60000, 2000}, 2);
    c.start(0, 0);
    c.moved(0, 1, 10000);
    EXPECT_EQ(c.remaining(0, 10000), 52000);
    EXPECT_EQ(c.runner(), 1);
    EXPECT_EQ(c.remaining(1, 15000), 55000);
}

TEST(GameClock, FirstMoveGetsTheIncrementThoughNoClockRan) {
    GameClock c({60000, 2000}, 2);
    c.moved(0, 1, 5000);
    EXPECT_EQ(c.remaining(0, 5000), 62000);
    EXPECT_EQ(c.runner(), 1);
}

TEST(GameClock, FlagFallsWhenTheRunnersTimeIsUsedUp) {
    GameClock c({60000, 0}, 2);
    EXPECT_FALSE(c.flagAt());
    c.start(1, 500);
    EXPECT_EQ(c.flagAt(), 60500);
    EXPECT_EQ(c.remaining(1, 70000), 0);
}

TEST(GameClock, FormatsMinutesAndTenthsBelowAMinute) {
    EXPECT_EQ(GameClock::format(300000), "5:00");
    EXPECT_EQ(GameClock::format(59900), "0:59.9");
    EXPECT_EQ(GameClock::format(3723000), "1:02:03");
}

}  // namespace
}  // namespace arbiter
