// A virtual board of a table of several, told where it lies (--cells), reads
// the game's cell names as well as its own squares: what the table announces
// can be typed as it is said.
#include "firmware-bridge/vboard/game_cells.h"

#include <gtest/gtest.h>

#include "firmware-bridge/vboard/board_notation.h"

namespace arbiter::vboard {
namespace {

GameCells cellsOf(const char* text) {
    std::string error;
    auto cells = GameCells::parse(text, error);
    EXPECT_TRUE(cells) << error;
    return *cells;
}

TEST(GameCells, ACellUnderTheBoardIsTheSquareItLiesOn) {
    // Colonization's middle board: its a1 on the game's i1.
    const GameCells middle = cellsOf("a1:i1");
    EXPECT_EQ(middle.squareOf("k5"), parseSquare("c5"));
    EXPECT_EQ(middle.squareOf("p8"), parseSquare("h8"));
    EXPECT_EQ(middle.squareOf("h1"), std::nullopt);  // on the board to its left
    // Konfusion's first quarter: its d4 on a1, so e1 is its h4.
    EXPECT_EQ(cellsOf("d4:a1").squareOf("e1"), parseSquare("h4"));
    // Turned round: its a1 on the game's h8 (e.g. the far half of chess).
    EXPECT_EQ(cellsOf("a1:h8:180").squareOf("a8"), parseSquare("h1"));
    EXPECT_EQ(cellsOf("a1:h8:180").squareOf("f6"), parseSquare("c3"));
}

TEST(GameCells, ALineNamingCellsIsReadInTheBoardsSquares) {
    const GameCells middle = cellsOf("a1:i1");
    std::string error;
    EXPECT_EQ(middle.translate("k5-k6", error), "c5-c6");
    EXPECT_EQ(middle.translate("lift k5", error), "lift c5");
    EXPECT_EQ(middle.translate("put p8 Q", error), "put h8 Q");
    EXPECT_EQ(middle.translate("slide i1 k10", error), std::nullopt);  // k10 is off the board
    EXPECT_EQ(error, "cell k10 is not on this board (type its board's square on that board)");
    // A square's name is the board's own square; "@" makes it the game's cell.
    EXPECT_EQ(middle.translate("remove c5", error), "remove c5");
    EXPECT_EQ(middle.translate("remove @k5", error), "remove c5");
    EXPECT_EQ(cellsOf("d4:a1").translate("@e1x@e2", error), "h4xh5");
    // Words that are no squares are left for the console to judge.
    EXPECT_EQ(middle.translate("wait 500", error), "wait 500");
    EXPECT_EQ(middle.translate("put k5 Z", error), "put c5 Z");
}

TEST(GameCells, ABadPlaceIsRefusedWithTheFormToWrite) {
    std::string error;
    for (const char* bad : {"", "a1", "a1:", "z9:a1", "a1:i1:45", "a1:1i"}) {
        EXPECT_FALSE(GameCells::parse(bad, error)) << bad;
        EXPECT_NE(error.find("is not SQUARE:CELL[:ROTATION]"), std::string::npos) << error;
    }
}

}  // namespace
}  // namespace arbiter::vboard
