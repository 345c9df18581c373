// engine/core/geometry: cells, names and steps on rectangles and rings.
#include "engine/core/geometry.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(Geometry, ChessBoardCellsCountFromA1ByRank) {
    Geometry board = Geometry::rectangle(8, 8);
    EXPECT_EQ(board.size(), 64);
    EXPECT_EQ(board.cell(0, 0), 0);
    EXPECT_EQ(board.cell(7, 0), 7);
    EXPECT_EQ(board.cell(0, 7), 56);
    EXPECT_EQ(board.file(28), 4);
    EXPECT_EQ(board.rank(28), 3);
}

TEST(Geometry, NamesCellsLikeChessSquares) {
    Geometry board = Geometry::rectangle(8, 8);
    EXPECT_EQ(board.name(0), "a1");
    EXPECT_EQ(board.name(7), "h1");
    EXPECT_EQ(board.name(56), "a8");
    EXPECT_EQ(board.name(63), "h8");
    EXPECT_EQ(board.parse("e4"), 28);
    EXPECT_EQ(board.parse("h8"), 63);
}

TEST(Geometry, NameOfCellOutsideIsDash) {
    Geometry board = Geometry::rectangle(8, 8);
    EXPECT_EQ(board.name(-1), "-");
    EXPECT_EQ(board.name(64), "-");
}

TEST(Geometry, ParseRejectsSquaresOffTheBoardAndMalformedNames) {
    Geometry board = Geometry::rectangle(8, 8);
    for (const char* bad :
         {"", "e", "4", "i1", "a9", "a0", "1a", "E4", "e4x", "e-4", "aa1", "e04", "a01", "a008"}) {
        EXPECT_FALSE(board.parse(bad).has_value()) << bad;
    }
}

TEST(Geometry, ParseAndNameRoundTripOnEveryCell) {
    Geometry board = Geometry::rectangle(10, 10);
    for (Cell c = 0; c < board.size(); ++c) EXPECT_EQ(board.parse(board.name(c)), c);
    EXPECT_EQ(board.name(99), "j10");
}

TEST(Geometry, FilesAfterZContinueWithTwoLetters) {
    Geometry wide = Geometry::rectangle(30, 2);
    EXPECT_EQ(wide.name(25), "z1");
    EXPECT_EQ(wide.name(26), "aa1");
    EXPECT_EQ(wide.parse("ab2"), 30 + 27);
}

TEST(Geometry, StepStopsAtTheEdgeOfARectangle) {
    Geometry board = Geometry::rectangle(8, 8);
    EXPECT_EQ(board.step(0, -1, 0), NoCell);
    EXPECT_EQ(board.step(0, 0, -1), NoCell);
    EXPECT_EQ(board.step(0, 1, 1), 9);
    EXPECT_EQ(board.step(7, 1, 0), NoCell);
    EXPECT_EQ(board.step(63, 0, 1), NoCell);
}

TEST(Geometry, RingWrapsRanksButNotFiles) {
    Geometry ring = Geometry::ring(5, 60);
    EXPECT_TRUE(ring.wrapsRanks());
    EXPECT_EQ(ring.step(ring.cell(2, 59), 0, 1), ring.cell(2, 0));
    EXPECT_EQ(ring.step(ring.cell(2, 0), 0, -1), ring.cell(2, 59));
    EXPECT_EQ(ring.step(ring.cell(4, 10), 1, 0), NoCell);
    EXPECT_EQ(ring.step(ring.cell(0, 10), -1, 0), NoCell);
}

TEST(Geometry, RemovedCellIsAHole) {
    Geometry board = Geometry::rectangle(8, 8);
    board.removeCell(3);
    EXPECT_FALSE(board.contains(3));
    EXPECT_EQ(board.cell(3, 0), NoCell);
    EXPECT_EQ(board.step(2, 1, 0), NoCell);
    EXPECT_FALSE(board.parse("d1").has_value());
    EXPECT_TRUE(board.contains(4));
}

TEST(Geometry, EqualityComparesShapeAndHoles) {
    Geometry a = Geometry::rectangle(8, 8);
    Geometry b = Geometry::rectangle(8, 8);
    EXPECT_EQ(a, b);
    b.removeCell(0);
    EXPECT_NE(a, b);
    EXPECT_NE(Geometry::rectangle(5, 60), Geometry::ring(5, 60));
}

}  // namespace
}  // namespace arbiter
