#include "firmware-bridge/vboard/board_notation.h"

#include <gtest/gtest.h>

#include "fake_board_hardware.h"

namespace arbiter::vboard {
namespace {

// A named square's index in a SquareCodes array.
size_t squareIndex(const char* name) {
    return static_cast<size_t>(*parseSquare(name));
}

TEST(BoardNotation, NamesSquaresInTheBoardsOwnNumbering) {
    EXPECT_EQ(parseSquare("a8"), 0);
    EXPECT_EQ(parseSquare("h8"), 7);
    EXPECT_EQ(parseSquare("e2"), 52);
    EXPECT_EQ(parseSquare("E4"), 36);
    EXPECT_EQ(parseSquare("h1"), 63);
    EXPECT_EQ(squareName(0), "a8");
    EXPECT_EQ(squareName(52), "e2");
}

TEST(BoardNotation, RejectsSquaresOffTheBoard) {
    for (const char* bad : {"", "e", "e9", "i2", "e0", "e22", "2e"}) {
        EXPECT_FALSE(parseSquare(bad)) << bad;
    }
}

TEST(BoardNotation, ReadsFenLettersAsDgtCodes) {
    EXPECT_EQ(pieceFromLetter('P'), dgt::kWhitePawn);
    EXPECT_EQ(pieceFromLetter('Q'), dgt::kWhiteQueen);
    EXPECT_EQ(pieceFromLetter('n'), dgt::kBlackKnight);
    EXPECT_EQ(pieceFromLetter('k'), dgt::kBlackKing);
    EXPECT_FALSE(pieceFromLetter('x'));
    EXPECT_EQ(letterOf(dgt::kBlackBishop), 'b');
    EXPECT_EQ(letterOf(dgt::kEmpty), '.');
}

TEST(BoardNotation, StartPositionMatchesTheFactSheet) {
    EXPECT_EQ(startPosition(), firmware::testing::startPositionCodes());
}

TEST(BoardNotation, RotatedStartHasBlackOnTheBoardsRanksOneAndTwo) {
    const auto rotated = rotatedStartPosition();
    EXPECT_EQ(rotated[squareIndex("a1")], dgt::kBlackRook);
    EXPECT_EQ(rotated[squareIndex("d1")], dgt::kBlackKing);
    EXPECT_EQ(rotated[squareIndex("e1")], dgt::kBlackQueen);
    EXPECT_EQ(rotated[squareIndex("c2")], dgt::kBlackPawn);
    EXPECT_EQ(rotated[squareIndex("d8")], dgt::kWhiteKing);
    EXPECT_EQ(rotated[squareIndex("h7")], dgt::kWhitePawn);
}

TEST(BoardNotation, ReadsTheBoardPartOfAFen) {
    const FenBoard fen = parseFenBoard("4k3/8/8/8/4P3/8/8/4K3");
    ASSERT_TRUE(fen.position) << fen.error;
    EXPECT_EQ((*fen.position)[4], dgt::kBlackKing);
    EXPECT_EQ((*fen.position)[36], dgt::kWhitePawn);
    EXPECT_EQ((*fen.position)[60], dgt::kWhiteKing);
}

TEST(BoardNotation, RejectsBrokenFens) {
    for (const char* bad : {"", "8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8/8", "9/8/8/8/8/8/8/8",
                            "7/8/8/8/8/8/8/8", "ppppppppp/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7X"}) {
        const FenBoard fen = parseFenBoard(bad);
        EXPECT_FALSE(fen.position) << bad;
        EXPECT_NE(fen.error.find("bad FEN"), std::string::npos) << fen.error;
    }
}

}  // namespace
}  // namespace arbiter::vboard
