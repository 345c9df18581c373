#include "daemon/clock/game_clock.h"

#include <numeric>
#include <ostream>
#include <random>

#include <gtest/gtest.h>

#include "daemon/clock/game_limits.h"

namespace arbiter {

// Failures show a control as players write it.
static void PrintTo(const TimeControl& control, std::ostream* out) {
    *out << "\"" << control.text() << "\"";
}

namespace {

TimeControl control(const std::string& text) {
    auto parsed = TimeControl::parse(text);
    EXPECT_TRUE(parsed) << text;
    return parsed.value_or(TimeControl{});
}

Millis total(const std::vector<Millis>& clocks) {
    return std::accumulate(clocks.begin(), clocks.end(), Millis{0});
}

// ---- Reading and writing time controls ----

TEST(TimeControl, ReadsMinutesPlusSeconds) {
    auto tc = TimeControl::parse("5+3");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->base, 300000);
    EXPECT_EQ(tc->increment, 3000);
    EXPECT_EQ(tc->mode, TimeControl::Mode::Fischer);
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

TEST(TimeControl, ReadsABronsteinDelayWrittenWithB) {
    auto tc = TimeControl::parse("5b3");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->mode, TimeControl::Mode::Bronstein);
    EXPECT_EQ(tc->base, 300000);
    EXPECT_EQ(tc->delay, 3000);
    EXPECT_EQ(tc->increment, 0);
}

TEST(TimeControl, ReadsASimpleDelayWrittenWithD) {
    auto tc = TimeControl::parse("5d3");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->mode, TimeControl::Mode::SimpleDelay);
    EXPECT_EQ(tc->base, 300000);
    EXPECT_EQ(tc->delay, 3000);
    EXPECT_EQ(tc->increment, 0);
}

TEST(TimeControl, ReadsAnHourglassWrittenWithH) {
    auto tc = TimeControl::parse("5h");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->mode, TimeControl::Mode::Hourglass);
    EXPECT_EQ(tc->base, 300000);
    EXPECT_EQ(tc->increment, 0);
    EXPECT_EQ(tc->delay, 0);
}

TEST(TimeControl, ReadsPeriodsWithMoveCounts) {
    auto tc = TimeControl::parse("40/90+30:30+30");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->mode, TimeControl::Mode::Fischer);
    EXPECT_EQ(tc->baseMoves, 40);
    EXPECT_EQ(tc->base, 5400000);
    EXPECT_EQ(tc->increment, 30000);
    EXPECT_EQ(tc->laterStages, (std::vector<TimeControl::Stage>{{0, 1800000, 30000, 0}}));
}

TEST(TimeControl, ReadsThreePeriodsWithADelay) {
    auto tc = TimeControl::parse("40/120d5:20/60d5:30d5");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->mode, TimeControl::Mode::SimpleDelay);
    EXPECT_EQ(tc->stages(),
              (std::vector<TimeControl::Stage>{
                  {40, 7200000, 0, 5000}, {20, 3600000, 0, 5000}, {0, 1800000, 0, 5000}}));
}

TEST(TimeControl, APeriodWithoutSecondsPerMoveHasNone) {
    auto tc = TimeControl::parse("40/120:60+30");
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->increment, 0);
    EXPECT_EQ(tc->laterStages.at(0).increment, 30000);
    EXPECT_EQ(tc->text(), "40/120+0:60+30");
}

TEST(TimeControl, AllowsBlanksAroundSymbols) {
    EXPECT_EQ(TimeControl::parse(" 40 / 90 + 30 : 30 + 30 "), TimeControl::parse("40/90+30:30+30"));
    EXPECT_EQ(TimeControl::parse("5 b 3"), TimeControl::parse("5b3"));
}

// Numbers are written as numbers are: "05" is no way to write 5 (0.5 is 0.5).
TEST(TimeControl, RefusesLeadingZeros) {
    for (const char* text : {"05+3", "5+03", "040/90+30", "00.5+0"})
        EXPECT_FALSE(TimeControl::parse(text)) << text;
    EXPECT_TRUE(TimeControl::parse("0.5+0"));
}

