// The Sandkings listing judges a step's connection from the groups the rest
// of the creature falls into, and from the cells around the piece: these
// tests hold both to a flood of the creature after each step, and the whole
// listing to the steps isLegal() accepts one by one, along random games.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/sandkings/sandkings.h"
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
