// A game without boards (Tally), refereed through the control interface
// alone, and actions said at the table refused with a reason and the legal ones.
#include <gtest/gtest.h>

#include "daemon/table/playing_table.h"
#include "tests/daemon/one_board_table.h"
#include "tests/daemon/temp_directory.h"
#include "tests/games/tally.h"
#include "tests/games/two_step.h"

namespace arbiter {
namespace {

class Said : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override { all.push_back(a); }
    std::vector<AnnouncementType> types() const {
        std::vector<AnnouncementType> t;
        for (const auto& a : all) t.push_back(a.type);
        return t;
    }
    std::vector<Announcement> all;
};

class WithoutBoards : public ::testing::Test {
  protected:
    void SetUp() override {
        settings.session.time = *TimeControl::parse("5+0");
        settings.session.journalDir = scratch.path() + "/games";
        std::string error;
        table = openTable(loop, settings, testgames::makeTallyGame(), said, error);
        ASSERT_TRUE(table) << error;
        table->connectBoards();
    }
    void TearDown() override { table.reset(); }
    ControlReply say(const std::string& action, int player = -1) {
        return table->act(action, player, "");
    }

    testing::TempDirectory scratch{"arbiter-boardless"};
    ManualTimeSource time;
    EventLoop loop{time};
    Said said;
    TableSettings settings;
    std::unique_ptr<PlayingTable> table;
};

TEST_F(WithoutBoards, TheGameBeginsAtOnceWithNoStartPositionToWaitFor) {
    EXPECT_EQ(said.types(), (std::vector<AnnouncementType>{AnnouncementType::Start}));
    ASSERT_TRUE(table->session());
    EXPECT_FALSE(table->status()["waitingForStart"].get<bool>());
}

TEST_F(WithoutBoards, SaidActionsArePlayedToTheEnd) {
    // 21 = 3 * 7: the first player takes the last 3 (turns alternate).
    for (int i = 0; i < 7; ++i) ASSERT_TRUE(say("add3").ok) << i;
    EXPECT_TRUE(table->session()->over());
    EXPECT_EQ(table->session()->outcome().winners, std::vector<PlayerId>{0});
    EXPECT_EQ(said.all.back().type, AnnouncementType::Waiting);
    EXPECT_NE(said.all.back().text.find("arbiterctl new"), std::string::npos);
}

TEST_F(WithoutBoards, ANewGameBeginsWhenAsked) {
    ASSERT_TRUE(say("add2").ok);
    ASSERT_TRUE(table->newGame().ok);
    ASSERT_TRUE(table->session());
    EXPECT_EQ(table->session()->ply(), 0);
    EXPECT_FALSE(table->session()->over());
}

TEST_F(WithoutBoards, AnActionThatIsNotTheGamesIsRefusedWithTheLegalOnes) {
    auto reply = say("e2e4");
    EXPECT_FALSE(reply.ok);
    EXPECT_EQ(reply.error,
              "\"e2e4\" is not an action of tally that can be made now; legal now: add1, add2, "
              "add3");
    EXPECT_EQ(table->session()->ply(), 0);
}

TEST_F(WithoutBoards, AnIllegalActionIsRefusedAndChangesNothing) {
    for (int i = 0; i < 6; ++i) ASSERT_TRUE(say("add3").ok);  // 18
    auto reply = say("add9");
    EXPECT_FALSE(reply.ok);
    EXPECT_EQ(reply.error, "\"add9\": it is not a legal action now; legal now: add1, add2, add3");
    ASSERT_TRUE(say("add2").ok);  // 20
    reply = say("add3");
    EXPECT_EQ(reply.error, "\"add3\": it is not a legal action now; legal now: add1");
    EXPECT_EQ(table->session()->ply(), 7);
}

TEST_F(WithoutBoards, OutOfTurnIsRefused) {
    auto reply = say("add1", 1);
    EXPECT_FALSE(reply.ok);
    EXPECT_EQ(reply.error, "it is not Second's turn");
}

TEST_F(WithoutBoards, AResumedGameTakesBackAndGoesOnWithNoBoardToAskAbout) {
    // After a restart a takeback used to have the boards judged, and the
    // judgement asked the first board of none which way round it stands.
    ASSERT_TRUE(say("add2").ok);
    ASSERT_TRUE(say("add3").ok);
    table.reset();
    std::string error;
    table = openTable(loop, settings, testgames::makeTallyGame(), said, error);
    ASSERT_TRUE(table) << error;
    table->connectBoards();
    ASSERT_EQ(table->session()->ply(), 2);
    ASSERT_TRUE(table->takeback().ok);
    time.advance(10'000);  // long past any settle time
    loop.runOnce(0);
    EXPECT_EQ(table->session()->ply(), 1);
    EXPECT_EQ(table->status()["awaited"], "Second to act");
    ASSERT_TRUE(say("add1").ok);
    time.advance(10'000);
    loop.runOnce(0);
    EXPECT_EQ(table->session()->ply(), 2);
    EXPECT_EQ(said.all.back().type, AnnouncementType::Move);
}

TEST(SaidActions, AnActionNoBoardShowsLeavesTheBoardsFreeToGoOn) {
    // Ending a turn changes no cell: the boards are not behind after it, and
    // the next player's step on the board counts at once.
    testing::OneBoardTable at(testgames::makeTwoStepGame());
    ASSERT_TRUE(at.table) << at.error;
    at.show("rr6/8/8/8/8/8/8/RR6");
    ASSERT_TRUE(at.table->session());
    at.show("rr6/8/8/8/8/8/R7/1R6");  // White's first step, a1-a2
    ASSERT_EQ(at.table->session()->ply(), 1);
    ASSERT_TRUE(at.table->act("end", -1, "").ok);
    at.show("1r6/r7/8/8/8/8/R7/1R6");  // Black steps a8-a7
    EXPECT_EQ(at.table->session()->ply(), 3);
    for (const auto& a : at.said.said) EXPECT_NE(a.type, AnnouncementType::Illegal) << a.text;
}

}  // namespace
}  // namespace arbiter