TEST(TimeControl, WritesTheCanonicalText) {
    EXPECT_EQ(control("5+3.0").text(), "5+3");
    EXPECT_EQ(control("90").text(), "90+0");
    EXPECT_EQ(control("0.25+0.5").text(), "0.25+0.5");
    EXPECT_EQ(control("1.001+0.001").text(), "1.001+0.001");
    EXPECT_EQ(control("40/90 + 30:30+30").text(), "40/90+30:30+30");
}

TEST(TimeControl, TextRoundTripsEveryForm) {
    for (const char* text : {"5+3", "90+0", "0.5+2", "9999.999+9999.999", "5b3", "3b0", "5d3",
                             "0.75d2.5", "5h", "0.001h", "40/90+30:30+30", "40/120+0:60+30",
                             "40/120d5:20/60d5:30d5", "1/1b1:2/2b2:3/3b3:4b4"}) {
        auto tc = TimeControl::parse(text);
        ASSERT_TRUE(tc) << text;
        EXPECT_EQ(tc->text(), text);
        EXPECT_EQ(TimeControl::parse(tc->text()), tc) << text;
    }
}

TEST(TimeControl, RejectsMalformedPeriodsDelaysAndHourglasses) {
    for (const char* bad : {"40/",
                            "40/90+30",
                            "40/90+30:20/60+30",
                            "/90",
                            "40/90+30:",
                            ":30+30",
                            "40/90::30",
                            "40/90+30:30+",
                            "0/90:30",
                            "40/0:30",
                            "40/90:0",
                            "40.5/90:30",
                            "40/90+30:30b30",
                            "40/90b5:30d5",
                            "5b",
                            "5d",
                            "5b-3",
                            "5bd3",
                            "5b3+1",
                            "5h3",
                            "5h+3",
                            "5hh",
                            "5h:5",
                            "40/5h:5h",
                            "5+3h",
                            "5H",
                            "5B3",
                            "5D3",
                            "5x3",
                            "5++3",
                            "5.",
                            ".5",
                            "5..5",
                            "5.5.5",
                            "5+.5",
                            "-5",
                            "5+-3",
                            "5b-1",
                            "-40/90:30",
                            "40/-90:30",
                            "1e3",
                            "5+3;"})
        EXPECT_FALSE(TimeControl::parse(bad)) << bad;
}

TEST(TimeControl, RejectsAbsurdSizes) {
    std::string elevenPeriods;
    for (int i = 0; i < 10; ++i) elevenPeriods += "1/1+0:";
    elevenPeriods += "1+0";
    std::string tenPeriods = elevenPeriods.substr(6);
    EXPECT_TRUE(TimeControl::parse(tenPeriods));
    // append(), not operator+: GCC 12 with precompiled headers sees a bogus
    // out-of-bounds memcpy in it (-Warray-bounds, fixed in GCC 13).
    for (const std::string& bad :
         {std::string("10000+0"), std::string("5+10000"), std::string("1000/90:30"),
          std::string("5.1234+0"), std::string("5+0.0001"), std::string("0.0001+0"),
          std::string("99999999999999999999+1"), elevenPeriods, std::string(300, '5'),
          std::string(250, ' ').append("5+3").append(10, ' '), std::string("5\0+3", 4)})
        EXPECT_FALSE(TimeControl::parse(bad)) << bad;
}

TEST(TimeControl, SurvivesRandomTextAndRoundTripsWhatItAccepts) {
    std::mt19937 random(20260101);
    const std::string symbols = "0123456789.+/:bdh -xe";
    const std::vector<std::string> wellFormed = {"5+3", "40/90+30:30+30",       "5b3", "5d3",
                                                 "5h",  "40/120d5:20/60d5:30d5"};
    int accepted = 0;
    for (int round = 0; round < 20000; ++round) {
        std::string text;
        if (round % 2 == 0) {
            size_t length = random() % 24;
            for (size_t i = 0; i < length; ++i)
                text += random() % 10 == 0 ? static_cast<char>(random() % 256)
                                           : symbols[random() % symbols.size()];
        } else {
            // A well-formed text with a few characters changed, dropped or added.
            text = wellFormed[random() % wellFormed.size()];
            for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits) {
                size_t at = random() % (text.size() + 1);
                char c = symbols[random() % symbols.size()];
                switch (random() % 3) {
                    case 0:
                        if (at < text.size()) text[at] = c;
                        break;
                    case 1:
                        if (at < text.size()) text.erase(at, 1);
                        break;
                    default:
                        text.insert(at, 1, c);
                }
            }
        }
        std::optional<TimeControl> parsed;
        EXPECT_NO_THROW(parsed = TimeControl::parse(text)) << text;
        if (!parsed) continue;
        ++accepted;
        auto again = TimeControl::parse(parsed->text());
        ASSERT_TRUE(again) << text << " was written " << parsed->text();
        EXPECT_EQ(*again, *parsed) << text;
        EXPECT_EQ(again->text(), parsed->text()) << text;
    }
    EXPECT_GT(accepted, 500);
}

