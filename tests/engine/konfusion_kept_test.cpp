// What a Konfusion playout keeps from one step to the next, against a fresh
// look along random games of two to four players: the squares a piece's
// walks read (destinationsReading) are all its destinations depend on, so a
// square outside them changed leaves them as they were; and the destinations
// KeptReach keeps per piece, walked again only when a square they read has
// changed, are what destinations() works out afresh; and the move at an
// index is found among them as each() would count to it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/konfusion/konfusion.h"
#include "engine/konfusion/konfusion_kept_reach.h"
#include "tests/engine/konfusion_test_support.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::konfusion {
namespace {

using support::loaded;
using support::nameOf;
using support::positionText;
using support::seats;

// The pieces of `s` as the support's list ("c3:S3 h8:N1"), with the piece on
// `change` taken away, or an enemy 1 of the first other seat put there when
// it is empty.
std::string piecesWithChange(const KonfusionState& s, Cell change, PlayerId mover) {
    std::string pieces;
    for (Cell c = 0; c < kCells; ++c) {
        PlayerId owner = s.ownerAt(c);
        int pips = s.pipsAt(c);
        if (c == change) {
            owner = owner == NoPlayer ? (mover + 1) % s.playerCount() : NoPlayer;
            pips = 1;
        }
        if (owner == NoPlayer) continue;
        pieces += nameOf(c) + ":" + s.playerName(owner)[0] + std::to_string(pips) + " ";
    }
    return pieces;
}

std::string capturedText(const KonfusionState& s) {
    std::string text;
    for (PlayerId p = 0; p < s.playerCount(); ++p)
        text += (p ? "," : "") + std::to_string(s.captured(p));
    return text;
}

Action randomAction(const KonfusionState& s, SeededNumbers& numbers) {
    std::vector<Action> actions = s.legalActions();
    EXPECT_FALSE(actions.empty()) << s.serialize();
    if (actions.empty()) return Action::pass();
    return actions[static_cast<size_t>(numbers.below(static_cast<int>(actions.size())))];
}

// For a few pieces of each position along random games, every square outside
// what the piece's walks read is changed in turn: its destinations stay.
void checkReadSquares(int players, uint64_t seed, int games, int steps) {
    SeededNumbers numbers(seed);
    int changes = 0;
    for (int game = 0; game < games; ++game) {
        KonfusionState s(seats(players));
        for (int step = 0; step < steps && !s.outcome().over(); ++step) {
            const PlayerId mover = s.toMove();
            std::vector<Cell> pieces;
            s.cellsOf(mover).each([&](Cell c) { pieces.push_back(c); });
            const Cell from =
                pieces[static_cast<size_t>(numbers.below(static_cast<int>(pieces.size())))];
            CellSet read;
            const CellSet to = s.destinationsReading(from, read);
            ASSERT_EQ(to, s.destinations(from)) << s.serialize();
            ASSERT_FALSE(read.has(from));
            const char seat = s.playerName(mover)[0];
            for (Cell x = 0; x < kCells; ++x) {
                if (x == from || read.has(x) || numbers.below(8) != 0) continue;
                const auto changed =
                    loaded(positionText(piecesWithChange(s, x, mover), seat, capturedText(s)),
                           seats(players));
                ASSERT_EQ(changed->destinations(from), to)
                    << s.serialize() << ": " << nameOf(from) << " read " << nameOf(x);
                ++changes;
            }
            s.apply(randomAction(s, numbers));
        }
    }
    EXPECT_GT(changes, games * steps / 2);  // the squares left unread were tried
}

TEST(KonfusionKept, TheSquaresAWalkReadsAreAllItsDestinationsDependOn) {
    checkReadSquares(2, 41, 2, 50);
    checkReadSquares(3, 42, 1, 50);
    checkReadSquares(4, 43, 1, 50);
}

// Plays random games telling `kept` of each move's squares, as a playout
// does, and compares what it keeps for the seat to move with a fresh look.
void checkKeptAlongGames(int players, uint64_t seed, int games) {
    SeededNumbers numbers(seed);
    int checkedSteps = 0;
    for (int game = 0; game < games; ++game) {
        KonfusionState s(seats(players));
        KeptReach kept;
        for (int step = 0; step < 400 && !s.outcome().over(); ++step) {
            const PlayerId mover = s.toMove();
            const int moves = kept.refresh(s, mover);
            int fresh = 0;
            s.cellsOf(mover).each([&](Cell c) {
                const CellSet to = s.destinations(c);
                fresh += to.count();
                ASSERT_EQ(kept.reachOf(c), to) << s.serialize() << ": " << nameOf(c);
                ASSERT_EQ(kept.countOf(c), to.count());
            });
            ASSERT_EQ(moves, fresh) << s.serialize();
            const Action a = randomAction(s, numbers);
            if (a.kind == Action::Kind::Move) kept.moved(a.from, a.to);
            s.apply(a);
            ++checkedSteps;
        }
    }
    EXPECT_GT(checkedSteps, games * 50);  // the games went on long enough to say something
}

TEST(KonfusionKept, KeptDestinationsAreWhatAFreshLookFinds) {
    checkKeptAlongGames(2, 7, 6);
    checkKeptAlongGames(3, 8, 4);
    checkKeptAlongGames(4, 9, 4);
}

// The move a playout draws is found by the index of its destination among
// the piece's: nth() must name the cell each() comes to at that index, in
// sets of every size, both halves of the 128 bits included.
TEST(KonfusionKept, TheNthCellIsTheOneEachComesToAtThatIndex) {
    SeededNumbers numbers(11);
    for (int round = 0; round < 2000; ++round) {
        CellSet set;
        const int odds = 1 + numbers.below(16);  // from a cell in 16 to every cell
        for (Cell c = 0; c < kCells; ++c) {
            if (numbers.below(odds) == 0) set |= CellSet::of(c);
        }
        int index = 0;
        set.each([&](Cell c) {
            ASSERT_EQ(set.nth(index), c) << "index " << index << " of " << set.count();
            ++index;
        });
        ASSERT_EQ(index, set.count());
    }
}

}  // namespace
}  // namespace arbiter::konfusion
