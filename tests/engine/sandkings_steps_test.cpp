// The Sandkings listing judges a step's connection from the groups the rest
// of the creature falls into, and from the cells around the piece: these
// tests hold both to a flood of the creature after each step, and the whole
// listing to the steps isLegal() accepts one by one, along random games.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/sandkings/sandkings.h"
#include "tests/engine/listed_choice.h"
#include "tests/engine/sandkings_test_support.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::sandkings {
namespace {

bool oneGroup(CellSet cells) {
    return cells == 0 || flood(only(firstOf(cells)), cells, true) == cells;
}

// A group of up to `size` cells grown from a random cell by random steps.
CellSet randomGroup(SeededNumbers& rng, int size) {
    CellSet group = only(static_cast<Cell>(rng.below(kCells)));
    while (countOf(group) < size) {
        const CellSet around = kingNeighbours(group) & ~group;
        CellSet pick = around;
        for (uint64_t skip = static_cast<uint64_t>(rng.below(countOf(around))); skip; --skip)
            pick &= pick - 1;
        group |= only(firstOf(pick));
    }
    return group;
}

TEST(SandkingsSteps, JoiningAllIsWhereAPieceMakesTheCellsOneGroup) {
    SeededNumbers rng(7);
    EXPECT_EQ(joiningAll(0), ~CellSet{0});
    int split = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        // Scattered cells near one another: often several groups.
        CellSet cells = 0;
        const Cell centre = static_cast<Cell>(rng.below(kCells));
        const auto count = 1 + rng.below(5);
        for (int i = 0; i < count; ++i)
            cells |= kingNeighbours(kingNeighbours(only(centre))) &
                     only(static_cast<Cell>(rng.below(kCells)));
        cells |= only(centre);
        split += oneGroup(cells) ? 0 : 1;
        const CellSet joining = joiningAll(cells);
        for (Cell t = 0; t < kCells; ++t) {
            if (has(cells, t)) continue;
            ASSERT_EQ(has(joining, t), oneGroup(cells | only(t))) << cells << " " << t;
        }
    }
    EXPECT_GT(split, 100);  // the trials reach the case the listing needs it for
}

TEST(SandkingsSteps, APieceWhoseNeighboursAreJoinedLeavesItsGroupWhole) {
    SeededNumbers rng(11);
    int said = 0, articulations = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        const CellSet group = randomGroup(rng, 2 + rng.below(5));
        for (CellSet left = group; left; left &= left - 1) {
            const Cell c = firstOf(left);
            const bool whole = oneGroup(group & ~only(c));
            if (staysOneWithout(group, c)) {
                ASSERT_TRUE(whole) << group << " " << c;
                ++said;
            }
            articulations += whole ? 0 : 1;
        }
    }
    EXPECT_GT(said, 1000);
    EXPECT_GT(articulations, 1000);
}

TEST(SandkingsSteps, CountOfFewCountsUpToFifteenCells) {
    SeededNumbers rng(3);
    for (int trial = 0; trial < 20000; ++trial) {
        CellSet s = 0;
        for (int i = 0, n = rng.below(16); i < n; ++i)
            s |= only(static_cast<Cell>(rng.below(kCells)));
        int counted = 0;
        for (CellSet left = s; left; left &= left - 1) ++counted;
        ASSERT_EQ(countOfFew(s), counted) << s;
        ASSERT_EQ(countOf(s), counted) << s;
    }
    EXPECT_EQ(countOfFew(kRank1 | (kRank8 & ~only(63))), 15);
    EXPECT_EQ(countOf(~CellSet{0}), 64);
}

TEST(SandkingsSteps, SelectCellIsTheCellWithThatManyBelowIt) {
    SeededNumbers rng(5);
    for (int trial = 0; trial < 20000; ++trial) {
        // Sparse and dense sets, and the 3x3 blocks a piece's steps make.
        CellSet s = 0;
        const int kind = trial % 3;
        if (kind == 0) {
            s = kingSteps(static_cast<Cell>(rng.below(kCells)));
        } else {
            for (int i = 0, n = 1 + rng.below(kind == 1 ? 6 : 64); i < n; ++i)
                s |= only(static_cast<Cell>(rng.below(kCells)));
        }
        int rank = 0;
        for (CellSet left = s; left; left &= left - 1, ++rank)
            ASSERT_EQ(selectCell(s, rank), firstOf(left)) << s << " " << rank;
    }
    EXPECT_EQ(selectCell(~CellSet{0}, 63), 63);
    EXPECT_EQ(selectCell(only(63), 0), 63);
}