TEST(TimeControl, EveryWellFormedControlRoundTrips) {
    std::mt19937 random(7);
    auto minutes = [&] { return static_cast<Millis>(1 + random() % 9999999) * 60; };
    auto seconds = [&] { return static_cast<Millis>(random() % 10000000); };
    for (int round = 0; round < 5000; ++round) {
        TimeControl tc;
        tc.mode = static_cast<TimeControl::Mode>(random() % 4);
        const bool hourglass = tc.mode == TimeControl::Mode::Hourglass;
        std::vector<TimeControl::Stage> stages(hourglass ? 1 : 1 + random() % 10);
        for (size_t i = 0; i < stages.size(); ++i) {
            stages[i].moves = i + 1 < stages.size() ? 1 + static_cast<int>(random() % 999) : 0;
            stages[i].time = minutes();
            if (tc.mode == TimeControl::Mode::Fischer) stages[i].increment = seconds();
            if (tc.mode == TimeControl::Mode::Bronstein ||
                tc.mode == TimeControl::Mode::SimpleDelay)
                stages[i].delay = seconds();
        }
        tc.baseMoves = stages[0].moves;
        tc.base = stages[0].time;
        tc.increment = stages[0].increment;
        tc.delay = stages[0].delay;
        tc.laterStages.assign(stages.begin() + 1, stages.end());
        EXPECT_EQ(TimeControl::parse(tc.text()), tc);
    }
}

TEST(TimeControl, ReadsDgtAsTheDgtClockKeepingTheTime) {
    auto dgt = TimeControl::parse(" dgt ");
    ASSERT_TRUE(dgt);
    EXPECT_TRUE(dgt->keptByDgtClock());
    EXPECT_EQ(dgt->text(), "dgt");
    EXPECT_EQ(TimeControl::parse(dgt->text()), dgt);
    EXPECT_FALSE(TimeControl::parse("5+3")->keptByDgtClock());
    for (const char* bad : {"dgt5", "dgt+3", "d gt", "dg", "dgt dgt", "5+3 dgt"})
        EXPECT_FALSE(TimeControl::parse(bad)) << bad;
}

// ---- kept by a DGT clock ----

