// Colonization through the real programs: six players on the three virtual
// boards of the default layout (one 8x8 board per two players, side by side:
// a1 for cells a-h, i1 for i-p, q1 for q-x), as docs/rules/colonization.md
// tells a table to play it. Players at one colour share a set's look, so
// whose a piece is follows from whose turn it was; abstaining, late arrivals
// and rejoining are said with arbiterctl.
#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

const std::vector<std::string> kBoardNames = {"a1", "i1", "q1"};

// Where a cell of the surface lies: which board, and which of its own squares.
struct Spot {
    int board;
    std::string square;
};
Spot spotOf(const std::string& cell) {
    int file = cell[0] - 'a';
    return {file / 8, std::string(1, char('a' + file % 8)) + cell.substr(1)};
}

class Colonization : public SeveralBoardsTest {
  protected:
    ChildProcess& boardOf(const Spot& spot) { return *boards_[static_cast<size_t>(spot.board)]; }
    void take(const std::string& cell) {
        Spot s = spotOf(cell);
        boardOf(s).send("remove " + s.square + "\n");
    }
    void put(const std::string& cell, char piece) {
        Spot s = spotOf(cell);
        boardOf(s).send("put " + s.square + " " + piece + "\n");
    }
    // A piece put down (a placement, a production), and what arbiterd says.
    void place(const std::string& cell, char piece, const std::string& expect) {
        if (HasFatalFailure()) return;  // the game is off its script: say so once
        put(cell, piece);
        expectSaid(expect);
    }
    // A step, or a home planet taking what stands on `to`: the piece there is
    // lifted off first, long enough for the board to feel it, since a planet
    // of the same colour leaves the square looking as it did.
    void move(const std::string& from, const std::string& to, char piece,
              const std::string& expect) {
        if (HasFatalFailure()) return;
        take(to);
        boardOf(spotOf(to)).send("wait 100\n");
        take(from);
        put(to, piece);
        expectSaid(expect);
    }
    void say(const std::vector<std::string>& words, const std::string& expect) {
        if (HasFatalFailure()) return;
        auto [code, text] = control(words);
        ASSERT_EQ(code, 0) << text;
        expectSaid(expect);
    }
    // Everyone from `who` on abstains until the turn comes round to Ann.
    void othersAbstain(const std::vector<std::string>& who) {
        for (const std::string& name : who) say({"do", "pass"}, name + ": abstains");
    }
};

TEST_F(Colonization, AnnIsTheOnlySocietyLeftAfterSixPlayersLateArrivalsAndARejoin) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    const std::vector<std::string> game = {
        "--game",   "colonization", "--players", "6",   "--player", "Ann", "--player", "Bob",
        "--player", "Cy",           "--player",  "Dee", "--player", "Eve", "--player", "Fay"};
    startBoards(kBoardNames, game);
    startDaemonOnTheBoards(game);
    expectSaid("no board named, so the table is on virtual boards");
    expectSaid("/arbiter-vboard --name q1 --setup 8/8/8/8/8/8/8/8");
    expectSaid("New game of colonization, 10+5. Ann to move", 10000);
    const std::vector<std::string> all = {"Bob", "Cy", "Dee", "Eve", "Fay"};

    // The opening: a home planet each, white and black by turns, in a row
    // that Ann's planet will walk along.
    place("d4", 'B', "Ann: home planet on d4");
    place("e6", 'b', "Bob: home planet on e6");
    place("f7", 'B', "Cy: home planet on f7");
    place("g8", 'b', "Dee: home planet on g8");
    place("h7", 'B', "Eve: home planet on h7");
    place("i6", 'b', "Fay: home planet on i6");  // on the middle board

    // Ann grows eight colonies round her planet; Bob one beside his.
    place("c3", 'P', "Ann: colony on c3");
    place("e7", 'p', "Bob: colony on e7");
    othersAbstain({"Cy", "Dee", "Eve", "Fay"});
    for (const char* cell : {"c4", "c5", "d3", "d5", "e3", "e4", "e5"}) {
        place(cell, 'P', std::string("Ann: colony on ") + cell);
        othersAbstain(all);
    }
    // Eight colonies make an agricultural station: the rook goes down where a
    // colony stood, and arbiterd says which colonies to take off.
    take("e5");
    place("e5", 'R', "Ann: agricultural station on e5");
    expectSaid("Now take the white pawn (a colony) off c3 (board A c3);");
    for (const char* cell : {"c3", "d3", "e3", "c4", "e4", "c5", "d5"}) take(cell);
    othersAbstain(all);

    // Ann's planet steps out and takes Bob's: Bob's colony is cut off.
    move("d4", "d5", 'B', "Ann: d4-d5");
    othersAbstain(all);
    move("d5", "e6", 'B', "Ann: home planet d5xe6 (board A d5-e6) takes Bob's home planet");
    expectSaid("Bob is out of the game.");
    expectSaid("Now take the black pawn (a colony) off e7 (board A e7).");
    take("e7");
    // Bob comes back, and Gus arrives: both at the end of the rotation, each
    // placing a home planet on their first turn, after Fay.
    say({"do", "join", "Bob"}, "Bob rejoins the game in seat 7, at the end of the rotation.");
    {
        // The clocks name Bob once: his old seat is out of the game.
        const std::string said = daemon_->transcript();
        const size_t at = said.rfind("Bob rejoins the game");
        const std::string line = said.substr(at, said.find('\n', at) - at);
        size_t bobs = 0;
        for (size_t i = line.find("Bob"); i != std::string::npos; i = line.find("Bob", i + 1))
            ++bobs;
        EXPECT_EQ(bobs, 2u) << line;  // "Bob rejoins" and his clock
    }
    say({"do", "join", "Gus"}, "Gus joins the game in seat 8");
    othersAbstain({"Cy", "Dee", "Eve", "Fay"});
    place("x1", 'b', "Bob: home planet on x1");  // back with his own black set
    place("j7", 'b', "Gus: home planet on j7");  // seat 8 black

    // Ann's planet walks the row, taking a home planet a turn; the station it
    // leaves behind is cut off from it.
    move("e6", "f7", 'B', "Ann: home planet e6xf7 (board A e6-f7) takes Cy's home planet");
    expectSaid("Now take the white rook (an agricultural station) off e5 (board A e5).");
    take("e5");
    othersAbstain({"Dee", "Eve", "Fay", "Bob", "Gus"});
    move("f7", "g8", 'B', "Ann: home planet f7xg8 (board A f7-g8) takes Dee's home planet");
    othersAbstain({"Eve", "Fay", "Bob", "Gus"});
    move("g8", "h7", 'B', "Ann: home planet g8xh7 (board A g8-h7) takes Eve's home planet");
    othersAbstain({"Fay", "Bob", "Gus"});
    move("h7", "i6", 'B',
         "Ann: home planet h7xi6 (board A h7, board B a6) takes Fay's home planet");
    othersAbstain({"Bob", "Gus"});
    // Bob is back with one home planet only: he does not count yet.
    move("i6", "j7", 'B', "Ann: home planet i6xj7 (board B a6-b7) takes Gus's home planet");
    expectSaid("Game over: only Ann's society is left. Ann wins.");

    // The record names the seats; its tags say who sat in each.
    std::string record = recordText();
    for (const char* line : {"[Player7 \"Bob\"]", "[Player8 \"Gus\"]",
                             "92. Player 1: home planet i6xj7 takes Player 8's home planet",
                             "Result: Player 1 wins (only Player 1's society is left)"}) {
        EXPECT_NE(record.find(line), std::string::npos) << line << "\n" << record;
    }
}

}  // namespace
}  // namespace arbiter::e2e
