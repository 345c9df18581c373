#include "daemon/session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/daemon/recording_sink.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class SessionTest : public ::testing::Test {
  protected:
    void SetUp() override {
        game = makeGame("fide");
        settings.time = *TimeControl::parse("1+2");
        settings.journalDir = dir;
        std::string error;
        session = Session::begin(*game, settings, sink, time, error);
        ASSERT_TRUE(session) << error;
        sink.journal = session->journalPath();
    }
    void move(const char* uci) {
        auto a = session->current().decode(uci);
        ASSERT_TRUE(a) << uci;
        ASSERT_TRUE(session->commit(*a));
    }

    testing::TempDirectory scratch{"arbiter-session"};
    std::string dir = scratch.path();
    std::unique_ptr<Game> game;
    SessionSettings settings;
    ManualTimeSource time;
    testing::RecordingSink sink;
    std::unique_ptr<Session> session;
};

TEST_F(SessionTest, MoveIsJournalledBeforeItIsAnnounced) {
    move("e2e4");
    ASSERT_EQ(sink.said.back().type, "move");
    EXPECT_EQ(sink.said.back().data["san"], "e4");
    EXPECT_EQ(sink.said.back().data["uci"], "e2e4");
    EXPECT_EQ(sink.journalLinesWhenSaid.back(), 2u);  // "game" and this "move"
}

TEST_F(SessionTest, ClocksStartWithTheFirstMoveAndGetTheIncrement) {
    EXPECT_FALSE(session->clock().running());
    time.advance(5000);
    move("e2e4");
    EXPECT_EQ(session->clock().runner(), 1);
    EXPECT_EQ(session->clock().remaining(0, time.now()), 62000);  // no time used yet, +2 s
    time.advance(10000);
    move("e7e5");
    EXPECT_EQ(session->clock().remaining(1, time.now()), 52000);
}

TEST_F(SessionTest, TakebackWithdrawsTheIncrementButNotTheThinkingTime) {
    move("e2e4");
    time.advance(7000);
    move("e7e5");
    EXPECT_EQ(session->clock().remaining(1, time.now()), 55000);
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->ply(), 1);
    EXPECT_EQ(session->current().toMove(), 1);
    EXPECT_EQ(session->clock().runner(), 1);
    EXPECT_EQ(session->clock().remaining(1, time.now()), 53000);
    EXPECT_EQ(sink.said.back().type, "takeback");
}

TEST_F(SessionTest, FlagFallWithMatingMaterialLoses) {
    move("e2e4");
    time.advance(60001);
    session->checkFlag();
    ASSERT_TRUE(session->over());
    EXPECT_EQ(session->outcome().winners, std::vector<PlayerId>{0});
    EXPECT_EQ(sink.said.back().type, "result");
    EXPECT_TRUE(fs::exists(session->recordPath()));
}

TEST_F(SessionTest, FlagNotYetFallenChangesNothing) {
    move("e2e4");
    time.advance(59999);
    session->checkFlag();
    EXPECT_FALSE(session->over());
}

TEST_F(SessionTest, CheckmateEndsTheGameAndWritesTheRecord) {
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) move(m);
    ASSERT_TRUE(session->over());
    std::ifstream in(session->recordPath());
    std::string pgn((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(pgn.find("2. g4 Qh4#"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
}

TEST_F(SessionTest, ResumeReplaysTheJournal) {
    move("e2e4");
    move("e7e5");
    move("g1f3");
    ASSERT_TRUE(session->takeback());
    std::string error;
    auto journal = readJournal(session->journalPath(), error);
    ASSERT_TRUE(journal) << error;
    testing::RecordingSink again;
    auto resumed = Session::resume(*game, *journal, again, time, error);
    ASSERT_TRUE(resumed) << error;
    EXPECT_EQ(resumed->ply(), 2);
    EXPECT_EQ(resumed->current().serialize(), session->current().serialize());
    EXPECT_EQ(again.said.back().type, "resume");
}

TEST_F(SessionTest, ResumeRefusesAJournalOfAnotherGame) {
    JournalContents j;
    j.path = "x.jsonl";
    j.events = {{{"type", "game"}, {"game", "martian"}, {"start", "?"}, {"time", "5+3"}}};
    std::string error;
    EXPECT_FALSE(Session::resume(*game, j, sink, time, error));
    EXPECT_NE(error.find("this journal is for game \"martian\""), std::string::npos) << error;
}

TEST_F(SessionTest, ResumeRefusesBadClocksAndUnknownEvents) {
    std::string start = session->current().serialize();
    auto header =
        nlohmann::json{{"type", "game"}, {"game", "fide"}, {"start", start}, {"time", "5+3"}};
    std::string error;
    JournalContents badClock{"x", {header, {{"type", "move"}, {"action", "e2e4"}, {"clock", "x"}}}};
    EXPECT_FALSE(Session::resume(*game, badClock, sink, time, error));
    EXPECT_NE(error.find("valid \"clock\""), std::string::npos) << error;
    JournalContents unknown{"x", {header, {{"type", "teleport"}}}};
    EXPECT_FALSE(Session::resume(*game, unknown, sink, time, error));
    EXPECT_NE(error.find("unknown event type \"teleport\""), std::string::npos) << error;
    JournalContents badStart{
        "x", {{{"type", "game"}, {"game", "fide"}, {"start", "8/8 w"}, {"time", "5+3"}}}};
    EXPECT_FALSE(Session::resume(*game, badStart, sink, time, error));
    EXPECT_NE(error.find("bad start state"), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter

namespace arbiter {
namespace {

TEST_F(SessionTest, TakebackOfAPeriodEndingMoveGivesThePeriodTimeOnlyOnce) {
    SessionSettings staged = settings;
    staged.time = *TimeControl::parse("1/1+0:1+0");  // 1 min for the first move, then 1 more
    staged.journalDir = dir + "/staged";
    std::string error;
    session = Session::begin(*game, staged, sink, time, error);
    ASSERT_TRUE(session) << error;
    move("e2e4");
    EXPECT_EQ(session->clock().remaining(0, time.now()), 120000);
    ASSERT_TRUE(session->takeback());
    EXPECT_EQ(session->clock().remaining(0, time.now()), 60000);
    move("e2e4");
    EXPECT_EQ(session->clock().remaining(0, time.now()), 120000);
}

}  // namespace
}  // namespace arbiter
