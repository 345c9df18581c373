// engine/fide/movegen: legal moves in the positions where generators go wrong.
#include "engine/fide/movegen.h"

#include <gtest/gtest.h>

#include "engine/fide/uci.h"
#include "fide_test_support.h"

namespace arbiter::fide {
namespace {

using testing::afterSan;
using testing::positionFromFen;

MoveList legalMoves(std::string_view fen) {
    MoveList moves;
    generateLegalMoves(positionFromFen(fen), moves);
    return moves;
}

bool hasMove(std::string_view fen, std::string_view uci) {
    for (Move m : legalMoves(fen))
        if (toUci(m) == uci) return true;
    return false;
}

TEST(Movegen, StartPositionHasTwentyMoves) {
    MoveList moves;
    generateLegalMoves(Position::standardStart(), moves);
    EXPECT_EQ(moves.size(), 20);
    EXPECT_EQ(countLegalMoves(Position::standardStart()), 20u);
}

TEST(Movegen, PinnedKnightCannotMove) {
    // The knight on d2 stands between its king on e1 and the bishop on b4.
    const char* fen = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1";
    for (Move m : legalMoves(fen)) EXPECT_NE(m.from(), parseSquare("d2")) << toUci(m);
}

TEST(Movegen, PinnedRookMovesOnlyAlongThePin) {
    const char* fen = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1";
    EXPECT_TRUE(hasMove(fen, "e2e8"));
    EXPECT_TRUE(hasMove(fen, "e2e5"));
    EXPECT_FALSE(hasMove(fen, "e2d2"));
}

TEST(Movegen, PinnedPawnMayCaptureThePinnerOnly) {
    const char* fen = "4k3/8/8/8/8/5b2/4P3/3K4 w - - 0 1";
    EXPECT_TRUE(hasMove(fen, "e2f3"));
    EXPECT_FALSE(hasMove(fen, "e2e3"));
    EXPECT_FALSE(hasMove(fen, "e2e4"));
}

TEST(Movegen, EnPassantThatExposesTheKingAlongTheRankIsIllegal) {
    const char* fen = "8/8/8/KPp4r/8/8/8/7k w - c6 0 1";
    EXPECT_FALSE(hasMove(fen, "b5c6"));
    EXPECT_TRUE(hasMove(fen, "b5b6"));
}

TEST(Movegen, EnPassantMayCaptureThePawnThatGivesCheck) {
    const char* fen = "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1";
    EXPECT_TRUE(hasMove(fen, "e4d3"));
}

TEST(Movegen, EnPassantIsImpossibleWhenItLeavesAnotherCheck) {
    const char* fen = "8/8/8/1k6/3Pp3/8/8/1R2K3 b - d3 0 1";  // rook b1 checks along b-file
    EXPECT_FALSE(hasMove(fen, "e4d3"));
}

TEST(Movegen, EnPassantIsOnlyPossibleRightAfterTheDoubleStep) {
    Position p = afterSan(positionFromFen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1"), {"e4"});
    EXPECT_TRUE(hasLegalEnPassant(p));
    p = afterSan(p, {"Kd7", "Kd2"});
    EXPECT_FALSE(hasLegalEnPassant(p));
}

TEST(Movegen, CastlesBothWaysWhenTheWayIsFree) {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    EXPECT_TRUE(hasMove(fen, "e1g1"));
    EXPECT_TRUE(hasMove(fen, "e1c1"));
}

TEST(Movegen, CannotCastleThroughAnAttackedSquare) {
    EXPECT_FALSE(hasMove("4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
    EXPECT_FALSE(hasMove("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"));
}

TEST(Movegen, CannotCastleIntoCheck) {
    EXPECT_FALSE(hasMove("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
}

TEST(Movegen, CannotCastleOutOfCheck) {
    EXPECT_FALSE(hasMove("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
    EXPECT_FALSE(hasMove("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
}

TEST(Movegen, QueensideCastlingIgnoresAnAttackOnB1) {
    EXPECT_TRUE(hasMove("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"));
}

TEST(Movegen, CannotCastleWithAPieceInTheWay) {
    EXPECT_FALSE(hasMove("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1"));
    EXPECT_FALSE(hasMove("4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "e1g1"));
}

TEST(Movegen, CastlingRightIsLostWhenTheRookIsCaptured) {
    Position p = afterSan(positionFromFen("4k3/8/8/8/8/6n1/8/R3K2R b KQ - 0 1"), {"Nxh1"});
    EXPECT_EQ(p.castlingRights(), WhiteQueenside);
    EXPECT_EQ(toFen(p), "4k3/8/8/8/8/8/8/R3K2n w Q - 0 2");
}

TEST(Movegen, DoubleCheckAllowsOnlyKingMoves) {
    // Rook e8 and knight d3 both check the king on e1.
    for (Move m : legalMoves("k3r3/8/8/8/8/3n4/8/4K2R w - - 0 1")) {
        EXPECT_EQ(m.from(), parseSquare("e1")) << toUci(m);
    }
}

TEST(Movegen, SingleCheckCanBeBlockedOrTheCheckerCaptured) {
    const char* fen = "4r1k1/8/8/8/8/8/3N4/R3K3 w Q - 0 1";
    EXPECT_FALSE(hasMove(fen, "a1a8"));
    EXPECT_TRUE(hasMove(fen, "d2e4"));   // block
    EXPECT_FALSE(hasMove(fen, "d2b3"));  // neither blocks nor captures
    EXPECT_TRUE(hasMove(fen, "e1f2"));
    EXPECT_FALSE(hasMove(fen, "e1e2"));  // still on the checking line
}

TEST(Movegen, KingCannotStepBackAlongTheCheckingLine) {
    EXPECT_FALSE(hasMove("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f1"));
    EXPECT_TRUE(hasMove("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1e2"));
}

TEST(Movegen, PromotionOffersQueenRookBishopAndKnight) {
    const char* fen = "3n4/4P3/8/8/8/8/8/k3K3 w - - 0 1";
    for (const char* uci : {"e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7d8q", "e7d8n"}) {
        EXPECT_TRUE(hasMove(fen, uci)) << uci;
    }
    EXPECT_FALSE(hasMove(fen, "e7e8"));
    EXPECT_EQ(countLegalMoves(positionFromFen(fen)), uint64_t(legalMoves(fen).size()));
}

TEST(Movegen, BulkCountEqualsListedMovesInTrickyPositions) {
    for (std::string_view fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
             "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
             "k3r3/8/8/8/8/3n4/8/4K2R w - - 0 1",
             "3n4/4P3/8/8/8/8/8/k3K3 w - - 0 1",
         }) {
        EXPECT_EQ(countLegalMoves(positionFromFen(fen)), uint64_t(legalMoves(fen).size())) << fen;
    }
}

TEST(Movegen, CheckmatedSideHasNoMoves) {
    Position p = afterSan(Position::standardStart(), {"f3", "e5", "g4", "Qh4"});
    EXPECT_TRUE(p.inCheck());
    EXPECT_EQ(countLegalMoves(p), 0u);
}

}  // namespace
}  // namespace arbiter::fide
