// Konfusion through the real programs: a whole game on four virtual boards in
// the default layout (each gives a 5x5 quarter of the 10x10 cells, the
// quarters meeting in the middle), as docs/rules/konfusion.md tells a table to
// play it. Dice that cross from one board to another are taken off one and put
// on the other, as hands do.
#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

// The four boards of `arbiterd --game konfusion`, in the order of `boards_`:
// a1 gives its d4-h8 for cells a1-e5, f1 its a4-e8 for f1-j5, a6 its d1-h5 for
// a6-e10, f6 its a1-e5 for f6-j10 (docs/configuration.md).
const std::vector<std::string> kBoardNames = {"a1", "f1", "a6", "f6"};

// Where a cell of the game lies: which board, and which of its own squares.
struct Spot {
    int board;
    std::string square;
};
Spot spotOf(const std::string& cell) {
    int file = cell[0] - 'a', rank = std::stoi(cell.substr(1)) - 1;
    int board = (file >= 5 ? 1 : 0) + (rank >= 5 ? 2 : 0);
    int squareFile = file < 5 ? file + 3 : file - 5;
    int squareRank = rank < 5 ? rank + 3 : rank - 5;
    return {board, std::string(1, char('a' + squareFile)) + std::to_string(squareRank + 1)};
}

class Konfusion : public SeveralBoardsTest {
  protected:
    // A die taken off `from` and set down on `to` as `figure` (FEN letter: the
    // pips it has now, in its seat's colour), the piece there taken off first.
    void move(const std::string& from, const std::string& to, char figure, bool capture,
              const std::string& expect) {
        if (HasFatalFailure()) return;  // the game is off its script: say so once
        Spot a = spotOf(from), b = spotOf(to);
        boards_[static_cast<size_t>(a.board)]->send("remove " + a.square + "\n");
        if (capture) boards_[static_cast<size_t>(b.board)]->send("remove " + b.square + "\n");
        boards_[static_cast<size_t>(b.board)]->send("put " + b.square + " " + figure + "\n");
        expectSaid(expect);
    }
};

