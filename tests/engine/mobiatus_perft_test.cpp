// Möbiatus perft (engine/core/perft over complete turns): the start's first
// turns and small hand-built positions, each counted by hand from the rules
// (docs/perft.md, "Möbiatus: counted by hand"); deeper counts of the start as
// our own program measured them, to be compared with an independent
// implementation; and arbiter-perft itself, run as a user would.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "engine/core/perft.h"
#include "engine/mobiatus/mobiatus.h"
#include "tests/engine/mobiatus_test_support.h"
#include "tests/engine/perft_program.h"

namespace arbiter::mobiatus {
namespace {

using namespace support;

uint64_t count(const std::string& cells, int depth, const Rules& rules = {}) {
    return perft(*position(cells, 'r', -1, rules), depth);
}

// Each dot of rank 1 jumps to rank 3 and rank 59 one file aside, and to
// rank 60 two files aside; each of rank 2 to ranks 4 and 60 one file aside,
// and to rank 3 two files aside. Per file a to e: 3, 5, 6, 5, 3.
TEST(MobiatusPerft, TheStartsFirstMovesCountedByHand) {
    MobiatusState s{Rules{}};
    std::map<std::string, int> perDot;
    for (const TurnCount& t : perftDivide(s, 1)) ++perDot[t.turn.substr(0, t.turn.find('-'))];
    const std::map<std::string, int> byHand = {{"a1", 3}, {"b1", 5}, {"c1", 6}, {"d1", 5},
                                               {"e1", 3}, {"a2", 3}, {"b2", 5}, {"c2", 6},
                                               {"d2", 5}, {"e2", 3}};
    EXPECT_EQ(perDot, byHand);
    EXPECT_EQ(perft(s, 1), 44u);
}

// Blue's 44 answers lie on ranks 14 to 19, which no first move of Red's
// reaches, marks or faces: every one of them stands after every Red move.
// The deeper counts, our own program's figures for an independent
// implementation to match (84128 and 3655744), take seconds in the sanitizer
// build: they are in tests/engine/perft_full.cmake.
TEST(MobiatusPerft, TheStartsSecondTurnIsEveryBlueMoveAfterEveryRedOne) {
    EXPECT_EQ(perft(MobiatusState{Rules{}}, 2), 44u * 44u);
}

TEST(MobiatusPerft, ASlideThroughTwoSingularities) {
    EXPECT_EQ(count("c10:R d12:x d13:x a25:B", 1), 13u);
    EXPECT_EQ(count("c10:R d12:x d13:x a25:B", 2), 52u);
}

TEST(MobiatusPerft, AChainOfTwoCaptures) {
    EXPECT_EQ(count("c2:R b34:B a36:B e20:B", 1), 14u);
    EXPECT_EQ(count("c2:R b34:B a36:B e20:B", 1, withOptions(true)), 7u);
}

TEST(MobiatusPerft, ACaptureRefusedForWantOfAJumpOn) {
    EXPECT_EQ(count("c2:R b34:B e6:B e2:B b3:B b5:B c6:B", 1), 7u);
}

TEST(MobiatusPerft, AGroupMadeOfTheChainsOwnSingularity) {
    EXPECT_EQ(count("c2:R b34:B b3:x b2:x e20:B", 1), 11u);
}

// After a1-b3 takes d33 the chain may not slide through b4-c4-d4, which is
// joined to b3: 4 chains and 3 plain moves, where the slide's 6 rests would
// have made 13.
TEST(MobiatusPerft, AChainBesideAGroupJoinedToItsOwnCell) {
    EXPECT_EQ(count("a1:R d33:B e46:B b4:x c4:x d4:x", 1), 7u);
}

// With Blue's dots on b3's four plain jumps, that slide was the capture's
// only way on: the capture may not be made, and a1's 3 plain moves remain.
TEST(MobiatusPerft, ACaptureRefusedWhenItsOnlyWayOnIsIntoAGroupJoinedToItsCell) {
    EXPECT_EQ(count("a1:R d33:B b4:x c4:x d4:x c5:B d2:B c1:B a5:B", 1), 3u);
}

// The same group beside a dot that is not in a chain: 5 plain jumps and the
// 6 rests of the slide that are no jump.
TEST(MobiatusPerft, AnOrdinarySlideThroughAGroupJoinedToTheStartCell) {
    EXPECT_EQ(count("b3:R e46:B b4:x c4:x d4:x", 1), 11u);
}

// 33 chains, 31 positions: two pairs of chains take b42 and d43 in either
// order and end on the same cell.
TEST(MobiatusPerft, TwoChainsToOnePositionCountOnce) {
    EXPECT_EQ(count("c10:R b42:B d43:B b12:x c14:x", 1), 31u);
}

TEST(MobiatusPerft, NoMoveNoTurn) {
    EXPECT_EQ(count("a1:R b3:B c2:B c60:B b59:B", 1), 0u);
}

TEST(MobiatusPerft, TheCommandLineCountsMobiatus) {
    EXPECT_EQ(runPerft({"--game", "mobiatus", "--depth", "2"}).lastLine(), "1936");
    ProgramResult mandatory =
        runPerft({"--game", "mobiatus", "--option", "mandatory-capture=on", "--position",
                  positionText("c2:R b34:B a36:B e20:B"), "--depth", "1"});
    EXPECT_EQ(mandatory.status, 0) << mandatory.err;
    EXPECT_EQ(mandatory.lastLine(), "7");
    ProgramResult divide =
        runPerft({"--game", "mobiatus", "--position",
                  positionText("c2:R b34:B e6:B e2:B b3:B b5:B c6:B"), "--depth", "1", "--divide"});
    EXPECT_EQ(divide.out,
              "c2-e3: 1\nc2-e1: 1\nc2-d60: 1\nc2-b60: 1\nc2-a1: 1\nc2-a3: 1\nc2-b4: 1\n7\n");
    ProgramResult bad = runPerft({"--game", "mobiatus", "--position", "5/5 r 0", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("60 ranks"), std::string::npos) << bad.err;
    ProgramResult option =
        runPerft({"--game", "mobiatus", "--option", "seventy-pairs=never", "--depth", "1"});
    EXPECT_EQ(option.status, 2);
    EXPECT_NE(option.err.find("draw, more-pieces"), std::string::npos) << option.err;
}

}  // namespace
}  // namespace arbiter::mobiatus
