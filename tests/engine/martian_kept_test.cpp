// What a Martian Chess state keeps as a game goes on (the pyramids per
// territory, the occupied cells and the end, all kept by apply()) and the
// moves it finds by masking rays, checked along random games against what a
// fresh look gives: the same position loaded from its text (which counts
// everything afresh) and every move tried one by one through refusal(),
// which steps the geometry cell by cell.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "engine/martian/martian.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::martian {
namespace {

Rules table(int players, bool promotion, bool clock) {
    Rules r;
    r.players = players;
    r.fieldPromotion = promotion;
    r.callingClock = clock;
    return r;
}

// Every move refusal() accepts, in cell order, merges included: from each
// piece the player to move owns, to every cell.
std::vector<Action> movesTriedOneByOne(const MartianState& s) {
    std::vector<Action> moves;
    for (Cell from = 0; from < s.geometry().size(); ++from) {
        const auto piece = s.pieceAt(from);
        if (!piece || piece->owner != s.toMove()) continue;
        for (Cell to = 0; to < s.geometry().size(); ++to) {
            for (int becomes = -1; becomes < kKinds; ++becomes) {
                const Action a = Action::move(from, to, becomes);
                if (s.refusal(a).empty()) moves.push_back(a);
            }
        }
    }
    return moves;
}

std::vector<Action> sorted(std::vector<Action> actions) {
    std::sort(actions.begin(), actions.end(), [](const Action& a, const Action& b) {
        return std::tie(a.from, a.to, a.piece) < std::tie(b.from, b.to, b.piece);
    });
    return actions;
}

// Plays `games` random games at a table, checking each position reached.
void checkAlongRandomGames(const Rules& rules, uint64_t seed, int games) {
    SeededNumbers numbers(seed);
    int merges = 0, ends = 0;
    for (int game = 0; game < games; ++game) {
        MartianState s(rules);
        std::vector<Action> listed;
        for (int step = 0; step < 300; ++step) {
            std::string error;
            const auto fresh = MartianState::load(s.serialize(), error, rules);
            ASSERT_TRUE(fresh) << error;
            ASSERT_EQ(s.outcome(), fresh->outcome()) << s.serialize();
            s.listActions(listed);
            std::vector<Action> again;
            fresh->listActions(again);
            ASSERT_EQ(listed, again) << s.serialize();
            ASSERT_EQ(s.turnCount(), fresh->turnCount()) << s.serialize();
            std::vector<Action> moves;
            std::copy_if(listed.begin(), listed.end(), std::back_inserter(moves),
                         [](const Action& a) { return a.kind == Action::Kind::Move; });
            // Every fourth position: trying every move is slow under the sanitizers.
            if (!s.outcome().over() && step % 4 == 0) {
                ASSERT_EQ(sorted(moves), movesTriedOneByOne(s)) << s.serialize();
            }
            if (listed.empty()) {
                ASSERT_TRUE(s.outcome().over()) << s.serialize();
                ++ends;
                break;
            }
            const Action& a =
                listed[static_cast<size_t>(numbers.below(static_cast<int>(listed.size())))];
            merges += a.kind == Action::Kind::Move && a.piece >= 0;
            s.apply(a);
        }
    }
    // The games must reach what is being checked: ends, and merges where allowed.
    EXPECT_GT(ends, games / 2);
    if (rules.fieldPromotion) EXPECT_GT(merges, 0);
}

TEST(MartianKept, TwoPlayersMatchAFreshLook) {
    checkAlongRandomGames(table(2, false, false), 1, 10);
}

TEST(MartianKept, TwoPlayersWithMergesMatchAFreshLook) {
    checkAlongRandomGames(table(2, true, false), 2, 20);
}

TEST(MartianKept, TwoPlayersWithTheClockMatchAFreshLook) {
    checkAlongRandomGames(table(2, false, true), 3, 10);
}

TEST(MartianKept, FourPlayersWithMergesMatchAFreshLook) {
    checkAlongRandomGames(table(4, true, false), 4, 4);
}

TEST(MartianKept, FourPlayersWithTheClockMatchAFreshLook) {
    checkAlongRandomGames(table(4, false, true), 5, 4);
}

}  // namespace
}  // namespace arbiter::martian
