// A Chessnut board through the real programs: arbiter-vboard --protocol
// chessnut emulates one on a pseudo-terminal, and arbiterd reads it with its
// chessnut driver as chessnut:vboard:NAME, as it reads a real one on hidraw.
#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

using std::chrono::seconds;

class ChessnutBoard : public TableTest {
  protected:
    // The virtual Chessnut board `nut`, and arbiterd on it with `args`.
    void startOnAChessnutBoard(std::vector<std::string> boardArgs, std::vector<std::string> args) {
        boardArgs.insert(boardArgs.begin(), {"--protocol", "chessnut"});
        board_ = startBoardNamed("nut", boardArgs);
        args.insert(args.begin(), {"--board", "chessnut:vboard:nut", "--time", "5+3"});
        startDaemonWithout(args);
        expectSaid("board chessnut:vboard:nut: connected");
    }
};

TEST_F(ChessnutBoard, MorphysOperaGameOnAVirtualChessnutBoard) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startOnAChessnutBoard({}, {});
    expectSaid("New game of fide");
    // The board's version, once it has answered the request for it (the first
    // word of the board, its position, says only that it is a Chessnut).
    EXPECT_GE(daemon_->waitFor("board chessnut:vboard:nut: chessnut Chessnut version arbiter vboard "
                               "chessnut",
                               seconds(5)),
              0);
    // clang-format off
    playMoves({{"e2-e4", "1. e4"},           {"e7-e5", "1... e5"},
               {"g1-f3", "2. Nf3"},          {"d7-d6", "2... d6"},
               {"d2-d4", "3. d4"},           {"c8-g4", "3... Bg4"},
               {"d4xe5", "4. dxe5"},         {"g4xf3", "4... Bxf3"},
               {"d1xf3", "5. Qxf3"},         {"d6xe5", "5... dxe5"},
               {"f1-c4", "6. Bc4"},          {"g8-f6", "6... Nf6"},
               {"f3-b3", "7. Qb3"},          {"d8-e7", "7... Qe7"},
               {"b1-c3", "8. Nc3"},          {"c7-c6", "8... c6"},
               {"c1-g5", "9. Bg5"},          {"b7-b5", "9... b5"},
               {"c3xb5", "10. Nxb5"},        {"c6xb5", "10... cxb5"},
               {"c4xb5", "11. Bxb5+"},       {"b8-d7", "11... Nbd7"},
               {"e1-c1\na1-d1", "12. O-O-O"}, {"a8-d8", "12... Rd8"},
               {"d1xd7", "13. Rxd7"},        {"d8xd7", "13... Rxd7"},
               {"h1-d1", "14. Rd1"},         {"e7-e6", "14... Qe6"},
               {"b5xd7", "15. Bxd7+"},       {"f6xd7", "15... Nxd7"},
               {"b3-b8", "16. Qb8+"},        {"d7xb8", "16... Nxb8"},
               {"d1-d8", "17. Rd8#"}});
    // clang-format on
    // The board's LEDs showed the moves: the emulation lit what arbiterd sent.
    EXPECT_GE(board_->waitFor("vboard: lit d1 d8", seconds(5)), 0) << board_->transcript();
}

// A wrong move is named piece by piece (the board sees colour and kind), and
// the squares to fix are lit on the board's LEDs until it is put right.
TEST_F(ChessnutBoard, AnIllegalMoveIsFixedWithTheLedsShowingWhere) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startOnAChessnutBoard({}, {});
    expectSaid("New game of fide");
    play("e2-e4", "1. e4");
    const int lit = board_->waitFor("vboard: lit e2 e4", seconds(5));
    EXPECT_GE(lit, 0) << board_->transcript();
    play("d8-h4",
         "Illegal position: d8h4 (e7 is in the way). To fix: take the black queen off h4; "
         "put a black queen on d8");
    const int fix = board_->waitFor("vboard: lit d8 h4", seconds(5), static_cast<size_t>(lit + 1));
    EXPECT_GE(fix, 0) << board_->transcript();
    play("h4-d8", "The position is correct again. Black to move");
    play("e7-e5", "1... e5");
}

TEST_F(ChessnutBoard, MartianChessForTwoOnAVirtualChessnutBoard) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startOnAChessnutBoard({"--setup", "1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5"},
                          {"--game", "martian", "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of martian, 5+3. Ann to move");
    play("a3-a5", "1. drone a3-a5 crosses into Bob's territory (a3-a5).");
    play("d6-d5", "1... drone d6-d5 (d6-d5).");
    play("a2xa5",
         "2. queen a2xa5 for 2 points, 2 in all (a2xa5), takes the drone (knight or rook) "
         "on a5.");
}

}  // namespace
}  // namespace arbiter::e2e
