// Martian Chess perft (engine/core/perft over complete turns): the counts from
// the start worked out by hand, two small positions counted by hand in the
// comments, and arbiter-perft itself run as a user would with --game martian.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/martian/martian.h"
#include "tests/engine/perft_program.h"

namespace arbiter::martian {
namespace {

Rules players(int n) {
    Rules r;
    r.players = n;
    return r;
}

std::unique_ptr<MartianState> load(const std::string& text, const Rules& rules) {
    std::string error;
    auto s = MartianState::load(text, error, rules);
    if (!s) {
        ADD_FAILURE() << text << ": " << error;
        return std::make_unique<MartianState>(rules);
    }
    return s;
}

std::map<std::string, uint64_t> divide(const GameState& s, int depth) {
    std::map<std::string, uint64_t> out;
    for (const TurnCount& t : perftDivide(s, depth)) out[t.turn] = t.nodes;
    return out;
}

// Two players, Player 1 at a1: Q a1 b1 a2, D c1 b2 a3, P c2 b3 c3. Pawns c2 to
// d1 and d3, b3 to a4 and c4, c3 to d2, b4 and d4: 7. Drone c1 to d1 only (b1
// and c2 are its own, e1 is off the board); b2 is walled in; a3 to a4 and to
// a5 in Player 2's empty a file: 3. Every queen's first step is onto its own
// piece: 0. Depth 1 = 10.
//
// Player 2's pieces mirror these through the centre: 10 replies, unchanged by
// every first move but one. (c3-d4 puts a pawn where Player 2's drone d6-d4
// lands: a capture now, still one move.) After a3-a5 the drone on a5 is Player
// 2's: b6-a5 is lost (its own piece), and the drone gains a4, a6, a7, b5 and c5,
// but not a3 (no undo): 10 - 1 + 5 = 14. Depth 2 = 9 x 10 + 14 = 104.
TEST(MartianPerft, TwoPlayersFromTheStart) {
    MartianState s(players(2));
    EXPECT_EQ(perft(s, 0), 1u);
    EXPECT_EQ(perft(s, 1), 10u);
    EXPECT_EQ(perft(s, 2), 104u);
    const auto byTurn = divide(s, 2);
    EXPECT_EQ(byTurn.size(), 10u);
    for (const auto& [turn, nodes] : byTurn) EXPECT_EQ(nodes, turn == "a3-a5" ? 14u : 10u) << turn;
}

// Four players on 8x8: as for two, but drone c1 reaches d1 and e1 (in Player
// 4's quadrant): 11. Player 2 (a8 corner) has 11 likewise. After a3-a4 the
// drone a6-a4 is a capture, still one move. After a3-a5 the drone on a5 is
// Player 2's: b6-a5, a6-a5 and a6-a4 are lost, and the drone goes to a4, a3
// (no undo is for two players), b5 and c5: 11 - 3 + 4 = 12. Depth 2 =
// 10 x 11 + 12 = 122.
TEST(MartianPerft, FourPlayersFromTheStart) {
    MartianState s(players(4));
    EXPECT_EQ(perft(s, 1), 11u);
    EXPECT_EQ(perft(s, 2), 122u);
    const auto byTurn = divide(s, 2);
    EXPECT_EQ(byTurn.size(), 11u);
    for (const auto& [turn, nodes] : byTurn) EXPECT_EQ(nodes, turn == "a3-a5" ? 12u : 11u) << turn;
}

// Calling the clock: each of the 10 moves alone or after "call": 20. Then after
// a plain move Player 2 may call too (2 x its replies); after "call" and a
// move nobody may call again (1 x): 2 x 104 + 104 = 312.
TEST(MartianPerft, CallingTheClockDoublesTheTurnsUntilItIsCalled) {
    Rules r = players(2);
    r.callingClock = true;
    MartianState s(r);
    EXPECT_EQ(perft(s, 1), 20u);
    EXPECT_EQ(perft(s, 2), 312u);
    const auto byTurn = divide(s, 1);
    EXPECT_EQ(byTurn.count("call a3-a5"), 1u);
    EXPECT_EQ(byTurn.count("a3-a5"), 1u);
    EXPECT_EQ(divide(s, 2).at("call a3-a5"), 14u);
    EXPECT_EQ(divide(s, 2).at("a3-a5"), 28u);
}

// Field promotion changes nothing from the start: every player has queens
// and drones, so no merge is allowed.
TEST(MartianPerft, FieldPromotionChangesNothingFromTheStart) {
    Rules two = players(2), four = players(4);
    two.fieldPromotion = four.fieldPromotion = true;
    EXPECT_EQ(perft(MartianState(two), 1), 10u);
    EXPECT_EQ(perft(MartianState(two), 2), 104u);
    EXPECT_EQ(perft(MartianState(four), 2), 122u);
}

// Measured by the program, not derived by hand: a guard against change.
// Deeper counts (two players to depth 5, four to depth 4) are checked by
// perft_full (tests/engine/perft_full.cmake), which the sanitizer build skips.
TEST(MartianPerft, DeeperCountsAsMeasured) {
    EXPECT_EQ(perft(MartianState(players(2)), 3), 1328u);
    EXPECT_EQ(perft(MartianState(players(4)), 3), 1353u);
}

// 4x8, field promotion on. Player 1: pawn b3, drone c3, no queen. Player 2:
// pawn c6 alone.
//   Pawn b3: a2, c2, a4, c4 (all empty): 4.
//   Drone c3: b3 is its own pawn, so c3-b3=Q (no queen of Player 1's); d3
//   (e3 is off the board); c4, c5 (into Player 2's half); c2, c1: 6.
// Depth 1 = 10. Player 2's pawn c6 then has b5, d5, b7, d7: 4, after every
// first move but c3-c5. After c3-c5 the drone is Player 2's: the pawn still
// has its 4 (c5 is not diagonal to it), and the drone has c6 (Player 2's own
// pawn, no queen: c5-c6=Q), c4 but not c3 (no undo), b5, a5 and d5: 5.
// Depth 2 = 9 x 4 + 9 = 45.
// Without field promotion the two merges go: 9 first moves, and 8 replies
// after c3-c5: depth 2 = 8 x 4 + 8 = 40.
TEST(MartianPerft, AMergeAndNoUndoOnASmallPosition) {
    const std::string text = "4/4/2P1/4/4/1PD1/4/4 1 0,0 - -";
    Rules promotion = players(2);
    promotion.fieldPromotion = true;
    auto s = load(text, promotion);
    EXPECT_EQ(perft(*s, 1), 10u);
    EXPECT_EQ(perft(*s, 2), 45u);
    EXPECT_EQ(divide(*s, 2), (std::map<std::string, uint64_t>{{"b3-a2", 4},
                                                              {"b3-c2", 4},
                                                              {"b3-a4", 4},
                                                              {"b3-c4", 4},
                                                              {"c3-b3=Q", 4},
                                                              {"c3-d3", 4},
                                                              {"c3-c4", 4},
                                                              {"c3-c5", 9},
                                                              {"c3-c2", 4},
                                                              {"c3-c1", 4}}));
    auto plain = load(text, players(2));
    EXPECT_EQ(perft(*plain, 1), 9u);
    EXPECT_EQ(perft(*plain, 2), 40u);
}

// 4x8, the clock called and at 6. Player 1: drone a4, pawn d1; Player 2:
// pawns a5 and d8. Player 1 has the drone's a4xa5 (it stops there), a3, a2,
// b4, c4, and the pawn's d1-c2: 6. Each of the five moves without a capture
// is the seventh: the game ends, nothing below. After a4xa5 the count is 0
// again and Player 2 has the drone a5 (to a3 over the empty a4, not a4 itself:
// no undo; a6, a7, b5, c5) and the pawn d8-c7: 6. Depth 2 = 6.
TEST(MartianPerft, TheSeventhMoveEndsTheGameUnlessItCaptures) {
    Rules r = players(2);
    r.callingClock = true;
    auto s = load("3P/4/4/P3/D3/4/4/3P 1 0,0 - 6", r);
    EXPECT_EQ(perft(*s, 1), 6u);
    EXPECT_EQ(perft(*s, 2), 6u);
    EXPECT_EQ(
        divide(*s, 2),
        (std::map<std::string, uint64_t>{
            {"a4xa5", 6}, {"a4-a3", 0}, {"a4-a2", 0}, {"a4-b4", 0}, {"a4-c4", 0}, {"d1-c2", 0}}));
}

// --- arbiter-perft, the real program ---------------------------------------------

TEST(MartianPerftTool, CountsFromTheStartForTwoAndFour) {
    ProgramResult two = runPerft({"--game", "martian", "--depth", "2"});
    EXPECT_EQ(two.status, 0) << two.err;
    EXPECT_EQ(two.lastLine(), "104") << two.out;
    ProgramResult four = runPerft({"--game", "martian", "--players", "4", "--depth", "2"});
    EXPECT_EQ(four.status, 0) << four.err;
    EXPECT_EQ(four.lastLine(), "122") << four.out;
    ProgramResult clock =
        runPerft({"--game", "martian", "--option", "calling-clock=on", "--depth", "2"});
    EXPECT_EQ(clock.status, 0) << clock.err;
    EXPECT_EQ(clock.lastLine(), "312") << clock.out;
}

TEST(MartianPerftTool, DividesAPositionWithItsOptions) {
    ProgramResult r = runPerft({"--game=martian", "--option", "field-promotion=on", "--position",
                                "4/4/2P1/4/4/1PD1/4/4 1 0,0 - -", "--depth", "2", "--divide"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out,
              "b3-c4: 4\nb3-c2: 4\nb3-a4: 4\nb3-a2: 4\nc3-d3: 4\nc3-b3=Q: 4\nc3-c4: 4\n"
              "c3-c5: 9\nc3-c2: 4\nc3-c1: 4\n45\n");
}

TEST(MartianPerftTool, RefusesWhatMartianChessIsNot) {
    ProgramResult three = runPerft({"--game", "martian", "--players", "3", "--depth", "1"});
    EXPECT_EQ(three.status, 2);
    EXPECT_NE(three.err.find("martian is for 2 or 4 players, not 3"), std::string::npos)
        << three.err;
    ProgramResult size = runPerft({"--game", "martian", "--size", "8x8", "--depth", "1"});
    EXPECT_EQ(size.status, 2);
    EXPECT_NE(size.err.find("4x8 cells only"), std::string::npos) << size.err;
    ProgramResult bad =
        runPerft({"--game", "martian", "--position", "4/4 1 0,0 - -", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("bad martian position"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("8 ranks"), std::string::npos) << bad.err;
    EXPECT_EQ(bad.out, "");
}

}  // namespace
}  // namespace arbiter::martian
