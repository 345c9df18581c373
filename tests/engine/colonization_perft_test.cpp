// Colonization perft (engine/core/perft over complete turns): the opening on
// small surfaces and small mid-game positions, each counted by hand from the
// rules (docs/perft.md, "Colonization: counted by hand"); deeper counts as our
// own program measured them, to be compared with an independent
// implementation; and arbiter-perft itself, run as a user would.
#include <gtest/gtest.h>

#include <string>

#include "engine/colonization/colonization.h"
#include "engine/core/perft.h"
#include "tests/engine/colonization_test_support.h"
#include "tests/engine/perft_program.h"

namespace arbiter::colonization {
namespace {

using namespace support;

uint64_t fromStart(int files, int ranks, int players, int depth) {
    return perft(ColonizationState(Rules{}, files, ranks, players), depth);
}

// On 2x2 every square touches every other, so only how many of each there
// are matters. Two placements (4, then 3); then the first player's 6: abstain,
// step to either empty square, take the other planet, a colony on either
// empty square. The second player answers an abstention or a step with the
// same 6, a capture not at all (the game is won), a colony with 5: abstain,
// step to the one empty square, take the planet or the colony, a colony.
// 12 x (6 + 2 x 6 + 0 + 2 x 5) = 336.
TEST(ColonizationPerft, TwoPlayersOnTwoByTwoCountedByHand) {
    EXPECT_EQ(fromStart(2, 2, 2, 1), 4u);
    EXPECT_EQ(fromStart(2, 2, 2, 2), 12u);
    EXPECT_EQ(fromStart(2, 2, 2, 3), 72u);
    EXPECT_EQ(fromStart(2, 2, 2, 4), 336u);
}

// With planets on x and y, the first player's turn is 1 + 2N(x) - [x next to
// y] (N: x's neighbours); summed over the C(C-1) placements that is
// C(C-1) + (2(C-1) - 1) x (the sum of N over the cells): 9 x 8 + 15 x 40 on
// 3x3, 64 x 63 + 125 x 420 on 8x8.
TEST(ColonizationPerft, TwoPlayersOnThreeByThreeCountedByHand) {
    EXPECT_EQ(fromStart(3, 3, 2, 1), 9u);
    EXPECT_EQ(fromStart(3, 3, 2, 2), 72u);
    EXPECT_EQ(fromStart(3, 3, 2, 3), 672u);
}

// Depth 3 (56532) takes seconds in the sanitizer build: it is in
// tests/engine/perft_full.cmake.
TEST(ColonizationPerft, TwoPlayersOnEightByEightCountedByHand) {
    EXPECT_EQ(fromStart(8, 8, 2, 1), 64u);
    EXPECT_EQ(fromStart(8, 8, 2, 2), 4032u);
}

// Three placements (4 x 3 x 2), then 5 each: abstain, step, take either
// planet (one society is then out, two are left), a colony.
TEST(ColonizationPerft, ThreePlayersOnTwoByTwoCountedByHand) {
    EXPECT_EQ(fromStart(2, 2, 3, 3), 24u);
    EXPECT_EQ(fromStart(2, 2, 3, 4), 120u);
}

// Player 1's home planet in the corner a1 of 4x4 with its eight colonies
// filling a1-c3; Player 2's planet on d4. Player 1: abstain, 14 steps of the
// colonies on the edge of the block, an agricultural station or a second
// planet on a2, b1 or b2: 21. Player 2 answers 1 + 2e + o (e empty and o
// occupied squares among c3, c4, d3): 132 in all.
TEST(ColonizationPerft, EightColoniesInACornerCountedByHand) {
    auto s = position(4, 4, "p,p", 'a', cornerSociety() + " d4:Bb");
    EXPECT_EQ(perft(*s, 1), 21u);
    EXPECT_EQ(perft(*s, 2), 132u);
}

// Player 1: a planet on a1 and a Weapon on b2 on 3x3; Player 2's planet on c3.
// 12 turns: abstain, the planet's 2 steps, the Weapon's 6 (four of them cut it
// off), 2 colonies, the Weapon. Player 2 answers 6 where b2 is still held, 7
// where it is not: 79.
TEST(ColonizationPerft, AWeaponNextToItsPlanetCountedByHand) {
    auto s = position(3, 3, "p,p", 'a', "a1:Ba b2:Ka c3:Bb");
    EXPECT_EQ(perft(*s, 1), 12u);
    EXPECT_EQ(perft(*s, 2), 79u);
}

// Our own program's figures, not counted by hand: they guard against change
// and are for an independent implementation to match. The deeper ones
// (3x3 to depth 5, the corner to depths 4 and 5, 8x8 to depths 4 and 5) are
// in tests/engine/perft_full.cmake.
TEST(ColonizationPerft, DeeperCountsAsOurProgramMeasuredThem) {
    EXPECT_EQ(fromStart(2, 2, 2, 5), 1464u);
    EXPECT_EQ(fromStart(2, 2, 2, 6), 6168u);
    EXPECT_EQ(fromStart(3, 3, 2, 4), 5552u);
    EXPECT_EQ(perft(*position(4, 4, "p,p", 'a', cornerSociety() + " d4:Bb"), 3), 2281u);
    EXPECT_EQ(perft(*position(3, 3, "p,p", 'a', "a1:Ba b2:Ka c3:Bb"), 3), 725u);
    EXPECT_EQ(perft(*position(3, 3, "p,p", 'a', "a1:Ba b2:Ka c3:Bb"), 4), 6517u);
}

TEST(ColonizationPerft, TheCommandLineCountsColonization) {
    // Six players on 16x8 (128 x 127 = 16256 at depth 2) is in perft_full.cmake.
    ProgramResult six =
        runPerft({"--game", "colonization", "--players", "6", "--size", "4x2", "--depth", "3"});
    EXPECT_EQ(six.status, 0) << six.err;
    EXPECT_EQ(six.lastLine(), "336");  // 8 placements, then 7, then 6
    ProgramResult corner =
        runPerft({"--game", "colonization", "--players", "2", "--position",
                  positionText(4, 4, "p,p", 'a', cornerSociety() + " d4:Bb"), "--depth", "2"});
    EXPECT_EQ(corner.status, 0) << corner.err;
    EXPECT_EQ(corner.lastLine(), "132");
    ProgramResult divide =
        runPerft({"--game", "colonization", "--position",
                  positionText(3, 3, "p,p", 'a', "a1:Ba b2:Ka c3:Bb"), "--depth", "1", "--divide"});
    EXPECT_EQ(divide.out,
              "a1-b1: 1\na1-a2: 1\nb2-c2: 1\nb2-b3: 1\nb2-a3: 1\nb2-a2: 1\nb2-b1: 1\nb2-c1: 1\n"
              "P@b1: 1\nP@a2: 1\nweapon b2: 1\npass: 1\n12\n");
    ProgramResult bad =
        runPerft({"--game", "colonization", "--position", "8x8 n,n a 0 8/8", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("one row of cells per rank"), std::string::npos) << bad.err;
    ProgramResult tooSmall =
        runPerft({"--game", "colonization", "--players", "6", "--size", "2x2", "--depth", "1"});
    EXPECT_EQ(tooSmall.status, 2);
    EXPECT_NE(tooSmall.err.find("needs a square for each player"), std::string::npos)
        << tooSmall.err;
}

}  // namespace
}  // namespace arbiter::colonization
