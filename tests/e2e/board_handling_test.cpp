// How the referee copes with what people really do with the pieces.
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class BoardHandling : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        startBoard();
        startDaemon();
        expectSaid("New game of fide");
    }
};

// The board's LEDs (arbiter-vboard prints them) show the last move, and the
// squares to fix while the position is wrong.
TEST_F(BoardHandling, IllegalMoveIsNamedAndPlayResumesOnceFixed) {
    using std::chrono::seconds;
    play("e2-e4", "1. e4");
    const int lit = board_->waitFor("vboard: lit e2 e4", seconds(5));
    EXPECT_GE(lit, 0);
    // The queen cannot pass its own pawn on e7, and the table says so.
    play("d8-h4",
         "Illegal position: d8h4 (e7 is in the way). To fix: take the black queen off h4; put a "
         "black queen on d8");
    const int fix = board_->waitFor("vboard: lit d8 h4", seconds(5), static_cast<size_t>(lit + 1));
    EXPECT_GE(fix, 0);
    play("h4-d8", "The position is correct again. Black to move");
    EXPECT_GE(board_->waitFor("vboard: lit e2 e4", seconds(5), static_cast<size_t>(fix + 1)), 0);
    // Said with arbiterctl, a move the rules refuse gets the same reason.
    EXPECT_NE(refusedDo({"d8-h4"}).find("\"d8-h4\": e7 is in the way"), std::string::npos);
    play("e7-e5", "1... e5");
}

TEST_F(BoardHandling, TakebackUndoesTheLastMove) {
    playMoves({{"e2-e4", "1. e4"}, {"e7-e5", "1... e5"}});
    play("e5-e7", "Takeback: e5 is undone. Black to move");
    play("e4-e2", "Takeback: e4 is undone. White to move");
    play("d2-d4", "1. d4");
    auto journal = journalLines();
    int takebacks = 0;
    for (const auto& l : journal) takebacks += l.find("\"type\":\"takeback\"") != std::string::npos;
    EXPECT_EQ(takebacks, 2);
}

// A DGT 3000 plugged into the board shows arbiterd's clock and the last move.
class DgtClockAtTheTable : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        startBoard({"--clock", "3000"});
        startDaemon();
        expectSaid("New game of fide");
    }
};

TEST_F(DgtClockAtTheTable, AfterAMoveTheClockShowsItThenTheTimesWithTheOpponentRunning) {
    play("e2-e4", "1. e4");
    const auto wait = std::chrono::seconds(5);
    // White's 5:00 and the 3 s increment on the left, Black's time running on the right.
    const int times = board_->waitFor("vboard: clock 0:05:03 | 0:05:00, right running", wait);
    ASSERT_GE(times, 0) << board_->transcript();
    const int text = board_->waitFor("vboard: clock text \"e4      \"", wait, size_t(times));
    ASSERT_GE(text, 0) << board_->transcript();
    EXPECT_GE(board_->waitFor("vboard: clock times", wait, size_t(text)), 0)
        << board_->transcript();
}

// The lever ends a move: with a settle time of 3 s, only the press can explain
// a move recorded within 2 s of being made.
class LeverAtTheTable : public TableTest {};

TEST_F(LeverAtTheTable, AMoveIsRecordedAtThePressLongBeforeTheBoardSettles) {
    startBoard({"--clock", "3000"});
    startDaemon({"--settle-ms", "3000"});
    expectSaid("New game of fide", 8000);
    board_->send("e2-e4\nwait 100\nlever\n");
    expectSaid("1. e4", 2000);
    // A second press with no move since the first is said, and changes nothing.
    play("lever", "The clock was pressed, but the board shows no complete move since the last");
    board_->send("e7-e5\nwait 100\nlever\n");
    expectSaid("1... e5", 2000);
}

// With --time dgt the players set and run the DGT 3000 themselves; the times
// announced are what it shows, and its run button pauses the game.
class DgtClockKeepsTheTime : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        startBoard({"--clock", "3000"});
        startDaemon({"--time", "dgt"});
        expectSaid("New game of fide, dgt");
    }
};

TEST_F(DgtClockKeepsTheTime, TheAnnouncedTimesAreTheClocksAndItsRunButtonPauses) {
    board_->send("clock set 0:04:00 0:03:00\n");
    play("e2-e4", "1. e4 (e2e4). White 4:00, Black 3:00");
    play("lever left\nbutton run", "Clocks paused. White 4:00, Black ");
}

TEST_F(BoardHandling, SlidPieceIsJudgedWhereItStops) {
    playMoves({{"e2-e4", "1. e4"}, {"e7-e5", "1... e5"}});
    play("slide f1 c4", "2. Bc4");
}

TEST_F(BoardHandling, PawnPutOnTheLastRankIsToldToBecomeAQueen) {
    playMoves({{"h2-h4", "1. h4"},
               {"g7-g5", "1... g5"},
               {"h4xg5", "2. hxg5"},
               {"h7-h6", "2... h6"},
               {"g5xh6", "3. gxh6"},
               {"f8-g7", "3... Bg7"},
               {"h6xg7", "4. hxg7"},
               {"g8-f6", "4... Nf6"}});
    // The pawn itself stands on g8: one exchange away from promoting, so the
    // referee says how to complete the promotion rather than how to undo it.
    play("g7-g8", "replace the white pawn on g8 by a white queen");
    play("remove g8\nput g8 Q", "5. g8=Q");
}

// The three orders in which people make a capture: capturer lifted first,
// captured piece lifted first, or the capturer put straight onto its victim.
class CaptureOrder : public BoardHandling, public ::testing::WithParamInterface<const char*> {};

TEST_P(CaptureOrder, CaptureInAnyOrderOfLiftAndPlace) {
    playMoves({{"e2-e4", "1. e4"}, {"d7-d5", "1... d5"}});
    play(GetParam(), "2. exd5 (e4d5), takes the black pawn on d5");
    play("d8xd5", "2... Qxd5");
}

INSTANTIATE_TEST_SUITE_P(AllThreeOrders, CaptureOrder,
                         ::testing::Values("lift e4\nwait 400\nremove d5\nwait 400\nplace d5",
                                           "remove d5\nwait 400\nlift e4\nwait 400\nplace d5",
                                           "lift e4\nwait 400\nplace d5"));

}  // namespace
}  // namespace arbiter::e2e
