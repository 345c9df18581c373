// Sandkings perft (engine/core/perft over complete turns: a turn is all its
// steps, and each sequence of steps and each early end is a turn of its own):
// small positions counted by hand from the rules (docs/perft.md, "Sandkings:
// counted by hand"); deeper counts as our own program measured them, to be
// compared with an independent implementation; and arbiter-perft itself.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/perft.h"
#include "engine/sandkings/sandkings.h"
#include "tests/engine/perft_program.h"
#include "tests/engine/sandkings_test_support.h"

namespace arbiter::sandkings {
namespace {

using namespace support;

// Two lone bodies, White's on b2 and Black's on g7: one step a turn onto any
// of the 8 neighbours. White's third turn has as many as the cell it stepped
// to has neighbours: 3 (a1) + 5 (b1 c1 a2 a3) x 4 + 8 (c2 b3 c3) x 3 = 47.
TEST(SandkingsPerft, TwoLoneBodiesCountedByHand) {
    auto s = position(2, "ab", 'a', "b2:Ba g7:Bb");
    EXPECT_EQ(perft(*s, 1), 8u);
    EXPECT_EQ(perft(*s, 2), 64u);
    EXPECT_EQ(perft(*s, 3), 376u);
}

// The same with double-steps: two steps a turn, or one and an early end:
// 8 + 47 = 55.
TEST(SandkingsPerft, ALoneBodyWithDoubleStepsCountedByHand) {
    Rules rules;
    rules.doubleSteps = true;
    EXPECT_EQ(perft(*position(2, "ab", 'a', "b2:Ba g7:Bb", rules), 1), 55u);
}

// White's stinger on a1 and body on b2, two steps a turn, each keeping the
// two side by side: first a1-b1, a1-a2 (then 4 + 4 steps and an end: 9 each)
// or b2-b1, b2-a2 (then 2 + 2 and an end: 5 each): 28. Black's lone body on
// h8 answers each with 3.
TEST(SandkingsPerft, StingerAndBodyCountedByHand) {
    auto s = position(2, "ab", 'a', "a1:Sa b2:Ba h8:Bb");
    EXPECT_EQ(perft(*s, 1), 28u);
    EXPECT_EQ(perft(*s, 2), 84u);
}

// White's body on c4 and stinger on d4 against Black's lone body on d5: the
// sting d4xd5 wins at once (1); d4-c3 then 9, d4-d3 5, d4-c5 8 (its
// stinger may sting d5 from there), c4-c3 5, c4-d3 9, c4-c5 4: 41.
TEST(SandkingsPerft, AStingThatWinsCountedByHand) {
    auto s = position(2, "ab", 'a', "c4:Ba d4:Sa d5:Bb");
    EXPECT_EQ(perft(*s, 1), 41u);
}

// South-west's lone body on a1 is hemmed in: it passes (1). North-west's
// body on a2 then steps to a3 or b3 (2).
TEST(SandkingsPerft, APassCountedByHand) {
    auto s = position(3, "abc", 'a', "a1:Ba a2:Bb b1:Bc b2:Vc");
    EXPECT_EQ(perft(*s, 1), 1u);
    EXPECT_EQ(perft(*s, 2), 2u);
}

// The start with five of White's six steps made: the last step is one of 9
// (a2-a3, b1-c1, c2-c1, c2-c3, b3-a3, b3-c3, and the body to a3, c1 or
// c3), or the turn ends: 10.
TEST(SandkingsPerft, TheLastStepOfAnOpeningTurnCountedByHand) {
    auto s = loaded("2 ab a 5/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa6");
    EXPECT_EQ(perft(*s, 1), 10u);
}

// Our own program's figures, not counted by hand: they guard against change
// and are for an independent implementation to match. A whole opening turn
// (4354553) is in tests/engine/perft_full.cmake.
TEST(SandkingsPerft, DeeperCountsAsOurProgramMeasuredThem) {
    EXPECT_EQ(perft(*position(2, "ab", 'a', "c4:Ba d4:Sa d5:Bb"), 2), 262u);
    EXPECT_EQ(perft(*position(2, "ab", 'a', "c4:Ba d4:Sa d5:Bb"), 3), 11907u);
    EXPECT_EQ(perft(*position(2, "ab", 'a', "a1:Sa b2:Ba h8:Bb"), 4), 17136u);
}

TEST(SandkingsPerft, TheCommandLineCountsSandkings) {
    ProgramResult hand = runPerft({"--game", "sandkings", "--position",
                                   positionText(2, "ab", 'a', 0, 2, "c4:Ba d4:Sa d5:Bb"), "--depth",
                                   "1", "--divide"});
    EXPECT_EQ(hand.status, 0) << hand.err;
    EXPECT_EQ(hand.lastLine(), "41");
    EXPECT_NE(hand.out.find("d4xd5: 1\n"), std::string::npos) << hand.out;
    EXPECT_NE(hand.out.find("d4-c5 c5xd5: 1\n"), std::string::npos) << hand.out;
    EXPECT_NE(hand.out.find("c4-c5 end: 1\n"), std::string::npos) << hand.out;
    ProgramResult bad =
        runPerft({"--game", "sandkings", "--position", "2 ab a 0/6 8/8", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("8 ranks"), std::string::npos) << bad.err;
    ProgramResult five = runPerft({"--game", "sandkings", "--players", "5", "--depth", "0"});
    EXPECT_EQ(five.status, 2);
}

}  // namespace
}  // namespace arbiter::sandkings
