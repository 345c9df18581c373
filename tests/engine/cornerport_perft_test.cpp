// Cornerport perft (engine/core/perft over complete turns): the start and
// small positions that exercise a placement turn, a battle ship, a capture
// and a pass, each counted by hand from the rules (docs/perft.md, "Cornerport:
// counted by hand"); deeper counts as our own program measured them, to be
// compared with an independent implementation; and arbiter-perft itself, run
// as a user would.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/perft.h"
#include "engine/cornerport/cornerport.h"
#include "tests/engine/cornerport_test_support.h"
#include "tests/engine/perft_program.h"

namespace arbiter::cornerport {
namespace {

using namespace support;

// White's freighter on b7 came from h1 (so a8 is an arrival); Black's on g2,
// next to h1.
const std::string kArrival = positionText("b7:B g2:b", 'w', "b7:h1,g2:h8");
// A battle ship that may sink on its second square, a patrol boat kept out of
// deep water, and Black's patrol boat that sinks what comes next to it.
const std::string kBattle = positionText("c2:R b2:P h1:B c4:p h8:b");
// White's only ship is a patrol boat in the middle of deep water: it passes
// until Black's battle ship comes next to it, or sinks it.
const std::string kPass = positionText("d4:P b4:r h8:b");

// The two freighters never meet in the first six turns, so each count is the
// product of each freighter's walks: 3 from h1 in one step, 18 in two (5 + 8
// + 5 from g1, g2, h2), 105 in three; the same for Black from h8.
TEST(CornerportPerft, TheStartCountedByHand) {
    CornerportState s{Rules{}};
    EXPECT_EQ(perft(s, 1), 3u);
    EXPECT_EQ(perft(s, 2), 9u);
    EXPECT_EQ(perft(s, 3), 54u);
    EXPECT_EQ(perft(s, 4), 324u);
    EXPECT_EQ(perft(s, 5), 1890u);
    EXPECT_EQ(perft(s, 6), 11025u);
}

// White: 7 steps of the freighter from b7, and the arrival on a8 followed by
// a patrol boat, a battle ship, a freighter or nothing on h1: 11 turns. Black
// answers with its freighter's 8 steps from g2, 7 where a ship now stands on
// h1: 8 x 8 + 3 x 7 = 85.
TEST(CornerportPerft, APlacementTurnCountedByHand) {
    auto s = loaded(kArrival);
    EXPECT_EQ(perft(*s, 1), 11u);
    EXPECT_EQ(perft(*s, 2), 85u);
}

// White: the battle ship c2-c3, c2xc4 (on its second square), c2-c1, c2-d2,
// c2-e2; the patrol boat's 6 steps (not c3, deep water); the freighter's 3:
// 14. Black: its patrol boat's b3, b4, b5 and its freighter's 3, 6 turns;
// 7 when White's battle ship stands on c3 to be sunk, 3 when the patrol boat
// was sunk: 7 + 3 + 12 x 6 = 82.
TEST(CornerportPerft, ABattleShipAndACaptureCountedByHand) {
    auto s = loaded(kBattle);
    EXPECT_EQ(perft(*s, 1), 14u);
    EXPECT_EQ(perft(*s, 2), 82u);
}

// White passes; Black: the battle ship's b5, b6, b3, b2, a4, c4, b4xd4 and
// the freighter's 3: 10. White then passes after 8 of them, sinks the battle
// ship on c4, and has lost after b4xd4: 9.
TEST(CornerportPerft, APassCountedByHand) {
    auto s = loaded(kPass);
    EXPECT_EQ(perft(*s, 1), 1u);
    EXPECT_EQ(perft(*s, 2), 10u);
    EXPECT_EQ(perft(*s, 3), 9u);
}

// Our own program's figures, not counted by hand: they guard against change
// and are for an independent implementation to match. Deeper ones are in
// tests/engine/perft_full.cmake.
TEST(CornerportPerft, DeeperCountsAsOurProgramMeasuredThem) {
    CornerportState s{Rules{}};
    EXPECT_EQ(perft(s, 7), 71693u);
    EXPECT_EQ(perft(*loaded(kArrival), 3), 547u);
    EXPECT_EQ(perft(*loaded(kBattle), 3), 1265u);
    EXPECT_EQ(perft(*loaded(kPass), 4), 90u);
}

TEST(CornerportPerft, TheCommandLineCountsCornerport) {
    ProgramResult start = runPerft({"--game", "cornerport", "--depth", "4"});
    EXPECT_EQ(start.status, 0) << start.err;
    EXPECT_EQ(start.lastLine(), "324");
    ProgramResult divide =
        runPerft({"--game", "cornerport", "--position", kArrival, "--depth", "1", "--divide"});
    EXPECT_EQ(divide.status, 0) << divide.err;
    EXPECT_EQ(divide.out,
              "b7-c7: 1\nb7-c8: 1\nb7-b8: 1\nb7-a8 P@h1: 1\nb7-a8 R@h1: 1\nb7-a8 B@h1: 1\n"
              "b7-a8 end: 1\nb7-a7: 1\nb7-a6: 1\nb7-b6: 1\nb7-c6: 1\n11\n");
    ProgramResult bad = runPerft(
        {"--game", "cornerport", "--position", "7b/8/8/8/8/8/8/7B w - h1:h1", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("the freighter on h8 has no home port"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace arbiter::cornerport
