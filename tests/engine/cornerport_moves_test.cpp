// Cornerport lists a ship's steps from a table that reorders the cells
// around it, and apply() moves a ship by hand rather than through put():
// these tests hold the listing to the moves worked out from the rules, in
// the listing's order, and the state after every action to the same
// position loaded from its text (which put() builds), along random games.
// Its playOut() finds the drawn move by counting the ships' move bits: held
// to what the hooks play, through passes, placements, wins and draws.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/playout.h"
#include "engine/cornerport/cornerport.h"
#include "tests/engine/cornerport_test_support.h"
#include "tests/engine/playout_comparison.h"

namespace arbiter::cornerport {
namespace {

struct TestRng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
};

// Every move the rules allow, worked out here from the ships on the board
// (isLegal() looks the move up in the listing, so it could not judge it):
// by ship from a1 up, for each east first, then anticlockwise, one square
// before two, the order docs/rules/cornerport.md lists them in.
std::vector<Action> everyMoveByTheRules(const CornerportState& s) {
    constexpr int kDirections[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                       {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    std::vector<Action> moves;
    for (Cell from = 0; from < 64; ++from) {
        const auto ship = s.pieceAt(from);
        if (!ship || ship->owner != s.toMove()) continue;
        for (const auto& d : kDirections) {
            const bool straight = d[0] == 0 || d[1] == 0;
            const int reach = ship->kind == kBattleShip ? (straight ? 2 : 0) : 1;
            for (int distance = 1; distance <= reach; ++distance) {
                const int f = from % 8 + d[0] * distance, r = from / 8 + d[1] * distance;
                if (f < 0 || f >= 8 || r < 0 || r >= 8) break;
                const Cell to = r * 8 + f;
                const auto there = s.pieceAt(to);
                if (there && there->owner == ship->owner) break;
                if (there && ship->kind == kFreighter) break;  // freighters never sink
                // A patrol boat enters deep water only to sink.
                if (!there && ship->kind == kPatrolBoat && s.deepWater(to)) break;
                moves.push_back(Action::move(from, to));
                if (there) break;  // a sinking ends the move
            }
        }
    }
    if (moves.empty()) moves.push_back(Action::pass());
    return moves;
}

void expectSameState(const CornerportState& played, const CornerportState& loaded) {
    for (Cell c = 0; c < 64; ++c) {
        ASSERT_EQ(played.pieceAt(c), loaded.pieceAt(c)) << c;
        ASSERT_EQ(played.homeOf(c), loaded.homeOf(c)) << c;
    }
    for (PlayerId p : {kWhite, kBlack}) {
        for (int k = 0; k < kKinds; ++k) ASSERT_EQ(played.count(p, k), loaded.count(p, k));
    }
    ASSERT_EQ(played.pendingPort(), loaded.pendingPort());
    ASSERT_EQ(played.outcome(), loaded.outcome());
}

TEST(CornerportMoves, TheListingIsEveryLegalMoveInOrderAndApplyKeepsTheStateAlongRandomGames) {
    TestRng rng{5};
    int moves = 0, sinkings = 0, arrivals = 0;
    for (int game = 0; game < 40; ++game) {
        CornerportState s{Rules{}};
        std::vector<Action> listed, loadedList;
        for (int step = 0; step < 400 && !s.outcome().over(); ++step) {
            s.listActions(listed);
            if (s.pendingPort() == NoCell) {
                ASSERT_EQ(listed, everyMoveByTheRules(s)) << s.serialize();
            }
            const Action a = listed[rng.next() % listed.size()];
            if (a.kind == Action::Kind::Move) {
                ++moves;
                sinkings += s.pieceAt(a.to) ? 1 : 0;
            }
            s.apply(a);
            arrivals += s.pendingPort() != NoCell ? 1 : 0;
            std::string error;
            const auto loaded = CornerportState::load(s.serialize(), error, Rules{});
            ASSERT_TRUE(loaded) << error;
            expectSameState(s, *loaded);
            s.listActions(listed);
            loaded->listActions(loadedList);
            ASSERT_EQ(listed, loadedList) << s.serialize();
        }
    }
    // The games reach what apply() does by hand.
    EXPECT_GT(moves, 5000) << arrivals;
    EXPECT_GT(sinkings, 10) << moves;
    EXPECT_GT(arrivals, 5) << sinkings;
}

using support::loaded;
using support::positionText;

// What the hooks' playout from `from` and `seed` met: the kinds of action
// drawn ("place 2" for a freighter placed) and how it ended.
void tallyHooksPlayout(const CornerportState& from, uint64_t seed, int cap,
                       std::map<std::string, int>& met) {
    std::unique_ptr<GameState> s = from.clone();
    SeededRandom random(seed);
    PlayoutScratch scratch;
    for (int n = 0; n < cap && !s->outcome().over(); ++n) {
        const Action* a = randomPlayoutAction(*s, random, scratch);
        ASSERT_TRUE(a);
        if (a->kind == Action::Kind::Place) ++met["place " + std::to_string(a->piece)];
        if (a->kind == Action::Kind::EndTurn) ++met["end"];
        if (a->kind == Action::Kind::Pass) ++met["pass"];
        if (a->kind == Action::Kind::Move && s->pieceAt(a->to)) ++met["sinking"];
        s->apply(*a);
    }
    const Outcome::Status status = s->outcome().status;
    ++met[status == Outcome::Status::Win    ? "win"
          : status == Outcome::Status::Draw ? "draw"
                                            : "capped"];
}

// From the start, a position where White passes until Black comes near, a
// freighter about to arrive in port, and one move from a deep-water draw.
TEST(CornerportMoves, PlayOutPlaysWhatTheHooksPlayThroughPassesPlacementsAndEnds) {
    const CornerportState start{Rules{}};
    const std::vector<std::string> positions = {start.serialize(), positionText("d4:P b4:r h8:b"),
                                                positionText("b7:B g2:b", 'w', "b7:h1,g2:h8"),
                                                positionText("c1:P e1:P c2:b", 'b', "c2:a1")};
    std::map<std::string, int> met;
    for (const std::string& text : positions) {
        const std::unique_ptr<CornerportState> from = loaded(text);
        ASSERT_TRUE(from) << text;
        for (uint64_t seed = 1; seed <= 25; ++seed) {
            const int cap = seed % 5 == 0 ? static_cast<int>(seed) * 3 : 2000;
            const std::string where = text + ", seed " + std::to_string(seed);
            expectTheGamePlaysOutAsTheHooks(*from, seed, cap, where);
            tallyHooksPlayout(*from, seed, cap, met);
        }
    }
    // The playouts compared reach every kind of action and ending.
    for (const char* kind :
         {"place 0", "place 1", "place 2", "end", "pass", "sinking", "win", "draw", "capped"})
        EXPECT_GT(met[kind], 0) << kind;
}

}  // namespace
}  // namespace arbiter::cornerport
