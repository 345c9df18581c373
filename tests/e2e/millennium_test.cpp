// A Millennium ChessLink board through the real programs: arbiter-vboard
// --protocol millennium plays the board on a pseudo-terminal, bytes, block
// checks, parity bits and automatic reports as a real one, and arbiterd reads
// it with its millennium driver, as `--board millennium:vboard:NAME`.
#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

using std::chrono::seconds;

class MillenniumBoard : public TableTest {
  protected:
    // The virtual Millennium board `mill`, set up as `setup` (the start of
    // chess when empty), and arbiterd on it playing `gameArgs`.
    void startTable(std::vector<std::string> gameArgs, const std::string& setup = "") {
        vboards_ = std::make_unique<testing::ScopedEnvironment>("ARBITER_VBOARD_DIR",
                                                                (dir_ / "vboards").string());
        std::vector<std::string> boardArgs = {"--protocol", "millennium"};
        if (!setup.empty()) boardArgs.insert(boardArgs.end(), {"--setup", setup});
        board_ = startBoardNamed("mill", boardArgs);
        std::vector<std::string> args = {"--board", "millennium:vboard:mill", "--time", "5+3"};
        args.insert(args.end(), gameArgs.begin(), gameArgs.end());
        startDaemonWithout(args);
    }

    std::unique_ptr<testing::ScopedEnvironment> vboards_;
};

TEST_F(MillenniumBoard, AGameOfChessIsReadAndTheLastMoveLightsTheCorners) {
    startTable({"--game", "fide"});
    expectSaid("board millennium:vboard:mill: connected");
    expectSaid("millennium Millennium ChessLink version 1.0");
    // It tells no serial, and none is said.
    const int told = daemon_->waitFor("Millennium ChessLink version", std::chrono::seconds(1));
    ASSERT_GE(told, 0);
    EXPECT_TRUE(daemon_->lines()[static_cast<size_t>(told)].ends_with("version 1.0"))
        << daemon_->lines()[static_cast<size_t>(told)];
    expectSaid("New game of fide");
    play("e2-e4", "1. e4");
    // The corners of e2 and e4 are those of e3 too, as on the real board.
    const int lit = board_->waitFor("vboard: lit e2 e3 e4", seconds(5));
    EXPECT_GE(lit, 0) << board_->transcript();
    // The queen cannot pass its own pawn on e7: the squares to fix light up.
    play("d8-h4",
         "Illegal position: d8h4 (e7 is in the way). To fix: take the black queen off h4; "
         "put a black queen on d8");
    EXPECT_GE(board_->waitFor("vboard: lit d8 h4", seconds(5), size_t(lit + 1)), 0)
        << board_->transcript();
    play("h4-d8", "The position is correct again. Black to move");
    // clang-format off
    playMoves({{"e7-e5", "1... e5"},   {"g1-f3", "2. Nf3"},  {"b8-c6", "2... Nc6"},
               {"f1-b5", "3. Bb5"},    {"a7-a6", "3... a6"}, {"b5xc6", "4. Bxc6"},
               {"d7xc6", "4... dxc6"}, {"e1-g1\nh1-f1", "5. O-O"}});
    // clang-format on
}

TEST_F(MillenniumBoard, FoolsMateEndsTheGame) {
    startTable({"--game", "fide"});
    expectSaid("New game of fide");
    playMoves(
        {{"f2-f3", "1. f3"}, {"e7-e5", "1... e5"}, {"g2-g4", "2. g4"}, {"d8-h4", "2... Qh4#"}});
    expectSaid("Game over: checkmate. Black wins");
}

// Martian Chess for two, with the default stand-ins: a game that is not chess
// on the same board, captures and a crossing included.
TEST_F(MillenniumBoard, MartianChessForTwo) {
    startTable({"--game", "martian", "--player", "Ann", "--player", "Bob"},
               "1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5");
    expectSaid("New game of martian, 5+3. Ann to move");
    play("a3-a5", "1. drone a3-a5 crosses into Bob's territory (a3-a5).");
    play("d6-d5", "1... drone d6-d5 (d6-d5).");
    play("a2xa5",
         "2. queen a2xa5 for 2 points, 2 in all (a2xa5), takes the drone (knight or rook) "
         "on a5.");
    play("b8-a8", "2... drone b8-a8 (b8-a8).");
}

}  // namespace
}  // namespace arbiter::e2e
