#include "daemon/referee/surface.h"

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

// A board that reads each piece's tag (a Certabo) tells a piece exchanged for
// a look-alike: the cell looks the same, but a hand was there.
TEST(Surface, APieceExchangedForALookAlikeIsATouchThoughTheCellLooksTheSame) {
    Surface s(Geometry::rectangle(8, 8), {{"certabo", 0, 0, 0, Sensing::ColourAndKind}});
    EXPECT_FALSE(s.readsTags());
    BoardSquares squares{};
    squares[60] = kWhiteKing;
    SquareTags tags{};
    tags[60] = 7;
    s.boardDump(0, squares, 0);
    s.boardTags(0, tags, 0);
    s.markStill();
    const Cell e1 = *s.geometry().parse("e1");
    EXPECT_TRUE(s.readsTags());
    EXPECT_EQ(s.tag(e1), 7u);
    EXPECT_FALSE(s.touched(e1));
    const uint64_t stamp = s.changeStamp();
    tags[60] = 8;
    s.boardTags(0, tags, 5);
    EXPECT_EQ(s.tag(e1), 8u);
    EXPECT_TRUE(s.touched(e1));
    EXPECT_EQ(s.lastChange(), 5);
    auto changes = s.changesSince(stamp);
    ASSERT_TRUE(changes);
    EXPECT_EQ(std::vector<Cell>(changes->begin(), changes->end()), std::vector<Cell>{e1});
    s.boardTags(0, tags, 6);
    EXPECT_EQ(s.changeStamp(), stamp + 1) << "the same tags again change nothing";
}

TEST(Surface, ABoardAwayHasNoTagsUntilItTellsThemAgain) {
    Surface s(Geometry::rectangle(8, 8), {{"certabo", 0, 0, 0, Sensing::ColourAndKind}});
    BoardSquares squares{};
    squares[60] = kWhiteKing;
    SquareTags tags{};
    tags[60] = 7;
    s.boardDump(0, squares, 0);
    s.boardTags(0, tags, 0);
    const Cell e1 = *s.geometry().parse("e1");
    s.boardLost(0, 1);
    EXPECT_EQ(s.tag(e1), 0u);
    s.boardDump(0, squares, 2);
    EXPECT_EQ(s.tag(e1), 0u) << "the board back has not told its tags yet";
    s.boardTags(0, tags, 3);
    EXPECT_EQ(s.tag(e1), 7u);
}

// A board found by probing is known only once it answers: what it senses is
// set then, and its cells are looked at again.
TEST(Surface, WhatABoardSensesMayBeSetOnceItIsKnown) {
    Surface s(Geometry::rectangle(8, 8), {{"auto", 0, 0, 0, Sensing::ColourAndKind}});
    s.boardDump(0, {}, 0);
    const uint64_t stamp = s.changeStamp();
    s.setSensing(0, Sensing::Occupancy);
    const Cell e1 = *s.geometry().parse("e1");
    EXPECT_EQ(s.sensing(e1), Sensing::Occupancy);
    EXPECT_EQ(s.placement(0).sensing, Sensing::Occupancy);
    EXPECT_EQ(s.changeStamp(), stamp + 64) << "every cell of the board to be judged again";
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

// A table may read two set pieces as one look (Martian Chess: a king and a
// queen are both queens): a report that reads the same was still a hand there.
TEST(Surface, AReportThatReadsTheSameStillCountsAsTouched) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    BoardSquares squares{};
    squares[60] = kWhiteKing;
    s.boardDump(0, squares, 0);
    s.markStill();
    const uint64_t stamp = s.changeStamp();
    s.squareChanged(0, 60, kWhiteKing, 5);
    EXPECT_TRUE(s.touched(4));                 // e1
    EXPECT_EQ(s.cell(4).content, kWhiteKing);  // what it shows is unchanged,
    EXPECT_EQ(s.changeStamp(), stamp);         // so no cell is logged as changed
    EXPECT_FALSE(s.touched(3));
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

TEST(Surface, OneBoardAwayOfTwoLeavesTheSurfaceNotAllKnownUntilItIsBack) {
    Surface s(Geometry::rectangle(16, 8), {{"left", 0, 0, 0, Sensing::ColourAndKind},
                                           {"right", 8, 0, 0, Sensing::ColourAndKind}});
    s.boardDump(0, {}, 0);
    EXPECT_FALSE(s.allKnown()) << "the right board has not reported yet";
    s.boardDump(1, {}, 1);
    EXPECT_TRUE(s.allKnown());
    s.boardLost(1, 2);
    EXPECT_FALSE(s.allKnown());
    s.squareChanged(1, 60, kWhiteKing, 3);  // kept until its next dump
    EXPECT_FALSE(s.allKnown());
    s.boardDump(1, {}, 4);
    EXPECT_TRUE(s.allKnown());
}

TEST(Surface, CellsUnusedByTheLayoutNeverCountAsUnknown) {
    // A board covers only the left half of the game's cells; the right half are holes.
    Geometry g = Geometry::rectangle(16, 8);
    for (int f = 8; f < 16; ++f) {
        for (int r = 0; r < 8; ++r) g.removeCell(g.cell(f, r));
    }
    Surface s(g, {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    s.boardDump(0, {}, 0);
    EXPECT_TRUE(s.allKnown());
}

TEST(Surface, ChangesSinceAStampAreTheCellsThatChangedInOrder) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    s.boardDump(0, {}, 0);
    uint64_t stamp = s.changeStamp();
    s.squareChanged(0, 60, kWhiteKing, 1);  // e1
    s.squareChanged(0, 60, kWhiteKing, 2);  // no change: not a change
    s.squareChanged(0, 52, kWhiteKing, 3);  // e2
    auto changes = s.changesSince(stamp);
    ASSERT_TRUE(changes.has_value());
    EXPECT_EQ(std::vector<Cell>(changes->begin(), changes->end()), (std::vector<Cell>{4, 12}));
    EXPECT_TRUE(s.changesSince(s.changeStamp())->empty());
}

TEST(Surface, AWholeDumpReportsOnlyTheCellsItChanged) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    BoardSquares squares{};
    s.boardDump(0, squares, 0);
    uint64_t stamp = s.changeStamp();
    squares[0] = kWhiteKing;  // a8
    s.boardDump(0, squares, 1);
    auto changes = s.changesSince(stamp);
    ASSERT_TRUE(changes.has_value());
    EXPECT_EQ(std::vector<Cell>(changes->begin(), changes->end()), std::vector<Cell>{56});
}

TEST(Surface, AReaderTooFarBehindIsToldToLookAtEveryCell) {
    Surface s(Geometry::rectangle(8, 8), {{"b", 0, 0, 0, Sensing::ColourAndKind}});
    s.boardDump(0, {}, 0);
    uint64_t stamp = s.changeStamp();
    for (int i = 0; i < 10000; ++i) s.squareChanged(0, 60, i % 2 ? kWhiteKing : Appearance(), i);
    EXPECT_FALSE(s.changesSince(stamp).has_value());
    EXPECT_TRUE(s.changesSince(s.changeStamp() - 10).has_value());
}

}  // namespace
}  // namespace arbiter
