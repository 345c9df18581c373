// Möbiatus through the real programs: a whole game on the eight virtual boards
// of the default layout (two columns of four, one per face of the strip), as
// docs/rules/mobiatus.md tells a table to play it. Dots are pawns; a capture
// chain is made jump by jump, each stop confirmed before the next, and the
// captured dots are taken off the far face when arbiter says so.
#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

// The boards of `arbiterd --game mobiatus`, in the order of `boards_`: face A
// (ranks 1-30) up a1, a8, a16, a24; face B (ranks 31-60) up a31, a38, a46, a54.
const std::vector<std::string> kBoardNames = {"a1", "a8", "a16", "a24", "a31", "a38", "a46", "a54"};

// Where a cell of the ring lies: which board, and which of its own squares.
// Each face is shared as 30 ranks over four boards: 7 on the first (its ranks
// 2-8), 8, 8, and 7 on the last (its ranks 1-7).
struct Spot {
    int board;
    std::string square;
};
Spot spotOf(const std::string& cell) {
    int file = cell[0] - 'a', rank = std::stoi(cell.substr(1)) - 1;
    int face = rank / 30, up = rank % 30;
    int board = up < 7 ? 0 : up < 15 ? 1 : up < 23 ? 2 : 3;
    int squareRank = up < 7 ? up + 1 : up < 15 ? up - 7 : up < 23 ? up - 15 : up - 23;
    return {face * 4 + board, std::string(1, char('a' + file)) + std::to_string(squareRank + 1)};
}

// The far face of a cell: the file mirrored, 30 ranks on round the ring.
std::string opposite(const std::string& cell) {
    int file = cell[0] - 'a', rank = std::stoi(cell.substr(1)) - 1;
    return std::string(1, char('a' + 4 - file)) + std::to_string((rank + 30) % 60 + 1);
}

std::vector<std::string> cellsOf(const std::string& action) {
    std::vector<std::string> cells;
    size_t start = 0;
    for (size_t dash; (dash = action.find('-', start)) != std::string::npos; start = dash + 1)
        cells.push_back(action.substr(start, dash - start));
    cells.push_back(action.substr(start));
    return cells;
}

class Mobiatus : public SeveralBoardsTest {
  protected:
    ChildProcess& boardOf(const Spot& spot) { return *boards_[static_cast<size_t>(spot.board)]; }
    void take(const std::string& cell) {
        Spot s = spotOf(cell);
        boardOf(s).send("remove " + s.square + "\n");
    }
    void put(const std::string& cell, char pawn) {
        Spot s = spotOf(cell);
        boardOf(s).send("put " + s.square + " " + pawn + "\n");
    }
    // One action as hands make it: the dot jumps from stop to stop, each
    // capture confirmed by arbiter before the next jump and the captured dot
    // then taken off the far face.
    void play(const std::string& action, char pawn, const std::string& expect) {
        if (HasFatalFailure()) return;  // the game is off its script: say so once
        auto cells = cellsOf(action);
        for (size_t i = 1; i < cells.size(); ++i) {
            take(cells[i - 1]);
            put(cells[i], pawn);
            if (i + 1 == cells.size()) break;
            // The stop confirmed (perhaps reached by a slide) before the next jump.
            expectSaid("take it off, then jump on from " + cells[i] + " (board");
            take(opposite(cells[i]));
        }
        expectSaid(expect);
    }
};