// South takes North's four keyposts in fourteen moves: dice jumping the pieces
// in their way, ricocheting, capturing, and gaining a pip on a keypost (the
// rook put down as a queen, the queen as a king), across all four boards.
TEST_F(Konfusion, TwoPlayersOnFourBoardsSouthWinsByHoldingNorthsKeyposts) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    const std::vector<std::string> game = {"--game", "konfusion", "--player",
                                           "Ann",    "--player",  "Bob"};
    startBoards(kBoardNames, game);
    // No board named: arbiterd lays out the game's own four virtual boards and
    // says how to start them.
    startDaemonOnTheBoards(game);
    expectSaid("no board named, so the table is on virtual boards");
    expectSaid("/arbiter-vboard --name f6 --setup 8/8/8/qrbn4/npp5/pp6/8/8");
    expectSaid("New game of konfusion, 10+5. Ann to move", 10000);

    // Ann's 5 jumps her own 2 and 1 straight up; Bob's 5 jumps his 2 and 1 down.
    move("e1", "e6", 'Q', false, "1. 5 e1-e6 (board C h4, board A h1) (e1-e6).");
    move("f10", "f5", 'q', false, "1... 5 f10-f5 (board B a5, board D a8) (f10-f5).");
    // Up five, off the wall at e10 and back: the 5 lands on Bob's 2 on e9.
    move("e6", "e9", 'Q', true,
         "2. 5 e6xe9 (board A h1-h4) (e6xe9), takes the black knight (a 2) on e9.");
    move("f9", "d7", 'n', false, "2... 2 f9-d7 (board B a4, board A g2) (f9-d7).");
    move("g1", "i5", 'R', false, "3. 4 g1-i5 (board D b4-d8) (g1-i5).");
    move("e10", "f9", 'k', false, "3... 6 e10-f9 (board A h5, board B a4) (e10-f9).");
    move("i5", "g7", 'R', false, "4. 4 i5-g7 (board D d8, board B b2) (i5-g7).");
    move("f5", "e6", 'q', false, "4... 5 f5-e6 (board D a8, board A h1) (f5-e6).");
    // The 4 stops on the keypost j10 and becomes a 5: a queen for the rook.
    move("g7", "j10", 'Q', false,
         "5. 4 g7-j10 (board B b2-e5), on a keypost: a 5 now; exchange the rook for a queen "
         "(g7-j10).");
    move("h9", "h8", 'p', false, "5... 1 h9-h8 (board B c4-c3) (h9-h8).");
    move("d1", "b5", 'R', false, "6. 4 d1-b5 (board C g4-e8) (d1-b5).");
    move("c9", "b9", 'p', false, "6... 1 c9-b9 (board A f4-e4) (c9-b9).");
    move("b5", "d9", 'R', true,
         "7. 4 b5xd9 (board C e8, board A g4) (b5xd9), takes the black pawn (a 1) on d9.");
    move("d10", "b6", 'r', false, "7... 4 d10-b6 (board A g5-e1) (d10-b6).");
    move("e9", "f10", 'K', false,
         "8. 5 e9-f10 (board A h4, board B a5), on a keypost: a 6 now; exchange the queen for a "
         "king (e9-f10).");

    // What the boards cannot show: the pips kept by arbiter, in a picture.
    std::string report = status();
    for (const char* line : {"10  + N2 N3  .  + S6 N4 N3 N2 S5", "Pips captured: Ann 3, Bob 0",
                             "S Ann (white), N Bob (black); + an empty keypost"}) {
        EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
    }
    // A 4 moves diagonally, never straight: the referee says why, and what to put back.
    move("d9", "d5", 'R', false, "Illegal position: d9-d5 (");
    move("d5", "d9", 'R', false, "The position is correct again. Bob to move.");

    move("f9", "a7", 'k', false, "8... 6 f9-a7 (board B a4, board A d2) (f9-a7).");
    move("f10", "a10", 'K', false, "9. 6 f10-a10 (board B a5, board A d5) (f10-a10).");
    move("h10", "h9", 'b', false, "9... 3 h10-h9 (board B c5-c4) (h10-h9).");
    move("d9", "f9", 'R', false, "10. 4 d9-f9 (board A g4, board B a4) (d9-f9).");
    move("a7", "d3", 'k', true,
         "10... 6 a7xd3 (board A d2, board C g6) (a7xd3), takes the white pawn (a 1) on d3.");
    move("h2", "h3", 'P', false, "11. 1 h2-h3 (board D c5-c6) (h2-h3).");
    move("h9", "i9", 'b', false, "11... 3 h9-i9 (board B c4-d4) (h9-i9).");
    move("f1", "j6", 'K', false, "12. 6 f1-j6 (board D a4, board B e1) (f1-j6).");
    move("i9", "i8", 'b', false, "12... 3 i9-i8 (board B d4-d3) (i9-i8).");
    move("f9", "e10", 'Q', false,
         "13. 4 f9-e10 (board B a4, board A h5), on a keypost: a 5 now; exchange the rook for a "
         "queen (f9-e10).");
    move("f8", "f7", 'p', false, "13... 1 f8-f7 (board B a3-a2) (f8-f7).");
    move("j6", "f10", 'K', false, "14. 6 j6-f10 (board B e1-a5) (j6-f10).");
    expectSaid(
        "Game over: Ann holds Bob's four keyposts (a10, e10, f10, j10). Ann wins. Scores: Ann 43, "
        "Bob 38.");

    std::string record = recordText();
    for (const char* line :
         {"[South \"Ann\"]", "14. South: 6 j6-f10\n", "South holds North's four keyposts"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

// Board squares in messages: on four boards every move, fix and refusal names
// the board and the square a player reads there besides the game's cell, the
// boards are lettered in reading order, arbiterctl status --boards draws each
// board in its own squares, and a board started with --cells reads the
// game's cells as they are said.
TEST_F(Konfusion, BoardSquaresInMessages) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    const std::vector<std::string> game = {"--game", "konfusion", "--player",
                                           "Ann",    "--player",  "Bob"};
    // Where each board lies, as arbiterd prints it in the command that starts it.
    startBoards(
        kBoardNames, game,
        {{"--cells", "d8:a5"}, {"--cells", "a8:f5"}, {"--cells", "d5:a10"}, {"--cells", "a5:f10"}});
    startDaemonOnTheBoards(game);
    expectSaid(
        "/arbiter-vboard --name a1 --setup 8/8/6PP/5PPN/4NBRQ/8/8/8 --cells d8:a5  # "
        "board C");
    expectSaid("New game of konfusion, 10+5. Ann to move", 10000);

    // Typed in the boards' own squares: e1 is board C's h4, e6 board A's h1.
    move("e1", "e6", 'Q', false, "1. 5 e1-e6 (board C h4, board A h1) (e1-e6).");
    // Typed in the game's cells, as the announcements name them; f5 is also
    // a square's name, so the cell is written @f5.
    boards_[3]->send("remove f10\n");
    boards_[1]->send("put @f5 q\n");
    expectSaid("1... 5 f10-f5 (board B a5, board D a8) (f10-f5).");
    // A cell that lies on another board is refused by the board it was typed on.
    boards_[0]->send("lift j10\n");
    EXPECT_GE(boards_[0]->waitFor("cell j10 is not on this board", std::chrono::seconds(5)), 0)
        << boards_[0]->transcript();

    // A 4 moves diagonally, never straight: the reason and the fix name the
    // board squares.
    move("d1", "d5", 'R', false,
         "Illegal position: d1-d5 (board C g4-g8) (a 4 moves four squares diagonally, "
         "ricocheting off the walls: the 4 on d1 (board C g4) may go to b5 (board C e8), h5 "
         "(board D c8)). To fix: put a white rook (a 4) on d1 (board C g4); take the white rook "
         "(a 4) off d5 (board C g8).");
    move("d5", "d1", 'R', false, "The position is correct again. Ann to move.");
    // Said rather than made: the refusal places the cells it names.
    const std::string refused = refusedDo({"d1-d5"});
    EXPECT_NE(refused.find("(board C g"), std::string::npos) << refused;

    // Each board as it lies, lettered from the top left, in its own squares.
    auto [code, boards] = control({"status", "--boards"});
    EXPECT_EQ(code, 0) << boards;
    for (const char* line : {"board A (a6):", "board B (f6):", "board C (a1):", "board D (f1):",
                             "    a b c d e f g h"}) {
        EXPECT_NE(boards.find(line), std::string::npos) << line << "\n" << boards;
    }
    // The data of a move carries the squares too, for a client to show.
    auto [jsonCode, snapshot] = control({"--json", "status"});
    EXPECT_EQ(jsonCode, 0);
    EXPECT_NE(snapshot.find("\"label\":\"board A\""), std::string::npos) << snapshot;
}

}  // namespace
}  // namespace arbiter::e2e