TEST(GameClockDgt, TheTimesAreTheClocksAndNeverRunDownHere) {
    GameClock c(*TimeControl::parse("dgt"), 2);
    EXPECT_FALSE(c.timesKnown());
    c.start(0, 0);
    c.report({{299'000, 300'000}, {false, false}, true});
    EXPECT_TRUE(c.timesKnown());
    EXPECT_EQ(c.remainingAll(60'000), (std::vector<Millis>{299'000, 300'000}));
    EXPECT_FALSE(c.flagAt());
    EXPECT_TRUE(c.timeRuns());
    c.moved(0, 1, 61'000);  // no increment: the clock adds its own
    EXPECT_EQ(c.remainingAll(61'000), (std::vector<Millis>{299'000, 300'000}));
    c.report({{299'000, 290'000}, {false, false}, false});
    EXPECT_FALSE(c.timeRuns());
    EXPECT_TRUE(c.seenRunning());
    EXPECT_EQ(c.remaining(1, 99'000), 290'000);
}

TEST(GameClockDgt, AReportOfAnotherNumberOfSeatsChangesNothing) {
    GameClock c(*TimeControl::parse("dgt"), 2);
    c.report({{1000, 2000, 3000}, {false, false, false}, true});
    EXPECT_FALSE(c.timesKnown());
    EXPECT_FALSE(c.seenRunning());
    EXPECT_EQ(c.remainingAll(0), (std::vector<Millis>{0, 0}));
}

TEST(GameClockDgt, AnOwnClockIgnoresReports) {
    GameClock c({60000, 0}, 2);
    c.report({{1000, 2000}, {false, false}, true});
    EXPECT_EQ(c.remainingAll(0), (std::vector<Millis>{60000, 60000}));
}

// ---- Fischer increment ----

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

// A clock shows the time rounded up to the unit it displays, as tournament
// clocks do: it reads 5:00 for the whole first second, and 0:00.0 only once
// the flag has fallen (docs/time-controls.md).
TEST(GameClock, AReadingRoundsUpToTheSecondItIsIn) {
    EXPECT_EQ(GameClock::format(300'000), "5:00");
    EXPECT_EQ(GameClock::format(299'999), "5:00");
    EXPECT_EQ(GameClock::format(299'400), "5:00");
    EXPECT_EQ(GameClock::format(299'000), "4:59");
    EXPECT_EQ(GameClock::format(300'001), "5:01");
    EXPECT_EQ(GameClock::format(3'599'001), "1:00:00");
}

TEST(GameClock, BelowAMinuteAReadingRoundsUpToTheTenthItIsIn) {
    EXPECT_EQ(GameClock::format(59'900), "0:59.9");
    EXPECT_EQ(GameClock::format(59'850), "0:59.9");
    EXPECT_EQ(GameClock::format(59'901), "1:00");
    EXPECT_EQ(GameClock::format(1), "0:00.1");
    EXPECT_EQ(GameClock::format(0), "0:00.0");
}

TEST(GameClock, SetRemainingStillReplacesTheTimes) {
    GameClock c({60000, 0}, 3);
    c.setRemaining({1000, 2000, 3000});
    c.start(2, 100);
    EXPECT_EQ(c.remainingAll(600), (std::vector<Millis>{1000, 2000, 2500}));
    EXPECT_EQ(c.flagAt(), 3100);
}

// ---- Simple (US) delay ----

TEST(GameClockSimpleDelay, TheClockWaitsTheDelayBeforeRunningDown) {
    GameClock c(control("5d3"), 2);
    c.start(0, 1000);
    EXPECT_EQ(c.remaining(0, 3999), 300000);
    EXPECT_EQ(c.remaining(0, 4000), 300000);
    EXPECT_EQ(c.remaining(0, 6000), 298000);
}

TEST(GameClockSimpleDelay, EachTurnHasAFreshDelayAndUnusedDelayIsNotKept) {
    GameClock c(control("5d3"), 2);
    c.start(0, 0);
    c.moved(0, 1, 2000);
    EXPECT_EQ(c.remaining(0, 2000), 300000);
    EXPECT_EQ(c.remaining(1, 5000), 300000);
    EXPECT_EQ(c.remaining(1, 10000), 295000);
    c.moved(1, 0, 10000);
    EXPECT_EQ(c.remaining(1, 10000), 295000);
    EXPECT_EQ(c.remaining(0, 13000), 300000);
    EXPECT_EQ(c.remaining(0, 14000), 299000);
}

TEST(GameClockSimpleDelay, FlagFallIncludesTheDelay) {
    GameClock c(control("5d3"), 2);
    c.start(1, 500);
    EXPECT_EQ(c.flagAt(), 500 + 3000 + 300000);
    EXPECT_EQ(c.remaining(1, 303499), 1);
    EXPECT_EQ(c.remaining(1, 303500), 0);
}

// ---- Bronstein delay ----

TEST(GameClockBronstein, TheMoverGetsBackTheTimeUsedUpToTheDelay) {
    GameClock c(control("5b3"), 2);
    c.start(0, 0);
    c.moved(0, 1, 2000);
    EXPECT_EQ(c.remaining(0, 2000), 300000);
    EXPECT_EQ(c.remaining(1, 7000), 295000);  // the clock runs during the turn
    c.moved(1, 0, 12000);
    EXPECT_EQ(c.remaining(1, 12000), 300000 - 10000 + 3000);
}

TEST(GameClockBronstein, AFirstMoveMadeBeforeAnyClockRanGetsNothingBack) {
    GameClock c(control("5b3"), 2);
    c.moved(0, 1, 5000);
    EXPECT_EQ(c.remaining(0, 5000), 300000);
}

TEST(GameClockBronstein, TimeUsedBeforeAPauseCountsAndThePauseDoesNot) {
    GameClock c(control("5b3"), 2);
    c.start(0, 0);
    c.pause(1000);
    c.resume(5000);
    c.moved(0, 1, 6000);
    EXPECT_EQ(c.remaining(0, 6000), 300000);
}

TEST(GameClockBronstein, FlagFallsWithoutWaitingForTheDelay) {
    GameClock c(control("5b3"), 2);
    c.start(1, 500);
    EXPECT_EQ(c.flagAt(), 300500);
}

// ---- Hourglass ----

TEST(GameClockHourglass, WithTwoPlayersTheMoversTimeGoesToTheOpponent) {
    GameClock c(control("5h"), 2);
    c.start(0, 0);
    EXPECT_EQ(c.remainingAll(4000), (std::vector<Millis>{296000, 304000}));
    c.moved(0, 1, 4000);
    EXPECT_EQ(c.remainingAll(6000), (std::vector<Millis>{298000, 302000}));
}

TEST(GameClockHourglass, OthersShareEquallyAndLeftoverMillisecondsGoToTheNextSeats) {
    GameClock c(control("5h"), 4);
    c.start(1, 0);
    c.moved(1, 2, 1001);  // 1001 ms to three players: 333 each, 2 left over for seats 2 and 3
    EXPECT_EQ(c.remainingAll(1001), (std::vector<Millis>{300333, 298999, 300334, 300334}));
}

TEST(GameClockHourglass, LeftoverMillisecondsWrapAroundTheTable) {
    GameClock c(control("5h"), 4);
    c.start(3, 0);
    c.moved(3, 0, 1001);  // the seats after 3 are 0, 1, 2
    EXPECT_EQ(c.remainingAll(1001), (std::vector<Millis>{300334, 300334, 300333, 298999}));
}

TEST(GameClockHourglass, APauseDoesNotChangeHowTheTurnIsShared) {
    GameClock c(control("5h"), 4);
    c.start(1, 0);
    c.pause(500);
    c.resume(2000);
    c.moved(1, 2, 2501);
    EXPECT_EQ(c.remainingAll(2501), (std::vector<Millis>{300333, 298999, 300334, 300334}));
}

TEST(GameClockHourglass, NoTimeIsCreatedOrLost) {
    const int players = 16;
    GameClock c(control("1h"), players);
    const Millis everything = players * 60000;
    std::mt19937 random(3);
    Millis now = 0;
    PlayerId mover = 0;
    c.start(mover, now);
    for (int turn = 0; turn < 400; ++turn) {
        if (turn == 100) c.removePlayer(5, now);
        if (turn == 200) c.removePlayer(mover, now);
        if (turn % 7 == 3) {
            c.pause(now);
            now += static_cast<Millis>(random() % 9000);
            c.resume(now);
        }
        now += static_cast<Millis>(random() % 9000);
        ASSERT_EQ(total(c.remainingAll(now)), everything) << "turn " << turn;
        PlayerId next = (mover + 1) % players;
        while (!c.snapshot(now).inGame[static_cast<size_t>(next)]) next = (next + 1) % players;
        c.moved(mover, next, now);
        ASSERT_EQ(total(c.remainingAll(now)), everything) << "turn " << turn;
        mover = next;
    }
}

TEST(GameClockHourglass, PlayersWhoLeftReceiveNothing) {
    GameClock c(control("5h"), 3);
    c.removePlayer(2, 0);
    c.start(0, 0);
    c.moved(0, 1, 1000);
    EXPECT_EQ(c.remainingAll(1000), (std::vector<Millis>{299000, 301000, 300000}));
}

TEST(GameClockHourglass, APlayerLeavingMidTurnKeepsWhatTheyReceivedSoFar) {
    GameClock c(control("5h"), 3);
    c.start(0, 0);
    c.removePlayer(2, 1000);
    c.moved(0, 1, 3000);
    EXPECT_EQ(c.remainingAll(3000), (std::vector<Millis>{297000, 302500, 300500}));
}

TEST(GameClockHourglass, FlagFallIsWhenTheRunnerRunsOut) {
    GameClock c(control("5h"), 2);
    c.start(0, 100);
    EXPECT_EQ(c.flagAt(), 300100);
    c.moved(0, 1, 1000);
    EXPECT_EQ(c.flagAt(), 1000 + 300900);
    EXPECT_EQ(c.remainingAll(301900), (std::vector<Millis>{600000, 0}));
    EXPECT_EQ(c.remainingAll(400000), (std::vector<Millis>{600000, 0}));
}

// ---- Periods with move counts ----

TEST(GameClockPeriods, TheNextPeriodsTimeIsAddedAfterThePlayersOwnMoves) {
    GameClock c(control("2/1+1:0.5+2"), 2);
    c.moved(0, 1, 0);
    c.moved(1, 0, 1000);
    EXPECT_EQ(c.remainingAll(1000), (std::vector<Millis>{61000, 60000}));
    c.moved(0, 1, 2000);  // white's second move ends the first period: +30 s
    EXPECT_EQ(c.remainingAll(2000), (std::vector<Millis>{91000, 60000}));
    c.moved(1, 0, 3000);
    EXPECT_EQ(c.remainingAll(3000), (std::vector<Millis>{91000, 90000}));
    c.moved(0, 1, 4000);  // the second period's increment
    EXPECT_EQ(c.remainingAll(4000), (std::vector<Millis>{92000, 90000}));
}

TEST(GameClockPeriods, FortyMovesInNinetyMinutesThenThirtyMoreWithThirtySecondsEachMove) {
    GameClock c(control("40/90+30:30+30"), 2);
    Millis now = 0;
    for (int move = 0; move < 80; ++move) {
        now += 60000;
        c.moved(move % 2, (move + 1) % 2, now);
    }
    // White used 39 minutes (no clock ran before the first move), black 40; 40 increments each.
    EXPECT_EQ(c.remainingAll(now),
              (std::vector<Millis>{(90 - 39 + 20 + 30) * 60000, (90 - 40 + 20 + 30) * 60000}));
}

TEST(GameClockPeriods, EachPlayersOwnMovesCountAtALargerTable) {
    GameClock c(control("1/1+0:1+0"), 3);
    c.start(0, 0);
    c.moved(0, 1, 1000);
    EXPECT_EQ(c.remainingAll(1000), (std::vector<Millis>{119000, 60000, 60000}));
    c.moved(1, 2, 3000);
    EXPECT_EQ(c.remainingAll(3000), (std::vector<Millis>{119000, 118000, 60000}));
    c.moved(2, 0, 6000);
    c.moved(0, 1, 7000);  // the last period lasts: no more time
    EXPECT_EQ(c.remainingAll(7000), (std::vector<Millis>{118000, 118000, 117000}));
}

TEST(GameClockPeriods, ThreePeriodsFollowOneAnother) {
    GameClock c(control("1/1+0:1/2+0:3+0"), 2);
    c.moved(0, 1, 0);
    EXPECT_EQ(c.remaining(0, 0), 60000 + 120000);
    c.moved(1, 0, 0);
    c.moved(0, 1, 0);
    EXPECT_EQ(c.remaining(0, 0), 60000 + 120000 + 180000);
    c.moved(1, 0, 0);
    c.moved(0, 1, 0);
    EXPECT_EQ(c.remaining(0, 0), 60000 + 120000 + 180000);
}

TEST(GameClockPeriods, TheDelayIsThePeriodsOwn) {
    GameClock c(control("1/1d1:1d5"), 2);
    c.start(0, 0);
    EXPECT_EQ(c.remaining(0, 2000), 59000);
    c.moved(0, 1, 2000);
    EXPECT_EQ(c.remaining(0, 2000), 59000 + 60000);
    c.moved(1, 0, 3000);
    EXPECT_EQ(c.remaining(1, 3000), 60000 + 60000);
    EXPECT_EQ(c.remaining(0, 8000), 119000);
    EXPECT_EQ(c.remaining(0, 9000), 118000);
    EXPECT_EQ(c.flagAt(), 3000 + 5000 + 119000);
}

// ---- Pauses ----

TEST(GameClockPause, PausedClocksDoNotRunAndHaveNoFlagFall) {
    GameClock c(control("1+0"), 2);
    c.start(0, 0);
    c.pause(10000);
    EXPECT_FALSE(c.running());
    EXPECT_TRUE(c.paused());
    EXPECT_EQ(c.runner(), 0);
    EXPECT_FALSE(c.flagAt());
    EXPECT_EQ(c.remaining(0, 500000), 50000);
    c.resume(600000);
    EXPECT_TRUE(c.running());
    EXPECT_EQ(c.flagAt(), 650000);
    EXPECT_EQ(c.remaining(0, 601000), 49000);
}

TEST(GameClockPause, AnUnusedSimpleDelayIsKeptOverAPause) {
    GameClock c(control("1d3"), 2);
    c.start(0, 0);
    c.pause(1000);
    c.resume(5000);
    EXPECT_EQ(c.flagAt(), 5000 + 2000 + 60000);
    EXPECT_EQ(c.remaining(0, 7000), 60000);
    EXPECT_EQ(c.remaining(0, 8000), 59000);
}

TEST(GameClockPause, AMoveDuringAPauseHandsOverTheTurnButNoClockRuns) {
    GameClock c(control("1+0"), 2);
    c.start(0, 0);
    c.pause(1000);
    c.moved(0, 1, 3000);
    EXPECT_EQ(c.runner(), 1);
    EXPECT_FALSE(c.running());
    EXPECT_EQ(c.remainingAll(9000), (std::vector<Millis>{59000, 60000}));
    c.resume(10000);
    EXPECT_EQ(c.remaining(1, 12000), 58000);
}

TEST(GameClockPause, PausingOrResumingTwiceChangesNothing) {
    GameClock c(control("1+0"), 2);
    c.start(0, 0);
    c.pause(1000);
    c.pause(5000);
    c.resume(8000);
    c.resume(9000);
    EXPECT_EQ(c.remaining(0, 10000), 57000);
}

// ---- Players leaving ----

TEST(GameClockRemovePlayer, ALeavingPlayersClockStopsAndNeverRunsAgain) {
    GameClock c(control("1+0"), 3);
    c.start(1, 0);
    c.removePlayer(1, 5000);
    EXPECT_FALSE(c.running());
    EXPECT_EQ(c.remaining(1, 20000), 55000);
    c.start(1, 20000);
    EXPECT_FALSE(c.running());
    EXPECT_EQ(c.remaining(1, 30000), 55000);
    c.moved(0, 2, 30000);
    EXPECT_EQ(c.runner(), 2);
    EXPECT_EQ(c.remaining(2, 31000), 59000);
}

// ---- Snapshots for takebacks and restarts ----

TEST(GameClockState, ASnapshotHoldsTheClocksAsOfNow) {
    GameClock c(control("1+0"), 2);
    c.moved(0, 1, 0);
    EXPECT_EQ(c.snapshot(5000), (ClockState{{60000, 55000}, {1, 0}, {true, true}}));
}

TEST(GameClockState, ATakebackAcrossAPeriodBoundaryGivesThePeriodsTimeOnlyOnce) {
    GameClock c(control("1/1+0:1+0"), 2);
    c.moved(0, 1, 0);
    ClockState beforeBlacksMove = c.snapshot(1000);
    c.moved(1, 0, 1000);
    EXPECT_EQ(c.remaining(1, 1000), 59000 + 60000);
    // Taken back at 4000: black's clock runs again from where it stood.
    ASSERT_TRUE(c.restore(beforeBlacksMove));
    c.start(1, 4000);
    EXPECT_EQ(c.remainingAll(4000), (std::vector<Millis>{120000, 59000}));
    c.moved(1, 0, 6000);
    EXPECT_EQ(c.remaining(1, 6000), 57000 + 60000);
}

TEST(GameClockState, RestoringStopsTheClocksButKeepsAPause) {
    GameClock c(control("1+0"), 2);
    ClockState start = c.snapshot(0);
    c.start(0, 0);
    c.pause(1000);
    ASSERT_TRUE(c.restore(start));
    EXPECT_EQ(c.runner(), NoPlayer);
    EXPECT_TRUE(c.paused());
    c.start(1, 2000);
    EXPECT_FALSE(c.running());
    c.resume(3000);
    EXPECT_EQ(c.remainingAll(4000), (std::vector<Millis>{60000, 59000}));
}

TEST(GameClockState, RestoringBringsBackAPlayerWhoLeft) {
    GameClock c(control("1h"), 3);
    ClockState allIn = c.snapshot(0);
    c.removePlayer(2, 0);
    ASSERT_TRUE(c.restore(allIn));
    c.start(0, 0);
    EXPECT_EQ(c.remainingAll(1000), (std::vector<Millis>{59000, 60500, 60500}));
}

TEST(GameClockState, ATakebackBeforeALateArrivalRemovesTheirSeat) {
    GameClock c(control("1+0"), 2);
    ClockState beforeJoin = c.snapshot(0);
    c.addPlayer(0);
    EXPECT_EQ(c.seats(), 3);
    ASSERT_TRUE(c.restore(beforeJoin));
    EXPECT_EQ(c.seats(), 2);
}

TEST(GameClockState, AnInconsistentStateIsRefused) {
    GameClock c(control("1+0"), 2);
    c.start(0, 0);
    EXPECT_FALSE(c.restore({{1000, 1000, 1000}, {0, 0}, {true, true, true}}));
    EXPECT_FALSE(c.restore({{1000, 1000}, {0}, {true, true}}));
    EXPECT_FALSE(c.restore({{}, {}, {}}));
    EXPECT_FALSE(c.restore(
        {std::vector<Millis>(17, 1000), std::vector<int>(17, 0), std::vector<bool>(17, true)}));
    EXPECT_TRUE(c.running());
    EXPECT_EQ(c.remaining(0, 1000), 59000);
}

TEST(GameClockLateArrival, ALateArrivalGetsTheFirstPeriodsTimeAndTakesTurns) {
    GameClock c(control("1+2"), 2);
    c.moved(0, 1, 0);
    c.addPlayer(5000);
    EXPECT_EQ(c.remainingAll(5000), (std::vector<Millis>{62000, 55000, 60000}));
    c.moved(1, 2, 6000);
    c.moved(2, 0, 9000);
    EXPECT_EQ(c.remaining(2, 9000), 57000 + 2000);
}

TEST(GameClockLateArrival, HourglassTimeUsedBeforeTheyCameGoesToThoseWhoWereThere) {
    GameClock c(control("1h"), 2);
    c.start(0, 0);
    c.addPlayer(4000);
    EXPECT_EQ(c.remainingAll(4000), (std::vector<Millis>{56000, 64000, 60000}));
    c.moved(0, 1, 6000);
    // The 2 s used since go half to each of the other two.
    EXPECT_EQ(c.remainingAll(6000), (std::vector<Millis>{54000, 65000, 61000}));
}

TEST(GameClock, AClockNeverHoldsMoreThanTheMostTimeHoweverLongTheGame) {
    // The largest increment a control may give, on a clock already as full as
    // a journal may leave it: the clock stays a time, never overflows.
    GameClock c(*TimeControl::parse("9999+9999.999"), 2);
    c.setRemaining({kMostMillis - 1, kMostMillis});
    c.start(0, 0);
    c.moved(0, 1, 1);
    c.moved(1, 0, 2);
    EXPECT_EQ(c.remainingAll(2), (std::vector<Millis>{kMostMillis, kMostMillis}));
    ASSERT_TRUE(c.flagAt());
    EXPECT_EQ(*c.flagAt(), 2 + kMostMillis);
}

TEST(GameLimitWatch, PlayingTimeNearTheEndsOfMillisDoesNotOverflow) {
    GameLimitWatch limits({24 * 3'600'000, 0});
    limits.setPlayed(kMostMillis);
    limits.startPlay(INT64_MAX - 5);
    EXPECT_EQ(limits.played(INT64_MAX), kMostMillis + 5);
    EXPECT_EQ(limits.timeLimitAt(), INT64_MAX - 5);
    limits.setPlayed(INT64_MAX - 1);
    limits.startPlay(0);
    EXPECT_EQ(limits.played(10), INT64_MAX);
    EXPECT_EQ(addMillis(INT64_MIN, -1), INT64_MIN);
}

}  // namespace
}  // namespace arbiter
