// Whole-game limits: a time limit on play that finishes the round, and a
// move-count limit; first the bookkeeping, then what a session does with them.
#include "daemon/clock/game_limits.h"

#include <gtest/gtest.h>

#include "daemon/session/session.h"
#include "tests/daemon/journal_events.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

TEST(GameLimits, ReadMinutesAndMoves) {
    EXPECT_EQ(GameLimits::parseMinutes("90"), 90 * 60'000);
    EXPECT_EQ(GameLimits::parseMinutes("0.5"), 30'000);
    EXPECT_EQ(GameLimits::parseMinutes("1440"), 1440 * 60'000);
    for (const char* bad : {"", "0", "1441", "-5", "1.2.3", ".5", "5.", "ninety", "1e3", "90 "})
        EXPECT_EQ(GameLimits::parseMinutes(bad), std::nullopt) << bad;
    EXPECT_EQ(GameLimits::parseMoves("40"), 40);
    for (const char* bad : {"", "0", "10001", "-1", "4.5", "forty"})
        EXPECT_EQ(GameLimits::parseMoves(bad), std::nullopt) << bad;
}

TEST(GameLimitWatch, PlayingTimeStopsWhilePaused) {
    GameLimitWatch w({60'000, 0});
    EXPECT_EQ(w.timeLimitAt(), std::nullopt) << "not before the first move";
    w.startPlay(1000);
    w.stopPlay(11000);
    EXPECT_EQ(w.played(50000), 10000);
    w.startPlay(50000);
    EXPECT_EQ(w.played(55000), 15000);
    EXPECT_EQ(w.timeLimitAt(), 50000 + 50000);
    w.reachTimeLimit();
    EXPECT_EQ(w.timeLimitAt(), std::nullopt);
}

TEST(GameLimitWatch, ARoundEndsWhenTheTurnGoesBackRoundTheTable) {
    GameLimitWatch w({0, 2});
    w.turnTaken(0, 1);
    w.turnTaken(1, 2);
    EXPECT_TRUE(w.rounds().open);
    w.turnTaken(2, 0);
    EXPECT_EQ(w.rounds(), (GameLimitWatch::Rounds{1, false}));
    EXPECT_EQ(w.reason(), "");
    w.turnTaken(0, 2);  // seat 1 is out
    w.turnTaken(2, 0);
    EXPECT_NE(w.reason().find("move limit of 2 moves each"), std::string::npos);
}

// Power Coinz says when its rounds are under way (from a flip to its
// removal): whoever acts, only a round that is over counts.
TEST(GameLimitWatch, AGameThatSaysWhatARoundIsIsCountedByItsRounds) {
    GameLimitWatch w({0, 2});
    w.roundMarked(true);  // flip
    w.roundMarked(true);  // chance, then the winner's removal...
    EXPECT_EQ(w.rounds(), (GameLimitWatch::Rounds{0, true}));
    w.roundMarked(false);  // ...done
    EXPECT_EQ(w.rounds(), (GameLimitWatch::Rounds{1, false}));
    EXPECT_EQ(w.reason(), "");
    w.roundMarked(true);
    EXPECT_EQ(w.reason(), "");  // not while the second round is under way
    w.roundMarked(false);
    EXPECT_EQ(w.reason(), "move limit of 2 rounds reached");
}

TEST(GameLimitWatch, AReachedTimeLimitEndsTheGameOnlyBetweenRounds) {
    GameLimitWatch w({1000, 0});
    w.turnTaken(0, 1);
    w.reachTimeLimit();
    EXPECT_EQ(w.reason(), "");
    w.turnTaken(1, 0);
    EXPECT_NE(w.reason().find("time limit"), std::string::npos);
}

class LimitedSession : public ::testing::Test {
  protected:
    void begin(const char* gameName, GameLimits limits) {
        game = makeGame(gameName);
        SessionSettings settings;
        settings.time = *TimeControl::parse("10+0");
        settings.limits = limits;
        settings.journalDir = scratch.path();
        std::string error;
        session = Session::begin(*game, settings, sink, time, error);
        ASSERT_TRUE(session) << error;
    }
    void play(const char* code) {
        auto a = session->current().decode(code);
        ASSERT_TRUE(a && session->current().isLegal(*a)) << code;
        ASSERT_TRUE(session->commit(*a)) << code;
    }

    testing::TempDirectory scratch{"arbiter-limits"};
    std::unique_ptr<Game> game;
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::unique_ptr<Session> session;
};

TEST_F(LimitedSession, TheMoveLimitEndsTheGameAfterTheLastRoundByScore) {
    begin("skirmish", {0, 1});
    play("a2-a3");
    play("h2-h3");
    play("h7-h6");
    EXPECT_FALSE(session->over());
    play("a7-a6");
    ASSERT_TRUE(session->over());
    Outcome o = session->outcome();
    EXPECT_EQ(o.status, Outcome::Status::Draw) << "nobody has scored";
    EXPECT_EQ(o.winners, (std::vector<PlayerId>{0, 1, 2, 3}));
    EXPECT_NE(sink.said.back().text.find("Draw between"), std::string::npos)
        << sink.said.back().text;
}

TEST_F(LimitedSession, TheTimeLimitFinishesTheRoundThenEndsTheGame) {
    begin("skirmish", {60'000, 0});
    play("a2-a3");
    time.advance(30'000);
    play("h2-h3");
    EXPECT_EQ(session->timeLimitAt(), time.now() + 30'000);
    time.advance(30'000);
    session->checkTimeLimit();
    EXPECT_EQ(sink.said.back().type, AnnouncementType::TimeLimit);
    EXPECT_NE(sink.said.back().text.find("the round is finished"), std::string::npos);
    EXPECT_FALSE(session->over());
    play("h7-h6");
    EXPECT_FALSE(session->over());
    play("a7-a6");
    ASSERT_TRUE(session->over());
    EXPECT_NE(session->outcome().reason.find("time limit"), std::string::npos);
}

TEST_F(LimitedSession, TheTimeLimitBetweenRoundsEndsTheGameAtOnce) {
    begin("fide", {60'000, 0});
    play("e2e4");
    time.advance(59'000);
    play("e7e5");
    time.advance(1'000);
    session->checkTimeLimit();
    ASSERT_TRUE(session->over());
    EXPECT_EQ(session->outcome().status, Outcome::Status::Draw);
}

TEST_F(LimitedSession, PausedTimeDoesNotCountTowardsTheLimit) {
    begin("fide", {60'000, 0});
    play("e2e4");
    time.advance(10'000);
    ASSERT_EQ(session->pauseClocks(), "");
    time.advance(600'000);
    session->checkTimeLimit();
    EXPECT_FALSE(session->over());
    ASSERT_EQ(session->resumeClocks(), "");
    EXPECT_EQ(session->timeLimitAt(), time.now() + 50'000);
}

TEST_F(LimitedSession, AMoveMadeWhilePausedDoesNotRestartThePlayingTime) {
    begin("fide", {60'000, 0});
    play("e2e4");
    time.advance(10'000);
    ASSERT_EQ(session->pauseClocks(), "");
    play("e7e5");
    time.advance(600'000);
    EXPECT_EQ(session->timeLimitAt(), std::nullopt);
    ASSERT_EQ(session->resumeClocks(), "");
    EXPECT_EQ(session->timeLimitAt(), time.now() + 50'000);
}

TEST_F(LimitedSession, AResumedGameKeepsItsLimitsAndThePlayedTime) {
    begin("skirmish", {60'000, 5});
    play("a2-a3");
    time.advance(20'000);
    play("h2-h3");
    time.advance(40'000);
    session->checkTimeLimit();
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    testing::RecordingSink out;
    auto again = Session::resume(*game, *journal, out, time, error);
    ASSERT_TRUE(again) << error;
    auto limits = again->snapshot()["limits"];
    EXPECT_EQ(limits["moves"], 5);
    EXPECT_EQ(limits["played"], 60'000);
    EXPECT_EQ(limits["timeLimitReached"], true);
    EXPECT_EQ(again->timeLimitAt(), std::nullopt);
}

TEST_F(LimitedSession, BadLimitsInAJournalAreRefused) {
    begin("fide", {});
    auto events = testing::journalEvents(session->journalPath());
    ASSERT_FALSE(events.empty());
    events.front()["limits"] = {{"time", -5}, {"moves", 0}};
    testing::writeJournalEvents(session->journalPath(), events);
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    EXPECT_FALSE(Session::resume(*game, *journal, sink, time, error));
    EXPECT_NE(error.find("bad \"limits\""), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter
