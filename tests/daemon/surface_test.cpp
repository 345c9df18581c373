#include "daemon/surface.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

const SetPiece kWhiteKing{SetColour::White, Figure::King};

TEST(Surface, UnrotatedBoardSquareZeroIsA8) {
    Geometry g = Geometry::rectangle(8, 8);
    BoardPlacement p{"b", 0, 0, 0, Sensing::ColourAndKind};
    EXPECT_EQ(g.name(Surface::cellOf(g, p, 0)), "a8");
    EXPECT_EQ(g.name(Surface::cellOf(g, p, 63)), "h1");
    EXPECT_EQ(g.name(Surface::cellOf(g, p, 52)), "e2");
}

TEST(Surface, BoardTurnedRoundMapsA8ToH1) {
    Geometry g = Geometry::rectangle(8, 8);
    BoardPlacement p{"b", 0, 0, 180, Sensing::ColourAndKind};
    EXPECT_EQ(g.name(Surface::cellOf(g, p, 0)), "h1");
    EXPECT_EQ(g.name(Surface::cellOf(g, p, 52)), "d7");
}

TEST(Surface, QuarterTurnsAndOriginPlaceABoardOnALargerGeometry) {
    Geometry g = Geometry::rectangle(16, 8);
    BoardPlacement right{"b", 8, 0, 0, Sensing::ColourAndKind};
    EXPECT_EQ(g.name(Surface::cellOf(g, right, 63)), "p1");
    BoardPlacement quarter{"b", 0, 0, 90, Sensing::ColourAndKind};
    // The board's a1 corner (square 56) stays at the origin's opposite corner after a quarter turn.
    EXPECT_EQ(g.name(Surface::cellOf(g, quarter, 56)), "h1");
}

TEST(Surface, CellsAreUnknownUntilTheFirstDump) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    EXPECT_FALSE(s.allKnown());
    s.squareChanged(0, 60, kWhiteKing, 5);
    EXPECT_FALSE(s.allKnown());
    s.boardDump(0, {}, 10);
    EXPECT_TRUE(s.allKnown());
    EXPECT_EQ(s.lastChange(), 10);
}

TEST(Surface, FieldUpdateChangesOneCell) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    s.boardDump(0, {}, 0);
    s.squareChanged(0, 60, kWhiteKing, 7);
    EXPECT_EQ(s.cell(4).content, kWhiteKing);  // e1
    EXPECT_EQ(s.lastChange(), 7);
}

TEST(Surface, LostBoardMakesItsCellsUnknownAndItsReturnRestoresThem) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    BoardSquares squares{};
    squares[60] = kWhiteKing;
    s.boardDump(0, squares, 0);
    s.boardLost(0, 1);
    EXPECT_FALSE(s.allKnown());
    EXPECT_FALSE(s.cell(4).known);
    s.boardDump(0, squares, 2);
    EXPECT_EQ(s.cell(4).content, kWhiteKing);
}

}  // namespace
}  // namespace arbiter
