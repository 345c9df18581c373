#include "firmware-bridge/debouncer.h"

#include <gtest/gtest.h>

namespace arbiter::firmware {
namespace {

constexpr int kE4 = 36;

TEST(Debouncer, HoldsPowerUpPictureAsAccepted) {
    Debouncer debouncer;
    SquareCodes board{};
    board[kE4] = dgt::kWhitePawn;
    debouncer.acceptAll(board);
    EXPECT_EQ(debouncer.accepted(), board);
}

TEST(Debouncer, DefaultsToTwoScans) {
    EXPECT_EQ(Debouncer().requiredScans(), 2);
}

TEST(Debouncer, AcceptsAfterTwoEqualScans) {
    Debouncer debouncer;
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kWhitePawn));
    EXPECT_EQ(debouncer.accepted()[kE4], dgt::kEmpty);
    EXPECT_TRUE(debouncer.observe(kE4, dgt::kWhitePawn));
    EXPECT_EQ(debouncer.accepted()[kE4], dgt::kWhitePawn);
}

TEST(Debouncer, ReportsAChangeOnlyOnce) {
    Debouncer debouncer;
    debouncer.observe(kE4, dgt::kWhitePawn);
    debouncer.observe(kE4, dgt::kWhitePawn);
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kWhitePawn));
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kWhitePawn));
}

TEST(Debouncer, ForgetsAFlickerThatReturns) {
    Debouncer debouncer;
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kWhitePawn));
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kEmpty));
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kWhitePawn));
    EXPECT_EQ(debouncer.accepted()[kE4], dgt::kEmpty);
}

TEST(Debouncer, RestartsCountingWhenTheReadingChanges) {
    Debouncer debouncer(3);
    debouncer.observe(kE4, dgt::kWhitePawn);
    debouncer.observe(kE4, dgt::kWhitePawn);
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kBlackPawn));
    EXPECT_FALSE(debouncer.observe(kE4, dgt::kBlackPawn));
    EXPECT_TRUE(debouncer.observe(kE4, dgt::kBlackPawn));
    EXPECT_EQ(debouncer.accepted()[kE4], dgt::kBlackPawn);
}

TEST(Debouncer, OneScanAcceptsAtOnce) {
    Debouncer debouncer(1);
    EXPECT_TRUE(debouncer.observe(kE4, dgt::kWhiteQueen));
    EXPECT_TRUE(debouncer.observe(kE4, dgt::kEmpty));
}

TEST(Debouncer, ClampsRequiredScansToAtLeastOne) {
    EXPECT_EQ(Debouncer(0).requiredScans(), 1);
    EXPECT_EQ(Debouncer(-5).requiredScans(), 1);
    EXPECT_EQ(Debouncer(1000).requiredScans(), Debouncer::kMaxRequiredScans);
}

TEST(Debouncer, KeepsSquaresApart) {
    Debouncer debouncer;
    debouncer.observe(kE4, dgt::kWhitePawn);
    debouncer.observe(kE4 + 1, dgt::kWhitePawn);
    EXPECT_TRUE(debouncer.observe(kE4, dgt::kWhitePawn));
    EXPECT_EQ(debouncer.accepted()[kE4 + 1], dgt::kEmpty);
}

TEST(Debouncer, IgnoresSquaresOffTheBoard) {
    Debouncer debouncer(1);
    EXPECT_FALSE(debouncer.observe(-1, dgt::kWhitePawn));
    EXPECT_FALSE(debouncer.observe(dgt::kSquares, dgt::kWhitePawn));
}

}  // namespace
}  // namespace arbiter::firmware
