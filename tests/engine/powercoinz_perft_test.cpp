// Power Coinz perft (engine/core/perft over complete turns): small positions
// counted by hand in the comments, the counts from the start as measured, and
// arbiter-perft itself run as a user would with --game powercoinz.
//
// What a turn is here (docs/perft.md, "What is counted"): the chance draws
// before a player's decision and that decision. Saying "flip" is a turn of its
// own (no draw comes before it). The next turn is chance flipping every team
// in play, one draw per team (each of its 2^coins outcomes a branch), and then
// the decision that follows: "flip" again after a tie, or the winner's removal
// ("remove 2:3" of a coin that shows, else "remove 2", naming an opponent).
// After "remove 2" the next turn starts with chance's pick of one of that
// opponent's coins (one branch per coin) and ends with the winner's "flip",
// unless the pick ends the game. A removal that ends the game ends its turn;
// a finished game counts 0 at any depth below.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "engine/core/perft.h"
#include "engine/powercoinz/powercoinz.h"
#include "tests/engine/perft_program.h"
#include "tests/engine/powercoinz_test_support.h"

namespace arbiter::powercoinz {
namespace {

using support::load;

std::map<std::string, uint64_t> divide(const GameState& s, int depth) {
    std::map<std::string, uint64_t> out;
    for (const TurnCount& t : perftDivide(s, depth)) out[t.turn] = t.nodes;
    return out;
}

// Two players with coin 1 each, Player 1 to flip.
//   Depth 1: "flip": 1.
//   Depth 2: the flipping turn. Both teams land as (0,0), (0,1), (1,0), (1,1):
//   (0,0) and (1,1) are ties, the only decision "flip"; (1,0) and (0,1) are
//   won with no opponent's coin showing: the winner names the other ("remove
//   2", "remove 1"). 4.
//   Depth 3: after a tie, "flip" was said: a whole flipping turn again, 4 each:
//   8. After "remove N" the turn is chance's pick of the only coin (1 branch),
//   which ends the game and the turn: 1 each, 2. 10.
TEST(PowercoinzPerft, OneCoinEach) {
    auto s = load("1,1 ?,? flip 1");
    EXPECT_EQ(perft(*s, 0), 1u);
    EXPECT_EQ(perft(*s, 1), 1u);
    EXPECT_EQ(perft(*s, 2), 4u);
    EXPECT_EQ(perft(*s, 3), 10u);
    EXPECT_EQ(divide(*s, 3), (std::map<std::string, uint64_t>{{"flip", 10}}));
    auto flipping = load("1,1 ?,? flipping:1 1");
    EXPECT_EQ(divide(*flipping, 2), (std::map<std::string, uint64_t>{
                                        {"shows:- shows:- flip", 4},
                                        {"shows:- shows:1 remove 1", 1},
                                        {"shows:1 shows:- remove 2", 1},
                                        {"shows:1 shows:1 flip", 4},
                                    }));
}

// Player 1 with coins 1 and 2, Player 2 with coin 1, Player 1 to flip.
//   Depth 1: "flip": 1.
//   Depth 2: Player 1's two coins land 4 ways, showing - (0), 1 (1), 2 (2) or
//   12 (3); Player 2's coin 2 ways, - (0) or 1 (1). 8 outcomes, one decision
//   each:
//     - / -   tie at 0: flip
//     1 / 1   tie at 1: flip
//     - / 1   Player 2 wins, nothing of Player 1's shows: remove 1
//     1 / -, 2 / -, 12 / -   Player 1 wins, nothing shows: remove 2
//     2 / 1, 12 / 1   Player 1 wins, Player 2's coin 1 shows: remove 2:1
//   8.
//   Depth 3: after each tie a whole flipping turn again, 8 each: 16. After
//   "remove 1" chance picks one of Player 1's two coins (2 branches); Player 1
//   keeps one coin and Player 2 says flip: 2. After "remove 2" the pick of
//   Player 2's only coin ends the game: 1 each, 3. "remove 2:1" ended the game
//   already: 0 each. 16 + 2 + 3 = 21.
TEST(PowercoinzPerft, TwoCoinsAgainstOne) {
    auto s = load("12,1 ?,? flip 1");
    EXPECT_EQ(perft(*s, 1), 1u);
    EXPECT_EQ(perft(*s, 2), 8u);
    EXPECT_EQ(perft(*s, 3), 21u);
    auto flipping = load("12,1 ?,? flipping:1 1");
    EXPECT_EQ(perft(*flipping, 1), 8u);
    EXPECT_EQ(divide(*flipping, 2), (std::map<std::string, uint64_t>{
                                        {"shows:- shows:- flip", 8},
                                        {"shows:1 shows:1 flip", 8},
                                        {"shows:- shows:1 remove 1", 2},
                                        {"shows:1 shows:- remove 2", 1},
                                        {"shows:2 shows:- remove 2", 1},
                                        {"shows:12 shows:- remove 2", 1},
                                        {"shows:2 shows:1 remove 2:1", 0},
                                        {"shows:12 shows:1 remove 2:1", 0},
                                    }));
}

// Three players with coin 1 each, Player 1 to flip.
//   Depth 1: "flip": 1.
//   Depth 2: 2^3 = 8 ways the three coins land. None showing, two showing (3
//   ways) or all three are ties for the highest: flip, 5. Exactly one showing
//   (3 ways): that player wins, no opponent's coin shows, and either opponent
//   may be named: 2 each, 6. 11.
//   Depth 3: after the 5 ties a whole flipping turn: 5 x 11 = 55. After each of
//   the 6 namings chance picks the victim's only coin (1 branch): the victim is
//   out, two are left, and the winner says flip: 6. 61.
//   Depth 4: 5 x 61 again for the ties; after each of the 6 picks and flips,
//   the two left flip as in OneCoinEach (the out player skipped): 4 each, 24.
//   305 + 24 = 329.
TEST(PowercoinzPerft, ThreePlayersOneCoinEach) {
    auto s = load("1,1,1 ?,?,? flip 1");
    EXPECT_EQ(perft(*s, 1), 1u);
    EXPECT_EQ(perft(*s, 2), 11u);
    EXPECT_EQ(perft(*s, 3), 61u);
    EXPECT_EQ(perft(*s, 4), 329u);
    auto flipping = load("1,1,1 ?,?,? flipping:1 1");
    EXPECT_EQ(divide(*flipping, 1), (std::map<std::string, uint64_t>{
                                        {"shows:- shows:- shows:- flip", 1},
                                        {"shows:- shows:- shows:1 remove 1", 1},
                                        {"shows:- shows:- shows:1 remove 2", 1},
                                        {"shows:- shows:1 shows:- remove 1", 1},
                                        {"shows:- shows:1 shows:- remove 3", 1},
                                        {"shows:1 shows:- shows:- remove 2", 1},
                                        {"shows:1 shows:- shows:- remove 3", 1},
                                        {"shows:- shows:1 shows:1 flip", 1},
                                        {"shows:1 shows:- shows:1 flip", 1},
                                        {"shows:1 shows:1 shows:- flip", 1},
                                        {"shows:1 shows:1 shows:1 flip", 1},
                                    }));
    // After the pick the player out is skipped: two coins, four ways.
    auto picked = load("1,1,1 1,-,- pick:2 1");
    EXPECT_EQ(divide(*picked, 2), (std::map<std::string, uint64_t>{{"picks:1 flip", 4}}));
}

// A pick that ends the game ends the turn: no "flip" follows it.
TEST(PowercoinzPerft, APickThatEndsTheGameEndsTheTurn) {
    auto s = load("12345,1 5,- pick:2 1");
    EXPECT_EQ(divide(*s, 1), (std::map<std::string, uint64_t>{{"picks:1", 1}}));
    EXPECT_EQ(perft(*s, 2), 0u);
    auto over = load("1,- ?,? flip 1");
    EXPECT_EQ(perft(*over, 1), 0u);
    EXPECT_EQ(perft(*over, 0), 1u);
}

// Measured by the program, not derived by hand (an independent count, a
// short script of the rules, agreed): a guard against change.
TEST(PowercoinzPerft, FromTheStartAsMeasured) {
    PowercoinzState s(2);
    EXPECT_EQ(perft(s, 0), 1u);
    EXPECT_EQ(perft(s, 1), 1u);
    EXPECT_EQ(perft(s, 2), 1922u);
    EXPECT_EQ(perft(PowercoinzState(3), 2), 122648u);
}

// About 50 ms in a normal build.
TEST(PowercoinzPerft, DepthThreeFromTheStartAsMeasured) {
    EXPECT_EQ(perft(PowercoinzState(2), 3), 148166u);
}

// --- arbiter-perft, the real program ---------------------------------------------

TEST(PowercoinzPerftTool, CountsFromTheStartAndFromAPosition) {
    ProgramResult start = runPerft({"--game", "powercoinz", "--depth", "2"});
    EXPECT_EQ(start.status, 0) << start.err;
    EXPECT_EQ(start.lastLine(), "1922") << start.out;
    ProgramResult three = runPerft({"--game", "powercoinz", "--players", "3", "--position",
                                    "1,1,1 ?,?,? flip 1", "--depth", "3"});
    EXPECT_EQ(three.status, 0) << three.err;
    EXPECT_EQ(three.lastLine(), "61") << three.out;
    ProgramResult divided = runPerft(
        {"--game=powercoinz", "--position", "1,1 ?,? flipping:1 1", "--depth", "2", "--divide"});
    EXPECT_EQ(divided.status, 0) << divided.err;
    EXPECT_EQ(divided.out,
              "shows:- shows:- flip: 4\nshows:- shows:1 remove 1: 1\n"
              "shows:1 shows:- remove 2: 1\nshows:1 shows:1 flip: 4\n10\n");
}

TEST(PowercoinzPerftTool, RefusesWhatPowerCoinzIsNot) {
    ProgramResult bad =
        runPerft({"--game", "powercoinz", "--position", "1,1 ?,? flip", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("this has 3 fields"), std::string::npos) << bad.err;
    EXPECT_EQ(bad.out, "");
    ProgramResult many = runPerft({"--game", "powercoinz", "--players", "17", "--depth", "1"});
    EXPECT_EQ(many.status, 2);
    EXPECT_NE(many.err, "");
}

}  // namespace
}  // namespace arbiter::powercoinz
