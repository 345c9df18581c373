// What a Colonization state keeps or shortcuts as a game goes on, checked
// along random games against the long way: each action's cells after
// apply() (which makes steps and colonies without edits, and floods only
// when the ring around a cell left or taken has come apart) against the
// edits editsOf() works out with its full flood fill; the steps listed
// (read off the open neighbours put() keeps) against every neighbour looked
// at; and the listing against the same position loaded from its text.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/colonization/colonization.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::colonization {
namespace {

// The steps of the player to move, looked at neighbour by neighbour: their
// pieces in cell order, each neighbour in kSteps order; a home planet onto
// anything not its own, any other piece onto an empty cell.
std::vector<Action> stepsLookedAt(const ColonizationState& s) {
    std::vector<Action> steps;
    const Geometry& g = s.geometry();
    for (Cell c = 0; c < g.size(); ++c) {
        const auto piece = s.pieceAt(c);
        if (!piece || piece->owner != s.toMove()) continue;
        for (const auto& step : kSteps) {
            const Cell to = g.step(c, step[0], step[1]);
            if (to == NoCell) continue;
            const auto there = s.pieceAt(to);
            if (piece->kind == kPlanet ? !there || there->owner != s.toMove() : !there)
                steps.push_back(Action::move(c, to));
        }
    }
    return steps;
}

std::vector<std::optional<Piece>> cellsOf(const ColonizationState& s) {
    std::vector<std::optional<Piece>> cells;
    for (Cell c = 0; c < s.geometry().size(); ++c) cells.push_back(s.pieceAt(c));
    return cells;
}

struct Seen {
    int cutOff = 0;  // actions that took off pieces cut off from their home planets
    int ended = 0;
};

// Plays `games` random games of `players` on `files` x `ranks`.
Seen checkAlongRandomGames(int files, int ranks, int players, uint64_t seed, int games) {
    SeededNumbers numbers(seed);
    Seen seen;
    const Rules rules;
    for (int game = 0; game < games; ++game) {
        ColonizationState s(rules, files, ranks, players);
        std::vector<Action> listed;
        for (int ply = 0; ply < 1500 && !s.outcome().over(); ++ply) {
            s.listActions(listed);
            std::string error;
            const auto fresh = ColonizationState::load(s.serialize(), error, rules);
            EXPECT_TRUE(fresh) << error;
            if (!fresh) return seen;
            std::vector<Action> again;
            fresh->listActions(again);
            EXPECT_EQ(listed, again) << s.serialize();
            if (s.seat(s.toMove()) == Seat::Playing) {
                std::vector<Action> steps;
                for (const Action& a : listed) {
                    if (a.kind == Action::Kind::Move) steps.push_back(a);
                }
                EXPECT_EQ(steps, stepsLookedAt(s)) << s.serialize();
            }
            if (listed.empty()) return seen;
            const Action a =
                listed[static_cast<size_t>(numbers.below(static_cast<int>(listed.size())))];
            auto expected = cellsOf(s);
            bool cut = false;
            for (const Edit& e : s.editsOf(a)) {
                cut = cut || e.why == Edit::Why::CutOff;
                expected[static_cast<size_t>(e.cell)] =
                    e.after.empty() ? std::nullopt
                                    : std::optional<Piece>(Piece{e.after.kind, e.after.owner});
            }
            seen.cutOff += cut;
            const std::string before = s.serialize();
            s.apply(a);
            EXPECT_EQ(cellsOf(s), expected) << before << " then " << s.encode(a);
            if (::testing::Test::HasFailure()) return seen;
        }
        seen.ended += s.outcome().over();
    }
    return seen;
}

TEST(ColonizationKept, FourPlayersOnTheirDefaultBoardsMatchTheLongWay) {
    const Seen seen = checkAlongRandomGames(16, 8, 4, 1, 4);
    EXPECT_GT(seen.cutOff, 100);
    EXPECT_GE(seen.ended, 3);
}

TEST(ColonizationKept, ThreePlayersCrowdedOnSixBySixMatchTheLongWay) {
    const Seen seen = checkAlongRandomGames(6, 6, 3, 2, 10);
    EXPECT_GT(seen.cutOff, 100);
    EXPECT_GE(seen.ended, 8);
}

TEST(ColonizationKept, TwoPlayersOnOneNarrowStripMatchTheLongWay) {
    const Seen seen = checkAlongRandomGames(12, 2, 2, 3, 10);
    EXPECT_GT(seen.cutOff, 100);
    EXPECT_GE(seen.ended, 8);
}

}  // namespace
}  // namespace arbiter::colonization
