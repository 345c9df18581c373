// Turns of several actions: clocks, increments, move numbers, limits and
// records count turns, not actions (Two Step: up to two steps a turn).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "daemon/session/session.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/two_step.h"

namespace arbiter {
namespace {

class Turns : public ::testing::Test {
  protected:
    void SetUp() override {
        settings.time = *TimeControl::parse("1+2");
        settings.journalDir = scratch.path();
        std::string error;
        session = Session::begin(*game, settings, sink, time, error);
        ASSERT_TRUE(session) << error;
    }
    void play(const char* code) {
        auto a = session->current().decode(code);
        ASSERT_TRUE(a) << code;
        ASSERT_TRUE(session->current().isLegal(*a)) << code;
        ASSERT_TRUE(session->commit(*a)) << code;
    }

    testing::TempDirectory scratch{"arbiter-turns"};
    std::unique_ptr<Game> game = testgames::makeTwoStepGame();
    SessionSettings settings;
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::unique_ptr<Session> session;
};

TEST_F(Turns, TheClockPassesOnlyWhenTheTurnEnds) {
    play("a1-a2");
    EXPECT_EQ(session->turns(), 0);
    EXPECT_FALSE(session->clock().running());  // the first turn is not over yet
    play("a2-a3");
    EXPECT_EQ(session->turns(), 1);
    EXPECT_EQ(session->clock().runner(), 1);
    time.advance(5'000);
    play("a8-a7");
    EXPECT_EQ(session->clock().runner(), 1);  // Black is still on turn
    time.advance(5'000);
    play("end");
    EXPECT_EQ(session->turns(), 2);
    EXPECT_EQ(session->clock().runner(), 0);
    // One increment for the turn, not one per step.
    EXPECT_EQ(session->clock().remaining(1, time.now()), 60'000 - 10'000 + 2'000);
}

TEST_F(Turns, EveryActionOfATurnCarriesTheTurnsNumber) {
    play("a1-a2");
    play("a2-a3");
    play("a8-a7");
    play("end");
    std::vector<std::string> moves;
    for (const auto& a : sink.said) {
        if (a.type == AnnouncementType::Move)
            moves.push_back(a.text.substr(0, a.text.find(' ') + 1));
    }
    EXPECT_EQ(moves, (std::vector<std::string>{"1. ", "1. ", "1... ", "1... "}));
}

TEST_F(Turns, AMoveLimitCountsTurns) {
    settings.limits.moves = 1;
    std::string error;
    session = Session::begin(*game, settings, sink, time, error);
    ASSERT_TRUE(session) << error;
    play("a1-a2");
    play("a2-a3");
    play("a8-a7");
    EXPECT_FALSE(session->over());  // Black's turn is under way
    play("end");
    EXPECT_TRUE(session->over());
}

TEST_F(Turns, TheRecordGroupsActionsByTurn) {
    play("a1-a2");
    play("end");
    play("a8-a7");
    play("a7-a6");
    session->abandon();
    std::ifstream in(session->recordPath());
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), "1. a1-a2 end\n2. a8-a7 a7-a6\n");
}

TEST_F(Turns, ResumeRestoresAHalfMadeTurn) {
    play("a1-a2");
    play("a2-a3");
    play("a8-a7");
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    auto resumed = Session::resume(*game, *journal, sink, time, error);
    ASSERT_TRUE(resumed) << error;
    EXPECT_EQ(resumed->turns(), 1);
    EXPECT_TRUE(resumed->current().midTurn());
    EXPECT_EQ(resumed->current().serialize(), session->current().serialize());
}

TEST_F(Turns, ATakebackInsideATurnUndoesOneStep) {
    play("a1-a2");
    play("a2-a3");
    play("a8-a7");
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->turns(), 1);
    EXPECT_FALSE(session->current().midTurn());
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->turns(), 0);
    EXPECT_TRUE(session->current().midTurn());
}

}  // namespace
}  // namespace arbiter
