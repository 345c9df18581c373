#include "daemon/clock/low_time_warnings.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TimeControl control(const std::string& text) {
    auto parsed = TimeControl::parse(text);
    EXPECT_TRUE(parsed) << text;
    return parsed.value_or(TimeControl{});
}

TEST(LowTimeWarnings, TheMarksFollowTheTimeControl) {
    EXPECT_EQ(LowTimeWarnings(control("90+30")).marks(),
              (std::vector<Millis>{300'000, 60'000, 10'000}));
    EXPECT_EQ(LowTimeWarnings(control("5+3")).marks(), (std::vector<Millis>{60'000, 10'000}));
    EXPECT_EQ(LowTimeWarnings(control("1+0")).marks(), (std::vector<Millis>{10'000}));
    EXPECT_TRUE(LowTimeWarnings(control("dgt")).marks().empty());  // the clock shows it
}

TEST(LowTimeWarnings, EachMarkIsToldOnceWhenTheRunningClockReachesIt) {
    GameClock clock(control("5+0"), 2);
    LowTimeWarnings warnings(clock.control());
    clock.start(0, 0);
    EXPECT_EQ(warnings.nextAt(clock, 0), 240'000);
    EXPECT_FALSE(warnings.due(clock, 239'999));
    const auto minute = warnings.due(clock, 240'000);
    ASSERT_TRUE(minute);
    EXPECT_EQ(minute->player, 0);
    EXPECT_EQ(minute->mark, 60'000);
    EXPECT_FALSE(warnings.due(clock, 240'500));  // once
    EXPECT_EQ(warnings.nextAt(clock, 240'500), 290'000);
    // Black's turn: their own marks, from their own time.
    clock.moved(0, 1, 250'000);
    EXPECT_EQ(warnings.nextAt(clock, 250'000), 490'000);
    clock.moved(1, 0, 260'000);  // White back on move with 50 s
    EXPECT_FALSE(warnings.due(clock, 299'999));
    const auto seconds = warnings.due(clock, 300'000);
    ASSERT_TRUE(seconds);
    EXPECT_EQ(seconds->mark, 10'000);
    EXPECT_FALSE(warnings.nextAt(clock, 300'000));  // White has been told every mark
}

TEST(LowTimeWarnings, AMarkPassedLongAgoIsNotToldLate) {
    GameClock clock(control("5+0"), 2);
    LowTimeWarnings warnings(clock.control());
    clock.start(0, 0);
    // First asked with 30 s left (a game resumed so): the minute is past.
    EXPECT_FALSE(warnings.due(clock, 270'000));
    EXPECT_EQ(warnings.nextAt(clock, 270'000), 290'000);
}

TEST(LowTimeWarnings, NothingIsDueWhileTheClocksArePaused) {
    GameClock clock(control("5+0"), 2);
    LowTimeWarnings warnings(clock.control());
    clock.start(0, 0);
    clock.pause(100'000);
    EXPECT_FALSE(warnings.nextAt(clock, 300'000));
    EXPECT_FALSE(warnings.due(clock, 300'000));
}

TEST(LowTimeWarnings, TheMarkIsSaidInWholeUnits) {
    EXPECT_EQ(LowTimeWarnings::said(60'000), "1 minute");
    EXPECT_EQ(LowTimeWarnings::said(300'000), "5 minutes");
    EXPECT_EQ(LowTimeWarnings::said(10'000), "10 seconds");
}

}  // namespace
}  // namespace arbiter
