// engine/fide/attacks: attack tables against slow ray walking.
#include "engine/fide/attacks.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "engine/fide/line_attacks.h"

namespace arbiter::fide {
namespace {

Bitboard randomOccupancy(std::mt19937_64& random) {
    return random() & random();  // about a quarter of the squares
}

TEST(Attacks, SliderLookupsEqualRayWalkingForRandomOccupancies) {
    std::mt19937_64 random(11);
    for (int i = 0; i < 2000; ++i) {
        Bitboard occupied = randomOccupancy(random);
        for (Square s = 0; s < 64; ++s) {
            ASSERT_EQ(rookAttacks(s, occupied), detail::slowRookAttacks(s, occupied));
            ASSERT_EQ(bishopAttacks(s, occupied), detail::slowBishopAttacks(s, occupied));
        }
    }
}

// The playouts' rook lookup (rank table and file subtraction).
TEST(Attacks, RookLinesEqualRayWalkingOnEmptyFullSparseAndDenseBoards) {
    std::mt19937_64 random(13);
    std::vector<Bitboard> boards = {0, ~Bitboard{0}};
    for (int i = 0; i < 500; ++i) {
        boards.push_back(randomOccupancy(random));
        boards.push_back(random() | random());
    }
    const LineSlidingAttacks lines;
    for (Bitboard occupied : boards) {
        for (Square s = 0; s < 64; ++s) {
            ASSERT_EQ(rookAttacksByLines(s, occupied), detail::slowRookAttacks(s, occupied)) << s;
            ASSERT_EQ(lines.rook(s, occupied), detail::slowRookAttacks(s, occupied)) << s;
            ASSERT_EQ(lines.bishop(s, occupied), detail::slowBishopAttacks(s, occupied)) << s;
        }
    }
}

TEST(Attacks, FixedSeedSearchFindsTheRecordedFactors) {
    const SlidingAttacks& recorded = slidingAttacks();
    for (Square s = 0; s < 64; ++s)
        EXPECT_EQ(SlidingAttacks::searchFactor(s, false), recorded.bishopFactor(s)) << s;
    // Rook squares need up to 4096 subsets each; a sample keeps sanitizer builds quick.
    for (Square s : {0, 7, 28, 35, 56, 63})
        EXPECT_EQ(SlidingAttacks::searchFactor(s, true), recorded.rookFactor(s)) << s;
}

TEST(Attacks, LeapersReachTheRightNumberOfSquares) {
    EXPECT_EQ(popcount(kKnightAttacks[0]), 2);   // a1
    EXPECT_EQ(popcount(kKnightAttacks[27]), 8);  // d4
    EXPECT_EQ(popcount(kKingAttacks[0]), 3);
    EXPECT_EQ(popcount(kKingAttacks[27]), 8);
    EXPECT_EQ(kPawnAttacks[White][makeSquare(4, 1)], bit(makeSquare(3, 2)) | bit(makeSquare(5, 2)));
    EXPECT_EQ(kPawnAttacks[Black][makeSquare(0, 6)], bit(makeSquare(1, 5)));
}

TEST(Attacks, BetweenAndLineTables) {
    const Square a1 = 0, h8 = 63, a8 = 56, b3 = makeSquare(1, 2);
    EXPECT_EQ(popcount(kBetween[a1][h8]), 6);
    EXPECT_EQ(kBetween[a1][a8], fileMask(0) & ~bit(a1) & ~bit(a8));
    EXPECT_EQ(kBetween[a1][b3], 0u);  // not on one line
    EXPECT_EQ(kBetween[a1][1], 0u);   // neighbours
    EXPECT_EQ(kLine[a1][h8], kLine[h8][a1]);
    EXPECT_EQ(popcount(kLine[a1][h8]), 8);
    EXPECT_EQ(kLine[a1][b3], 0u);
    EXPECT_EQ(kLine[makeSquare(2, 0)][makeSquare(5, 0)], rankMask(0));
}

}  // namespace
}  // namespace arbiter::fide
