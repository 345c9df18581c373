// engine/fide/perft: leaf counts of the standard test positions (chessprogramming
// wiki "Perft Results") and of positions built to catch en-passant, castling and
// promotion mistakes (Martin Sedlak's TalkChess set; their published depth-6
// counts were reproduced, the shallower counts used here were cross-checked with
// Stockfish 15.1). Depths keep the whole file fast in sanitizer builds; the full
// depths of the standard positions run in the `perft_full` test. The generic
// perft over complete turns (engine/core/perft.h) must agree with this one on
// chess, where every turn is one move.
#include "engine/fide/perft.h"

#include <gtest/gtest.h>

#include "engine/core/perft.h"
#include "engine/fide/fide_game.h"
#include "engine/fide/uci.h"
#include "fide_test_support.h"

namespace arbiter::fide {
namespace {

using testing::positionFromFen;

struct PerftCase {
    const char* name;
    const char* fen;
    int depth;
    uint64_t nodes;
};

constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

class Perft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(Perft, MatchesPublishedLeafCount) {
    const PerftCase& c = GetParam();
    EXPECT_EQ(perft(positionFromFen(c.fen), c.depth), c.nodes) << c.fen;
}

INSTANTIATE_TEST_SUITE_P(
    StandardPositions, Perft,
    ::testing::Values(
        PerftCase{"StartDepth1", kStandardStartFen.data(), 1, 20},
        PerftCase{"StartDepth4", kStandardStartFen.data(), 4, 197281},
        PerftCase{"KiwipeteDepth1", kKiwipete, 1, 48},
        PerftCase{"KiwipeteDepth3", kKiwipete, 3, 97862},
        PerftCase{"Position3Depth5", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
        PerftCase{"Position4Depth4",
                  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
        PerftCase{"Position4MirroredDepth4",
                  "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422333},
        PerftCase{"Position5Depth3", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3,
                  62379},
        PerftCase{"Position6Depth3",
                  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3,
                  89890}),
    [](const auto& testInfo) { return std::string(testInfo.param.name); });

INSTANTIATE_TEST_SUITE_P(
    TrickyPositions, Perft,
    ::testing::Values(
        PerftCase{"IllegalEnPassantExposesKingOnRank", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 4,
                  10138},
        PerftCase{"IllegalEnPassantExposesKingOnDiagonal", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 4,
                  10276},
        PerftCase{"EnPassantCaptureGivesCheck", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4, 13931},
        PerftCase{"ShortCastlingGivesCheck", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 4, 6399},
        PerftCase{"LongCastlingGivesCheck", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 4, 7418},
        PerftCase{"CastlingRightsLost", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 3, 27826},
        PerftCase{"CastlingPrevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 3, 50509},
        PerftCase{"PromoteOutOfCheck", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 4, 19174},
        PerftCase{"DiscoveredCheck", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 4, 31961},
        PerftCase{"PromoteToGiveCheck", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 5, 38983},
        PerftCase{"UnderpromoteToCheck", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 5, 18135},
        PerftCase{"SelfStalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
        PerftCase{"StalemateAndCheckmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 5, 10857},
        PerftCase{"DoubleCheck", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 3, 6559}),
    [](const auto& testInfo) { return std::string(testInfo.param.name); });

TEST(PerftDivide, SumsToPerftAndListsEveryFirstMove) {
    Position p = positionFromFen(kKiwipete);
    auto divide = perftDivide(p, 2);
    EXPECT_EQ(divide.size(), 48u);
    uint64_t sum = 0;
    for (const auto& [move, count] : divide) sum += count;
    EXPECT_EQ(sum, perft(p, 2));
    EXPECT_EQ(sum, 2039u);
}

TEST(PerftDivide, DepthZeroIsOneNode) {
    EXPECT_EQ(perft(Position::standardStart(), 0), 1u);
}

// The generic perft sees chess only through FideState, which also ends games by
// insufficient material and the 75-move and fivefold rules that the bitboard
// perft ignores; none can happen within 3 plies of these positions (each keeps
// pawns and more than 3 other pieces, and its halfmove clock is low).
struct GenericCase {
    const char* name;
    const char* fen;
};

class GenericPerft : public ::testing::TestWithParam<GenericCase> {};

TEST_P(GenericPerft, CountsWhatTheBitboardPerftCountsToDepth3) {
    Position p = positionFromFen(GetParam().fen);
    FideState state(p);
    for (int depth = 0; depth <= 3; ++depth)
        EXPECT_EQ(arbiter::perft(state, depth), perft(p, depth)) << "depth " << depth;
    std::vector<TurnCount> bitboard;
    for (const auto& [move, count] : perftDivide(p, 2)) bitboard.push_back({toUci(move), count});
    EXPECT_EQ(arbiter::perftDivide(state, 2), bitboard);
}

INSTANTIATE_TEST_SUITE_P(
    Positions, GenericPerft,
    ::testing::Values(
        GenericCase{"Start", kStandardStartFen.data()}, GenericCase{"Kiwipete", kKiwipete},
        GenericCase{"Position4",
                    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
        GenericCase{"Position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
        GenericCase{"EnPassantCaptureGivesCheck", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"}),
    [](const auto& testInfo) { return std::string(testInfo.param.name); });

}  // namespace
}  // namespace arbiter::fide
