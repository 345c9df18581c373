// engine/fide/fen: reading and writing FEN, and every way a FEN can be wrong.
#include "engine/fide/fen.h"

#include <gtest/gtest.h>

#include "fide_test_support.h"

namespace arbiter::fide {
namespace {

using testing::afterSan;
using testing::positionFromFen;

// Expects `fen` rejected with a message containing `fragment`.
void expectRejected(std::string_view fen, std::string_view fragment) {
    std::string error;
    auto position = parseFen(fen, error);
    EXPECT_FALSE(position.has_value()) << fen;
    EXPECT_NE(error.find(fragment), std::string::npos)
        << "message for '" << fen << "' was: " << error;
}

TEST(Fen, StandardStartRoundTrips) {
    EXPECT_EQ(toFen(Position::standardStart()), kStandardStartFen);
    EXPECT_EQ(toFen(positionFromFen(kStandardStartFen)), kStandardStartFen);
}

TEST(Fen, RoundTripsPositionsWithEveryField) {
    for (std::string_view fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
             "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
             "8/8/8/8/8/8/8/K6k b - - 99 170",
             "r3k3/8/8/8/8/8/8/4K2R b Kq - 5 40",
         }) {
        EXPECT_EQ(toFen(positionFromFen(fen)), fen);
    }
}

TEST(Fen, ToleratesExtraSpacesBetweenFields) {
    EXPECT_EQ(
        toFen(positionFromFen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0 1 ")),
        kStandardStartFen);
}

TEST(Fen, WritesEnPassantSquareAfterEveryDoubleStep) {
    Position p = afterSan(Position::standardStart(), {"e4"});
    EXPECT_EQ(toFen(p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

TEST(Fen, ClocksCountPliesSinceCaptureOrPawnMoveAndFullMoves) {
    Position p = afterSan(Position::standardStart(), {"Nf3", "Nf6", "Ng1"});
    EXPECT_EQ(toFen(p), "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2");
}

TEST(Fen, RejectsWrongFieldCount) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "6 fields");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "6 fields");
    expectRejected("", "got 0");
}

TEST(Fen, RejectsRankWithNineFiles) {
    expectRejected("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7");
    expectRejected("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "unknown character '9'");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1", "rank 1");
}

TEST(Fen, RejectsRankWithSevenFiles) {
    expectRejected("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "rank 6 has 7 squares");
}

TEST(Fen, RejectsWrongNumberOfRanks) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "more than 8 ranks");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
                   "more than 8 ranks");
}

TEST(Fen, RejectsUnknownPieceLetters) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                   "unknown character 'X'");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x01 w KQkq - 0 1", "\\x01");
    expectRejected("rnbqkbnr/pppppppp/8/8/4 4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "6 fields");
    expectRejected("rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "unknown character '0'");
}

TEST(Fen, RejectsTwoDigitsInARow) {
    expectRejected("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits");
}

TEST(Fen, RejectsMissingKing) {
    expectRejected("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "Black has no king");
}

TEST(Fen, RejectsTwoKingsOfOneColour) {
    expectRejected("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "White has 2 kings");
}

TEST(Fen, RejectsSideNotToMoveInCheck) {
    expectRejected("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "Black is in check but it is White's turn");
    expectRejected("8/8/8/3kK3/8/8/8/8 w - - 0 1", "in check");
}

TEST(Fen, AcceptsSideToMoveInCheck) {
    positionFromFen("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Fen, RejectsCheckFromThreePieces) {
    expectRejected("4k3/8/3N1N2/8/8/8/8/4R1K1 b - - 0 1", "3 pieces");
}

TEST(Fen, RejectsPawnsOnTheBackRanks) {
    expectRejected("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
                   "white pawn stands on h8");
    expectRejected("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "black pawn stands on a1");
}

TEST(Fen, RejectsMoreThanEightPawnsOrImpossiblePromotions) {
    expectRejected("4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1", "9 pawns");
    expectRejected("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "promotions");
}

TEST(Fen, RejectsBadSideToMove) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "'w' or 'b'");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "'w' or 'b'");
}

TEST(Fen, RejectsCastlingRightsThePiecesDoNotAllow) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
                   "'K' needs the white king on e1 and a white rook on h1");
    expectRejected("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "'k' needs the black king on e8");
    expectRejected("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'q'");
}

TEST(Fen, RejectsMalformedCastlingField) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "given twice");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
                   "unknown character 'x'");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq- - 0 1", "too long");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -- - 0 1",
                   "unknown character '-'");
}

TEST(Fen, RejectsEnPassantSquareOnWrongRank) {
    expectRejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "rank 3");
    expectRejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "rank 6");
}

TEST(Fen, RejectsEnPassantSquareWithoutDoubleSteppedPawn) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
                   "needs a white pawn on e4");
    expectRejected("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", "e3");
}

TEST(Fen, RejectsEnPassantSquareThatIsNotASquare) {
    expectRejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", "not a square");
    expectRejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e33 0 1", "not a square");
}

TEST(Fen, RejectsEnPassantSquareWithNonZeroHalfmoveClock) {
    expectRejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 4 1", "halfmove clock");
}

TEST(Fen, RejectsNonNumericClocks) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "not a number");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "not a number");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1", "not a number");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "not a number");
}

TEST(Fen, RejectsMoveNumberZeroAndHugeClocks) {
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "at least 1");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10000 1", "too large");
    expectRejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999",
                   "too large");
}

TEST(Fen, SquareNamesRoundTrip) {
    for (Square s = 0; s < 64; ++s) EXPECT_EQ(parseSquare(squareName(s)), s);
    EXPECT_EQ(parseSquare("i1"), NoSquare);
    EXPECT_EQ(parseSquare("a"), NoSquare);
}

}  // namespace
}  // namespace arbiter::fide