std::vector<Action> everyLegalStep(const SandkingsState& s) {
    std::vector<Action> legal;
    // A step goes one square in any direction: wider ones are refused, and
    // would only make the test slow.
    for (Cell from = 0; from < kCells; ++from) {
        if (!s.pieceAt(from) || s.pieceAt(from)->owner != s.toMove()) continue;
        for (Cell to = 0; to < kCells; ++to) {
            const int files = to % kSide - from % kSide, ranks = to / kSide - from / kSide;
            if (files < -1 || files > 1 || ranks < -1 || ranks > 1) continue;
            if (s.isLegal(Action::move(from, to))) legal.push_back(Action::move(from, to));
        }
    }
    if (s.isLegal(Action::endTurn())) legal.push_back(Action::endTurn());
    if (s.isLegal(Action::pass())) legal.push_back(Action::pass());
    return legal;
}

TEST(SandkingsSteps, TheListingIsEveryLegalStepInOrderAlongRandomGames) {
    SeededNumbers rng(31);
    int positions = 0;
    for (int game = 0; game < 12; ++game) {
        Rules rules;
        rules.orthogonalBlock = game % 2 == 1;
        rules.stingerNearBody = game % 3 == 1;
        rules.diagonalSuffocation = game % 4 >= 2;
        const int players = 2 + game % 3;
        SandkingsState s(rules, players);
        std::vector<Action> listed;
        for (int step = 0; step < 300 && !s.outcome().over(); ++step, ++positions) {
            s.listActions(listed);
            ASSERT_EQ(listed, everyLegalStep(s)) << s.serialize();
            s.apply(listed[static_cast<size_t>(rng.below(static_cast<int>(listed.size())))]);
        }
    }
    EXPECT_GT(positions, 2000);
}

// The tables of games the tests play: every option on and off, 2 to 4 players.
Rules rulesOfGame(int game) {
    Rules rules;
    rules.orthogonalBlock = game % 2 == 1;
    rules.stingerNearBody = game % 3 == 1;
    rules.diagonalSuffocation = game % 4 >= 2;
    rules.doubleSteps = game % 5 == 4;
    return rules;
}

TEST(SandkingsSteps, ThePlayoutsPickIsTheListingsActionAtTheIndexDrawn) {
    SeededNumbers rng(37);
    int positions = 0;
    for (int game = 0; game < 20; ++game) {
        SandkingsState s(rulesOfGame(game), 2 + game % 3);
        std::vector<Action> listed;
        for (int step = 0; step < 400 && !s.outcome().over(); ++step, ++positions) {
            expectEveryIndexChoosesItsListedAction(s, "sandkings");
            if (HasFatalFailure()) return;
            s.listActions(listed);
            s.apply(listed[static_cast<size_t>(rng.below(static_cast<int>(listed.size())))]);
        }
        if (s.outcome().over()) expectEveryIndexChoosesItsListedAction(s, "sandkings");
    }
    EXPECT_GT(positions, 4000);
}

// What stands on each cell of the board after a step, as the aftermath
// the step's description reads says.
std::vector<std::optional<Piece>> boardOf(const Aftermath& m) {
    std::vector<std::optional<Piece>> board(kCells);
    for (Cell c = 0; c < kCells; ++c) {
        for (PlayerId q = 0; q < kMaxSeats; ++q) {
            for (int k = 0; k < kKinds; ++k) {
                if (has(m.pieces[static_cast<size_t>(q)], c) &&
                    has(m.kinds[static_cast<size_t>(k)], c))
                    board[static_cast<size_t>(c)] = Piece{k, q};
            }
        }
    }
    return board;
}

// Applies `a` (a legal step) to `s` and checks the board against the
// aftermath it was worked out to have.
void applyAsItsAftermathSays(SandkingsState& s, const Action& a) {
    const Aftermath m = s.aftermath(a.from, a.to);
    const SandkingsState before = s;
    s.apply(a);
    std::vector<std::optional<Piece>> board(kCells);
    for (Cell c = 0; c < kCells; ++c) board[static_cast<size_t>(c)] = s.pieceAt(c);
    ASSERT_EQ(board, boardOf(m)) << before.serialize() << " " << before.encode(a);
}

