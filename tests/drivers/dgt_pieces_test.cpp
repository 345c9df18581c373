// DGT piece codes as physical pieces.

#include "drivers/dgt/dgt_pieces.h"

#include <gtest/gtest.h>

#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::dgt {
namespace {

TEST(DgtPieces, MapsEveryCode) {
    EXPECT_EQ(appearanceOf(kEmpty), Appearance{});
    EXPECT_EQ(appearanceOf(kWhitePawn), Appearance(SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(appearanceOf(kWhiteRook), Appearance(SetPiece{SetColour::White, Figure::Rook}));
    EXPECT_EQ(appearanceOf(kWhiteKnight), Appearance(SetPiece{SetColour::White, Figure::Knight}));
    EXPECT_EQ(appearanceOf(kWhiteBishop), Appearance(SetPiece{SetColour::White, Figure::Bishop}));
    EXPECT_EQ(appearanceOf(kWhiteKing), Appearance(SetPiece{SetColour::White, Figure::King}));
    EXPECT_EQ(appearanceOf(kWhiteQueen), Appearance(SetPiece{SetColour::White, Figure::Queen}));
    EXPECT_EQ(appearanceOf(kBlackPawn), Appearance(SetPiece{SetColour::Black, Figure::Pawn}));
    EXPECT_EQ(appearanceOf(kBlackRook), Appearance(SetPiece{SetColour::Black, Figure::Rook}));
    EXPECT_EQ(appearanceOf(kBlackKnight), Appearance(SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(appearanceOf(kBlackBishop), Appearance(SetPiece{SetColour::Black, Figure::Bishop}));
    EXPECT_EQ(appearanceOf(kBlackKing), Appearance(SetPiece{SetColour::Black, Figure::King}));
    EXPECT_EQ(appearanceOf(kBlackQueen), Appearance(SetPiece{SetColour::Black, Figure::Queen}));
}

TEST(DgtPieces, ResultPiecesAndInvalidCodesShowNothing) {
    for (int code = 0x0d; code <= 0xff; ++code) {
        EXPECT_FALSE(isPieceCode(uint8_t(code))) << code;
        EXPECT_EQ(appearanceOf(uint8_t(code)), Appearance{}) << code;
    }
    for (int code = 0; code <= 0x0c; ++code) EXPECT_TRUE(isPieceCode(uint8_t(code)));
    EXPECT_TRUE(isResultPiece(0x0d));
    EXPECT_TRUE(isResultPiece(0x0f));
    EXPECT_FALSE(isResultPiece(0x0c));
    EXPECT_FALSE(isResultPiece(0x10));
}

TEST(DgtPieces, CodeRoundTrips) {
    for (int code = 0; code <= kBlackQueen; ++code) {
        EXPECT_EQ(pieceCode(appearanceOf(uint8_t(code))), code);
    }
}

}  // namespace
}  // namespace arbiter::dgt
