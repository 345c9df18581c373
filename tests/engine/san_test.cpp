// engine/fide/san: writing SAN exactly and reading it as people type it.
#include "engine/fide/san.h"

#include <gtest/gtest.h>

#include "engine/fide/movegen.h"
#include "engine/fide/uci.h"
#include "fide_test_support.h"

namespace arbiter::fide {
namespace {

using testing::afterSan;
using testing::positionFromFen;

std::string sanOf(std::string_view fen, std::string_view uci) {
    Position p = positionFromFen(fen);
    auto move = parseUci(p, uci);
    EXPECT_TRUE(move.has_value()) << uci << " in " << fen;
    return move ? toSan(p, *move) : std::string();
}

std::string uciOfSan(std::string_view fen, std::string_view san) {
    Position p = positionFromFen(fen);
    auto move = parseSan(p, san);
    return move ? toUci(*move) : std::string("none");
}

TEST(San, WritesPawnMovesWithoutLetter) {
    EXPECT_EQ(sanOf(kStandardStartFen, "e2e4"), "e4");
    EXPECT_EQ(sanOf("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
}

TEST(San, WritesEnPassantAsAPawnCapture) {
    EXPECT_EQ(sanOf("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
}

TEST(San, WritesPromotionWithEqualsSign) {
    EXPECT_EQ(sanOf("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    EXPECT_EQ(sanOf("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n"), "e8=N");
    EXPECT_EQ(sanOf("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8r"), "exd8=R");
}

TEST(San, WritesCheckAndMateSigns) {
    EXPECT_EQ(sanOf("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
    EXPECT_EQ(sanOf("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
    EXPECT_EQ(sanOf("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e1d2"), "Kd2");
    EXPECT_EQ(sanOf("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
}

TEST(San, WritesCastling) {
    EXPECT_EQ(sanOf("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(sanOf("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
    EXPECT_EQ(sanOf("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
}

TEST(San, DisambiguatesByFileFirst) {
    EXPECT_EQ(sanOf("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
    EXPECT_EQ(sanOf("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2"), "Nfd2");
}

TEST(San, DisambiguatesByRankWhenFilesAreEqual) {
    EXPECT_EQ(sanOf("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    EXPECT_EQ(sanOf("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "a7a3"), "R7a3");
}

TEST(San, DisambiguatesByFileAndRankWhenNeeded) {
    // Queens on h4, e4 and h1 all reach e1; h4 shares its file with h1, its rank with e4.
    const char* fen = "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1";
    EXPECT_EQ(sanOf(fen, "h4e1"), "Qh4e1");
    EXPECT_EQ(sanOf(fen, "e4e1"), "Qee1");
    EXPECT_EQ(sanOf(fen, "h1e1"), "Q1e1");
}

TEST(San, DoesNotDisambiguateAgainstAPinnedPiece) {
    // The knight on c3 is pinned by the bishop on b4, so only Ng1 can go to e2.
    EXPECT_EQ(sanOf("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "g1e2"), "Ne2");
}

TEST(San, ReadsStandardSan) {
    EXPECT_EQ(uciOfSan(kStandardStartFen, "e4"), "e2e4");
    EXPECT_EQ(uciOfSan(kStandardStartFen, "Nf3"), "g1f3");
    EXPECT_EQ(uciOfSan("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"), "e5d6");
    EXPECT_EQ(uciOfSan("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "exd8=N"), "e7d8n");
    EXPECT_EQ(uciOfSan("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nbd2"), "b1d2");
    EXPECT_EQ(uciOfSan("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1", "Qh4e1"), "h4e1");
}

TEST(San, ReadsCastlingWithLettersOrZeros) {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    EXPECT_EQ(uciOfSan(fen, "O-O"), "e1g1");
    EXPECT_EQ(uciOfSan(fen, "0-0"), "e1g1");
    EXPECT_EQ(uciOfSan(fen, "O-O-O"), "e1c1");
    EXPECT_EQ(uciOfSan(fen, "0-0-0+"), "e1c1");
}

TEST(San, ToleratesMissingOrWrongCheckSignsAndAnnotations) {
    EXPECT_EQ(uciOfSan("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8"), "a1a8");
    EXPECT_EQ(uciOfSan(kStandardStartFen, "e4+"), "e2e4");
    EXPECT_EQ(uciOfSan(kStandardStartFen, "Nf3!?"), "g1f3");
    EXPECT_EQ(uciOfSan("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#"), "a1a8");
}

TEST(San, ToleratesMissingCaptureSignAndEqualsSign) {
    EXPECT_EQ(uciOfSan("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "Nd5"), "e3d5");
    EXPECT_EQ(uciOfSan("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8Q"), "e7e8q");
    EXPECT_EQ(uciOfSan("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5"), "e4d5");
}

TEST(San, RejectsCaptureSignOnAQuietMove) {
    EXPECT_EQ(uciOfSan(kStandardStartFen, "Nxf3"), "none");
}

TEST(San, RejectsAmbiguousMoves) {
    EXPECT_EQ(uciOfSan("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2"), "none");
}

TEST(San, RejectsPromotionWithoutPieceAndToKing) {
    EXPECT_EQ(uciOfSan("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8"), "none");
    EXPECT_EQ(uciOfSan("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=K"), "none");
    EXPECT_EQ(uciOfSan("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=P"), "none");
}

TEST(San, RejectsIllegalAndMalformedText) {
    for (const char* text : {"", "+", "e5", "Ke2", "Pe4", "nf3", "O-O", "e2e4x", "Nf3Nf3", "N",
                             "xe4", "Qd1d1", "i4", "e9", "O-O-O-O", "Ng1f3g"}) {
        EXPECT_EQ(uciOfSan(kStandardStartFen, text), "none") << text;
    }
}

TEST(San, CastlingIsNotWrittenAsAKingMove) {
    EXPECT_EQ(uciOfSan("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1"), "none");
}

TEST(San, EveryLegalMoveRoundTripsThroughSan) {
    for (std::string_view fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
             "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
             "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1",
         }) {
        Position p = positionFromFen(fen);
        MoveList moves;
        generateLegalMoves(p, moves);
        for (Move m : moves) {
            std::string san = toSan(p, m);
            auto back = parseSan(p, san);
            ASSERT_TRUE(back.has_value()) << san << " in " << fen;
            EXPECT_EQ(*back, m) << san << " in " << fen;
        }
    }
}

TEST(San, FoolsMateEndsWithMateSign) {
    Position p = afterSan(Position::standardStart(), {"f3", "e5", "g4"});
    EXPECT_EQ(toSan(p, *parseSan(p, "Qh4")), "Qh4#");
}

}  // namespace
}  // namespace arbiter::fide