TEST(SandkingsSteps, ApplyLeavesTheBoardItsAftermathDescribesAlongRandomGames) {
    SeededNumbers rng(41);
    int stings = 0, cutOff = 0;
    for (int game = 0; game < 120; ++game) {
        SandkingsState s(rulesOfGame(game), 2 + game % 3);
        std::vector<Action> listed;
        for (int step = 0; step < 600 && !s.outcome().over(); ++step) {
            s.listActions(listed);
            const Action a =
                listed[static_cast<size_t>(rng.below(static_cast<int>(listed.size())))];
            if (a.kind == Action::Kind::Move) {
                const Aftermath m = s.aftermath(a.from, a.to);
                stings += m.victim != NoPlayer ? 1 : 0;
                cutOff += m.cutOff != 0 ? 1 : 0;
                ASSERT_NO_FATAL_FAILURE(applyAsItsAftermathSays(s, a));
            } else {
                s.apply(a);
            }
        }
    }
    // The games reach what a sting may take off.
    EXPECT_GT(stings, 100);
    EXPECT_GT(cutOff, 10);
}

TEST(SandkingsSteps, ApplyLeavesTheBoardItsAftermathDescribesWhereChainsCloseCorners) {
    // Random games seldom suffocate: every step from positions where one
    // closes a corner (those of the rules' tests), in each corner.
    Rules diagonal;
    diagonal.diagonalSuffocation = true;
    const struct {
        int players;
        const char* in;
        char mover;
        const char* pieces;
        Rules rules;
    } positions[] = {
        {2, "ab", 'a', "a3:Va b3:Va c3:Ba c2:Va d1:Sa b2:Bb a1:Vb", {}},
        {3, "abc", 'c', "a3:Va b3:Ba c3:Va b2:Bb c2:Bc d1:Vc", {}},
        {2, "ab", 'a', "b2:Ba a3:Va c2:Sa a1:Bb", {}},
        {2, "ab", 'a', "b2:Ba a3:Va c2:Sa a1:Bb", diagonal},
        {3, "abc", 'b', "b2:Ba a3:Va c1:Va b3:Bb h8:Bc", diagonal},
        {3, "abc", 'a', "a3:Va b3:Va c3:Ba c2:Va d1:Sa b2:Bb a1:Vb d2:Bc", {}},
    };
    int suffocating = 0;
    for (const auto& p : positions) {
        for (const Corner corner : {SouthWest, NorthWest, NorthEast, SouthEast}) {
            const auto s = support::position(p.players, p.in, p.mover,
                                             support::mirroredText(p.pieces, corner), p.rules);
            std::vector<Action> listed;
            s->listActions(listed);
            for (const Action& a : listed) {
                if (a.kind != Action::Kind::Move) continue;
                suffocating += s->aftermath(a.from, a.to).suffocatedSeats != 0 ? 1 : 0;
                SandkingsState after = *s;
                ASSERT_NO_FATAL_FAILURE(applyAsItsAftermathSays(after, a));
            }
        }
    }
    EXPECT_GE(suffocating, 16);
}

TEST(SandkingsSteps, TheListingIsEveryLegalStepForSmallCreatures) {
    // A lone piece has no rest to stay next to; two or three pieces split
    // and join in few ways. Random games seldom shrink a creature so far.
    const char* positions[] = {
        "d4:Ba g7:Bb",
        "a1:Ba h8:Sb g7:Bb",
        "d4:Ba e5:Sa a8:Bb",
        "d4:Ba e5:Va c3:Sa h1:Bb g1:Vb",
        "b2:Ba c3:Va d4:Sa e5:Vb f6:Bb",
        "d4:Ba d5:Va d6:Va e4:Sa c4:Va a8:Bb",
    };
    for (const char* pieces : positions) {
        const auto s = support::position(2, "ab", 'a', pieces);
        std::vector<Action> listed;
        s->listActions(listed);
        EXPECT_EQ(listed, everyLegalStep(*s)) << pieces;
        EXPECT_GT(listed.size(), 1u) << pieces;
    }
}

}  // namespace
}  // namespace arbiter::sandkings