// Red wins in six moves: its dot d1 goes back across the seam (rank 1 to rank
// 59, from one column to the other) while Blue's dots come up the strip, until
// one jump from d53 starts a chain of nine captures through a slide; Blue's
// last dot falls to a chain that begins with a slide.
TEST_F(Mobiatus, RedTakesEveryBlueDotAcrossTheTwistOnEightBoards) {
    using std::chrono::seconds;
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    const std::vector<std::string> game = {"--game", "mobiatus", "--player",
                                           "Ann",    "--player", "Bob"};
    startBoards(kBoardNames, game);
    // No board named: arbiterd lays out the game's own eight virtual boards
    // and says how to start them.
    startDaemonOnTheBoards(game);
    expectSaid("no board named, so the table is on virtual boards");
    expectSaid("/arbiter-vboard --name a54 --setup");
    expectSaid("New game of mobiatus, 10+5. Ann to move", 10000);
    // The circles no piece shows are lit: Red's on ranks 31-32 (board a31),
    // Blue's on ranks 46-47 (board a46).
    EXPECT_GE(boards_[4]->waitFor("vboard: lit a2 a3 b2 b3 c2 c3 d2 d3 e2 e3", seconds(5)), 0);
    EXPECT_GE(boards_[6]->waitFor("vboard: lit a1 a2 b1 b2 c1 c2 d1 d2 e1 e2", seconds(5)), 0);

    play("d1-e59", 'P',
         "1. d1-e59 (board G d2, board B e6); new singularities b31 d1; circle on a29 (d1-e59).");
    // The new singularities and circle light up where they lie: d1 on board
    // a1, a29 on board a24 (b31 on board a31 was lit already, in a circle).
    EXPECT_GE(boards_[0]->waitFor("vboard: lit d2", seconds(5)), 0);
    EXPECT_GE(boards_[3]->waitFor("vboard: lit a6", seconds(5)), 0);
    play("c17-b19", 'p',
         "1... c17-b19 (board C c2-b4); new singularities c17 c47; circle on d49 (c17-b19).");
    play("e59-d57", 'P',
         "2. e59-d57 (board B e6-d4); new singularities a29 e59; circle on b27 (e59-d57).");
    // Onto the singularity c17, and off it onto c18.
    play("e16-c18", 'p',
         "2... e16-c17 slides to c18 (board C e1-c3); new singularities a46 e16; circle on "
         "c48 (e16-c18).");
    play("d57-c55", 'P',
         "3. d57-c55 (board B d4-c2); new singularities b27 d57; circle on c25 (d57-c55).");
    play("e17-d19", 'p',
         "3... e17-d19 (board C e2-d4); new singularities a47 e17; circle on b49 (e17-d19).");
    play("c55-d53", 'P',
         "4. c55-d53 (board B c2, board D d8); new singularities c25 c55; circle on b23 "
         "(c55-d53).");
    play("d19-c21", 'p',
         "4... d19-c21 (board C d4-c6); new singularities b49 d19; circle on c51 (d19-c21).");

    // What no piece shows, drawn for the players: Ann's dot on d53 (face B)
    // and its circle b23 across the strip, Bob's c21 and its circle c51 (where
    // Ann's dot will land), singularities left behind.
    std::string report = status();
    for (const char* line :
         {"Ann to move, move pair 5 of 70; Ann 10 dots, Bob 10", "23 . r . . .   53 . . . R .",
          "21 . . B . .   51 . . b . .", " 1 R R R x R   31 r x r r r"}) {
        EXPECT_NE(report.find(line), std::string::npos) << line << "\n" << report;
    }

    // Nine captures in one move, each stop confirmed as it is made and its
    // victim taken off the far face; the fifth jump slides.
    play("d53-c51-d49-e47-c46-b47-d46-c48-b46-d47-e49", 'P',
         "5. d53-c51 takes Bob's c21 on the far face, c51-d49 takes Bob's b19 on the far face");
    play("a16-a18", 'p', "5... a16-c17 slides to a18 (board");
    // The last chain begins with a slide and takes Blue's last dot.
    play("e49-e48-c49", 'P', "6. e49-d47 slides to e48 takes Bob's a18 on the far face, e48-c49");
    expectSaid("Game over: Bob has no dots left. Ann wins.");

    std::string record = recordText();
    for (const char* line : {"[Red \"Ann\"]", "Red: e49-d47 slides to e48"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

TEST(MobiatusLayout, EveryCellHasOneSpotAndItsFarFaceIsBesideIt) {
    EXPECT_EQ(spotOf("a1").board, 0);
    EXPECT_EQ(spotOf("a1").square, "a2");
    EXPECT_EQ(spotOf("e30").board, 3);
    EXPECT_EQ(spotOf("e30").square, "e7");
    EXPECT_EQ(spotOf("c31").board, 4);
    EXPECT_EQ(spotOf("c31").square, "c2");
    EXPECT_EQ(opposite("a1"), "e31");
    EXPECT_EQ(opposite("e31"), "a1");
    EXPECT_EQ(opposite("c45"), "c15");
    // The far face lies at the same height in the other column.
    EXPECT_EQ(spotOf(opposite("b20")).square, "d" + spotOf("b20").square.substr(1));
    EXPECT_EQ(spotOf(opposite("b20")).board, spotOf("b20").board + 4);
}

}  // namespace
}  // namespace arbiter::e2e
