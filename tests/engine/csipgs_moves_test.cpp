// csipgs board moves worked out on sets of squares (attack tables, pins and
// checkers) against the same moves tried one by one on a copy of the board.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/csipgs/csipgs.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::csipgs {
namespace {

using Legality = CsipgsState::Legality;

constexpr const char* kSlots = " - fmWfcF,R,N,B,WF+royal,BR fmWfcF,R,N,B,WF+royal,BR";

std::unique_ptr<CsipgsState> load(const std::string& text, Rules rules = {}) {
    std::string error;
    auto s = CsipgsState::load(text, error, rules);
    EXPECT_TRUE(s) << text << ": " << error;
    return s;
}

// A position of random designed pieces: each side one royal piece (a King or
// a royal rider or leaper), sometimes two, and up to a dozen others of every
// atom and direction, on squares drawn at random away from `impassable`.
std::string randomPosition(SeededNumbers& numbers, Squareset impassable) {
    static const std::vector<std::string> designs = {
        "W",     "F",     "D",      "A",   "H",  "G",    "N",    "L",      "R",     "B",
        "NN",    "FfR",   "ffNbbN", "WF",  "BR", "NNfN", "cRmB", "fNN",    "bR",    "sR",
        "mNNcN", "fmRcB", "fB",     "bbN", "WD", "mRcN", "DR",   "fmWfcF", "fmWfcF"};
    static const std::vector<std::string> royals = {"WF+royal", "WF+royal", "R+royal",
                                                    "NN+royal", "N+royal",  "fmG+royal"};
    std::vector<Cell> free;
    for (Cell c = 0; c < 64; ++c) {
        if (!(impassable & bit(c))) free.push_back(c);
    }
    std::string board(64, '.'), kinds;
    const std::string letters = "ABCDEFGHIJKLMNOP";
    for (int side = 0; side < 2; ++side) {
        const int royalCount = numbers.below(5) == 0 ? 2 : 1;
        const int pieces = royalCount + 2 + numbers.below(11);
        for (int i = 0; i < pieces; ++i) {
            char letter = letters[static_cast<size_t>(i)];
            if (side == 1) letter = static_cast<char>(letter - 'A' + 'a');
            const auto& pool = i < royalCount ? royals : designs;
            const std::string& design =
                pool[static_cast<size_t>(numbers.below(static_cast<int>(pool.size())))];
            kinds += std::string(kinds.empty() ? "" : ",") + letter + "=" +
                     std::to_string(1 + numbers.below(6)) + ":" + design;
            const size_t at = static_cast<size_t>(numbers.below(static_cast<int>(free.size())));
            board[static_cast<size_t>(free[at])] = letter;
            free.erase(free.begin() + static_cast<std::ptrdiff_t>(at));
        }
    }
    std::string text;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char c = board[static_cast<size_t>(rank * 8 + file)];
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) text += std::to_string(empty);
            empty = 0;
            text += c;
        }
        if (empty) text += std::to_string(empty);
        if (rank) text += '/';
    }
    return text + (numbers.below(2) ? " w" : " b") + " 3,3 " + kinds + kSlots;
}

// Impassable squares drawn at random, never e1 or e8 (the Kings' start).
Squareset randomImpassable(SeededNumbers& numbers) {
    Squareset squares = 0;
    for (int n = numbers.below(3) * 2; n > 0; --n) {
        const Cell c = numbers.below(64);
        if (c != 4 && c != 60) squares |= bit(c);
    }
    return squares;
}

TEST(CsipgsMoves, SetsAgreeWithTrialOnRandomPositions) {
    SeededNumbers numbers(20261128);
    int compared = 0, deep = 0;
    for (int i = 0; i < 400; ++i) {
        Rules rules;
        rules.impassable = randomImpassable(numbers);
        const std::string text = randomPosition(numbers, rules.impassable);
        std::string error;
        // Positions where the player not to move is in check are refused: skip them.
        auto s = CsipgsState::load(text, error, rules);
        if (!s) continue;
        const int depth = i % 10 == 0 ? 3 : 2;
        ASSERT_EQ(s->perftMovesOnly(depth), s->perftMovesOnly(depth, Legality::ByTrial))
            << text << " impassable " << rules.impassable;
        // Listed in the order of their squares, the royal's among the others:
        // divide, the records and the referee all see this order.
        const std::vector<Action> moves = s->legalMoves();
        ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end(),
                                   [](const Action& a, const Action& b) {
                                       return std::pair(a.from, a.to) < std::pair(b.from, b.to);
                                   }))
            << text;
        ++compared;
        deep += depth == 3;
    }
    // Enough of them load to mean something (about two in three do).
    EXPECT_GT(compared, 200);
    EXPECT_GT(deep, 20);
}

// Black's DR on e3 checks the King on e1 by its D leap and along its R ride
// at once: standing on e2 blocks the ride but not the leap, so the Rook on a2
// cannot answer; the King goes to d1, d2, f1 or f2 (e2 is attacked).
TEST(CsipgsMoves, ACheckByALeapCannotBeBlockedEvenOnARidersLine) {
    auto s = load("7k/8/8/8/8/4x3/R7/4K3 w 1,0 K=5:WF+royal,R=2:R,k=5:WF+royal,x=2:DR" +
                  std::string(kSlots));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->perftMovesOnly(1), 4u);
    EXPECT_EQ(s->perftMovesOnly(1, Legality::ByTrial), 4u);
    // The same check by the ride alone may be blocked on e2.
    auto rideOnly = load("7k/8/8/8/8/4x3/R7/4K3 w 1,0 K=5:WF+royal,R=2:R,k=5:WF+royal,x=2:R" +
                         std::string(kSlots));
    ASSERT_TRUE(rideOnly);
    EXPECT_EQ(rideOnly->perftMovesOnly(1), 5u);
}

// The Rook on b3 stands alone between the King on a1 and Black's
// Knightrider on d7 (a1 b3 c5 d7 is one of its lines): it may not move at
// all, since no Rook move stays on that line; the King has a2, b1 and b2.
TEST(CsipgsMoves, APieceOnAKnightridersLineToTheRoyalIsPinned) {
    auto s = load("7k/3x4/8/8/8/1R6/8/K7 w 1,0 K=5:WF+royal,R=2:R,k=5:WF+royal,x=4:NN" +
                  std::string(kSlots));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->perftMovesOnly(1), 3u);
    EXPECT_EQ(s->perftMovesOnly(1, Legality::ByTrial), 3u);
}

// An impassable square stops a ride as a piece does and is never entered.
// Black's Rook on a1 would check the King on c1 along the first rank; with b1
// impassable it does not, and the King may go to d1, b2, c2 or d2 (not b1).
// Without the wall the King is in check and has only b2, c2 and d2.
TEST(CsipgsMoves, AnImpassableSquareStopsRidesAndIsNeverEntered) {
    const std::string text =
        "7k/8/8/8/8/8/8/r1K5 w 1,0 K=5:WF+royal,k=5:WF+royal,r=2:R" + std::string(kSlots);
    Rules walled;
    walled.impassable = bit(1);  // b1
    auto s = load(text, walled);
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->inCheck(0));
    EXPECT_EQ(s->perftMovesOnly(1), 4u);
    EXPECT_EQ(s->perftMovesOnly(1, Legality::ByTrial), 4u);
    auto open = load(text);
    ASSERT_TRUE(open);
    EXPECT_TRUE(open->inCheck(0));
    EXPECT_EQ(open->perftMovesOnly(1), 3u);
}

}  // namespace
}  // namespace arbiter::csipgs
