// engine/fide/uci: the machine form of moves.
#include "engine/fide/uci.h"

#include <gtest/gtest.h>

#include "fide_test_support.h"

namespace arbiter::fide {
namespace {

using testing::positionFromFen;

TEST(Uci, WritesFromAndToSquares) {
    EXPECT_EQ(toUci(Move::normal(parseSquare("e2"), parseSquare("e4"))), "e2e4");
}

TEST(Uci, WritesCastlingAsTheKingsStep) {
    EXPECT_EQ(toUci(Move::castling(parseSquare("e1"), parseSquare("g1"))), "e1g1");
    EXPECT_EQ(toUci(Move::castling(parseSquare("e8"), parseSquare("c8"))), "e8c8");
}

TEST(Uci, WritesPromotionPieceInLowerCase) {
    EXPECT_EQ(toUci(Move::promotion(parseSquare("e7"), parseSquare("e8"), Queen)), "e7e8q");
    EXPECT_EQ(toUci(Move::promotion(parseSquare("b2"), parseSquare("a1"), Knight)), "b2a1n");
}

TEST(Uci, ReadsLegalMovesOfEveryKind) {
    Position p = positionFromFen("r3k2r/8/8/3pP3/8/8/1p6/R3K2R w KQkq d6 0 1");
    auto castle = parseUci(p, "e1g1");
    ASSERT_TRUE(castle);
    EXPECT_EQ(castle->type(), Move::Type::Castling);
    auto enPassant = parseUci(p, "e5d6");
    ASSERT_TRUE(enPassant);
    EXPECT_EQ(enPassant->type(), Move::Type::EnPassant);
    Position black = positionFromFen("r3k2r/8/8/8/8/8/1p6/R3K2R b KQkq - 0 1");
    auto promotion = parseUci(black, "b2a1r");
    ASSERT_TRUE(promotion);
    EXPECT_EQ(promotion->promotion(), Rook);
}

TEST(Uci, RejectsIllegalMoves) {
    Position start = Position::standardStart();
    for (const char* text : {"e2e5", "e1g1", "a1a3", "e7e5", "g1g3", "e2e4q"}) {
        EXPECT_FALSE(parseUci(start, text).has_value()) << text;
    }
}

TEST(Uci, RejectsPromotionWithoutPieceOrWithUpperCase) {
    Position p = positionFromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    EXPECT_FALSE(parseUci(p, "e7e8").has_value());
    EXPECT_FALSE(parseUci(p, "e7e8Q").has_value());
    EXPECT_FALSE(parseUci(p, "e7e8k").has_value());
    EXPECT_TRUE(parseUci(p, "e7e8b").has_value());
}

TEST(Uci, RejectsMalformedText) {
    Position start = Position::standardStart();
    for (const char* text :
         {"", "e2", "e2e", "e2e4 ", " e2e4", "E2E4", "e2-e4", "e2e4qq", "i2i4", "e0e4", "0000"}) {
        EXPECT_FALSE(parseUci(start, text).has_value()) << text;
    }
}

}  // namespace
}  // namespace arbiter::fide
