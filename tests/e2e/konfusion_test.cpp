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
    expectSaid("  arbiter-vboard --name f6 --setup 8/8/8/qrbn4/npp5/pp6/8/8");
    expectSaid("New game of konfusion, 10+5. Ann to move", 10000);

    // Ann's 5 jumps her own 2 and 1 straight up; Bob's 5 jumps his 2 and 1 down.
    move("e1", "e6", 'Q', false, "1. 5 e1-e6 (e1-e6).");
    move("f10", "f5", 'q', false, "1... 5 f10-f5 (f10-f5).");
    // Up five, off the wall at e10 and back: the 5 lands on Bob's 2 on e9.
    move("e6", "e9", 'Q', true, "2. 5 e6xe9 (e6xe9), takes the black knight (a 2) on e9.");
    move("f9", "d7", 'n', false, "2... 2 f9-d7 (f9-d7).");
    move("g1", "i5", 'R', false, "3. 4 g1-i5 (g1-i5).");
    move("e10", "f9", 'k', false, "3... 6 e10-f9 (e10-f9).");
    move("i5", "g7", 'R', false, "4. 4 i5-g7 (i5-g7).");
    move("f5", "e6", 'q', false, "4... 5 f5-e6 (f5-e6).");
    // The 4 stops on the keypost j10 and becomes a 5: a queen for the rook.
    move("g7", "j10", 'Q', false,
         "5. 4 g7-j10, on a keypost: a 5 now; exchange the rook for a queen (g7-j10).");
    move("h9", "h8", 'p', false, "5... 1 h9-h8 (h9-h8).");
    move("d1", "b5", 'R', false, "6. 4 d1-b5 (d1-b5).");
    move("c9", "b9", 'p', false, "6... 1 c9-b9 (c9-b9).");
    move("b5", "d9", 'R', true, "7. 4 b5xd9 (b5xd9), takes the black pawn (a 1) on d9.");
    move("d10", "b6", 'r', false, "7... 4 d10-b6 (d10-b6).");
    move("e9", "f10", 'K', false,
         "8. 5 e9-f10, on a keypost: a 6 now; exchange the queen for a king (e9-f10).");

    // What the boards cannot show: the pips kept by arbiter, in a picture.
    std::string report = status();
    for (const char* line : {"10  + N2 N3  .  + S6 N4 N3 N2 S5", "Pips captured: Ann 3, Bob 0",
                             "S Ann (white), N Bob (black); + an empty keypost"}) {
        EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
    }
    // A 4 moves diagonally, never straight: the referee says why, and what to put back.
    move("d9", "d5", 'R', false, "Illegal position: d9-d5 (");
    move("d5", "d9", 'R', false, "The position is correct again. Bob to move.");

    move("f9", "a7", 'k', false, "8... 6 f9-a7 (f9-a7).");
    move("f10", "a10", 'K', false, "9. 6 f10-a10 (f10-a10).");
    move("h10", "h9", 'b', false, "9... 3 h10-h9 (h10-h9).");
    move("d9", "f9", 'R', false, "10. 4 d9-f9 (d9-f9).");
    move("a7", "d3", 'k', true, "10... 6 a7xd3 (a7xd3), takes the white pawn (a 1) on d3.");
    move("h2", "h3", 'P', false, "11. 1 h2-h3 (h2-h3).");
    move("h9", "i9", 'b', false, "11... 3 h9-i9 (h9-i9).");
    move("f1", "j6", 'K', false, "12. 6 f1-j6 (f1-j6).");
    move("i9", "i8", 'b', false, "12... 3 i9-i8 (i9-i8).");
    move("f9", "e10", 'Q', false,
         "13. 4 f9-e10, on a keypost: a 5 now; exchange the rook for a queen (f9-e10).");
    move("f8", "f7", 'p', false, "13... 1 f8-f7 (f8-f7).");
    move("j6", "f10", 'K', false, "14. 6 j6-f10 (j6-f10).");
    expectSaid(
        "Game over: Ann holds Bob's four keyposts (a10, e10, f10, j10). Ann wins. Scores: Ann 43, "
        "Bob 38.");

    std::string record = recordText();
    for (const char* line :
         {"[South \"Ann\"]", "27. South: 6 j6-f10\n", "South holds North's four keyposts"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

}  // namespace
}  // namespace arbiter::e2e
