// Where the game's cells lie on a table of several boards, as the table says
// it: each cell with its board and the square a player reads there, a move
// with the squares its hands use, and an engine's sentence with each cell it
// names placed. A table of one board says nothing more than the game does.
#include "daemon/announce/cell_places.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

// Two boards side by side under 16x8 cells: board A holds files a-h as its
// own squares, board B files i-p as its a-h, turned round (its a1 on p8).
CellPlaces sideBySide(const Geometry& g) {
    std::vector<std::optional<CellPlace>> byCell(static_cast<size_t>(g.size()));
    for (int file = 0; file < 16; ++file) {
        for (int rank = 0; rank < 8; ++rank) {
            const bool left = file < 8;
            const int f = left ? file : 15 - file, r = left ? rank : 7 - rank;
            const std::string square = std::string(1, char('a' + f)) + std::to_string(r + 1);
            byCell[static_cast<size_t>(g.cell(file, rank))] =
                CellPlace{left ? "board A" : "board B", square};
        }
    }
    return CellPlaces(std::move(byCell));
}

TEST(CellPlaces, ACellIsSaidWithItsBoardAndTheSquareReadThere) {
    const Geometry g = Geometry::rectangle(16, 8);
    const CellPlaces places = sideBySide(g);
    EXPECT_EQ(places.cellText(*g.parse("k5"), g), "k5 (board B f4)");
    EXPECT_EQ(places.cellText(*g.parse("c5"), g), "c5 (board A c5)");
    EXPECT_EQ(places.data(*g.parse("k5")),
              (nlohmann::json{{"board", "board B"}, {"square", "f4"}}));
}

TEST(CellPlaces, AMoveNamesEachBoardOnceForItsRunOfSquares) {
    const Geometry g = Geometry::rectangle(16, 8);
    const CellPlaces places = sideBySide(g);
    const Action onB = Action::move(*g.parse("k5"), *g.parse("k6"));
    EXPECT_EQ(places.actionPlaces(onB), "board B f4-f3");
    EXPECT_EQ(places.withActionPlaces("k5-k6", onB, g), "k5-k6 (board B f4-f3)");
    // Before what the game adds about it.
    EXPECT_EQ(places.withActionPlaces("4 k5-k6, on a keypost: a 5 now", onB, g),
              "4 k5-k6 (board B f4-f3), on a keypost: a 5 now");
    const Action across = Action::moveVia(*g.parse("g1"), {*g.parse("h1")}, *g.parse("i1"));
    EXPECT_EQ(places.actionPlaces(across), "board A g1-h1, board B h8");
    EXPECT_EQ(places.actionData(across, g)[2],
              (nlohmann::json{{"cell", "i1"}, {"board", "board B"}, {"square", "h8"}}));
    EXPECT_EQ(places.actionPlaces(Action::pass()), "");
    EXPECT_EQ(places.withActionPlaces("pass", Action::pass(), g), "pass");
    // A capture's sign joins the two names: the squares go after the move still.
    const Action capture = Action::move(*g.parse("h7"), *g.parse("i6"));
    EXPECT_EQ(places.withActionPlaces("home planet h7xi6 takes Fay's home planet", capture, g),
              "home planet h7xi6 (board A h7, board B h3) takes Fay's home planet");
    // Cells the game names again after the move are not where the move ends.
    EXPECT_EQ(places.withActionPlaces("g1-h1 takes i2, h1-i1; new marks i1 g1 h1", across, g),
              "g1-h1 takes i2, h1-i1 (board A g1-h1, board B h8); new marks i1 g1 h1");
}

TEST(CellPlaces, EachCellAnEngineSentenceNamesIsPlacedAndNothingElse) {
    const Geometry g = Geometry::rectangle(16, 8);
    const CellPlaces places = sideBySide(g);
    EXPECT_EQ(places.withPlaces("k5 is in the way", g), "k5 (board B f4) is in the way");
    EXPECT_EQ(places.withPlaces("from a1 to p8, Player 2", g),
              "from a1 (board A a1) to p8 (board B a1), Player 2");
    // Not whole words of a cell's shape, or off the cells: left alone.
    EXPECT_EQ(places.withPlaces("Player2 has 3 dice; z9 and e2e4 and K5", g),
              "Player2 has 3 dice; z9 and e2e4 and K5");
}

TEST(CellPlaces, OneBoardLeavesEveryTextAsTheGameWritesIt) {
    const Geometry g = Geometry::rectangle(8, 8);
    const CellPlaces none;
    EXPECT_TRUE(none.empty());
    EXPECT_EQ(none.cellText(*g.parse("e2"), g), "e2");
    EXPECT_EQ(none.withPlaces("e4 is in the way", g), "e4 is in the way");
    EXPECT_EQ(none.withActionPlaces("e4", Action::move(*g.parse("e2"), *g.parse("e4")), g), "e4");
}

}  // namespace
}  // namespace arbiter
