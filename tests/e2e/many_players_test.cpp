// Four players at one occupancy-only board, through the real programs: pieces
// that all look alike, so whose each one is comes from history alone.
#include <fstream>

#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class ManyPlayers : public TableTest {};

// Skirmish's start: Ann a1 b1 a2, Bob h1 g1 h2, Cat h8 g8 h7, Dan a8 b8 a7.
constexpr const char* kSkirmishStart = "PP4PP/P6P/8/8/8/8/P6P/PP4PP";

TEST_F(ManyPlayers, FourPlayersOnAnOccupancyBoardOwnershipFollowedThroughHistory) {
    std::string link = (dir_ / "home-made").string();
    std::string ini = (dir_ / "skirmish.ini").string();
    std::ofstream(ini) << "game = skirmish\ntime = 10+0\n"
                       << "player = Ann\nplayer = Bob\nplayer = Cat\nplayer = Dan\n"
                       << "[board.home-made]\ndevice = dgt:" << link
                       << "\nrotation = 0\nsensing = occupancy\n";
    auto board = startBoardAt(link, {"--setup", kSkirmishStart});
    startDaemonWithout({"--config", ini});
    expectSaid("New game of skirmish");

    board->send("b1-c2\n");
    expectSaid("Ann: b1-c2");
    board->send("g1-f2\n");
    expectSaid("Bob: g1-f2");
    // Cat moves Dan's piece: a legal step by the look of the board, but not hers.
    board->send("a7-b6\n");
    expectSaid(
        "Illegal position: a7-b6 (the piece on a7 is Dan's, and it is Cat's turn). To fix: take "
        "the piece off b6; put a white pawn on a7.");
    board->send("b6-a7\n");
    expectSaid("The position is correct again. Cat to move.");
    board->send("h7-g6\n");
    expectSaid("Cat: h7-g6");
    board->send("a7-b6\n");
    expectSaid("Dan: a7-b6");
    board->send("c2-d3\n");
    expectSaid("Ann: c2-d3");
    board->send("f2-e3\n");
    expectSaid("Bob: f2-e3");
    board->send("g6-f5\n");
    expectSaid("Cat: g6-f5");
    board->send("b6-c5\n");
    expectSaid("Dan: b6-c5");

    // Ann picks up her piece beside Bob's: the board looks as if d3xe3 were made.
    board->send("lift d3\n");
    expectSaid("If you made d3xe3, lift the piece on e3 and set it down again");
    board->send("remove e3\nwait 300\nplace e3\n");
    expectSaid("Ann: d3xe3 (d3-e3), takes the white pawn on e3");
    // The piece on e3 is Ann's now, though it stands where Bob's stood.
    board->send("e3-e4\n");
    expectSaid(
        "Illegal position: e3-e4 (the piece on e3 is Ann's, and it is Bob's turn). To fix: put a "
        "white pawn on e3; take the piece off e4.");
    board->send("e4-e3\n");
    expectSaid("The position is correct again. Bob to move.");

    auto [joined, joinText] = control({"do", "join", "Eve"});
    EXPECT_EQ(joined, 0) << joinText;
    expectSaid("Eve joins the game in seat 5");
    board->send("h2-h3\n");
    expectSaid("Bob: h2-h3");
    board->send("f5-f4\n");
    expectSaid("Cat: f5-f4");
    board->send("c5-c4\n");
    expectSaid("Dan: c5-c4");
    board->send("put d6 P\n");  // Eve's first turn: she places a piece anywhere empty
    expectSaid("Eve: @d6");

    auto [left, leaveText] = control({"do", "leave", "--player", "2"});
    EXPECT_EQ(left, 0) << leaveText;
    expectSaid("Bob leaves the game; their pieces leave the board with them. Ann to move.");
    expectSaid("Now take the piece off h1; take the piece off h3.");
    board->send("remove h1\nremove h3\n");
    expectSaid("The position is correct again. Ann to move.");

    auto [status, json] = control({"--json", "status"});
    EXPECT_EQ(status, 0) << json;
    EXPECT_NE(json.find("\"scores\":[1,0,0,0,0]"), std::string::npos) << json;
    EXPECT_NE(json.find("\"inGame\":[true,false,true,true,true]"), std::string::npos) << json;

    for (const char* seat : {"3", "4", "5"}) {  // Cat, Dan and Eve: seats counted from 1
        auto [code, text] = control({"do", "leave", "--player", seat});
        EXPECT_EQ(code, 0) << text;
    }
    expectSaid("Game over: last player standing. Ann wins.");
    std::string record = recordText();
    EXPECT_NE(record.find("[Player1 \"Ann\"]"), std::string::npos) << record;
    EXPECT_NE(record.find("Ann: d3xe3"), std::string::npos) << record;
    EXPECT_NE(record.find("Player 5 joins"), std::string::npos) << record;
    EXPECT_NE(record.find("Result: won by player 1 (last player standing)"), std::string::npos)
        << record;
}

}  // namespace
}  // namespace arbiter::e2e
