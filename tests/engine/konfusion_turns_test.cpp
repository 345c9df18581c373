// Konfusion's turns with the die counted without playing them
// (KonfusionState::turnCount(), konfusion_turns.cpp): at the roll, after it
// and in the middle of a turn, the count must be what playing every turn
// counts (forEachTurn), along random games of small positions for two to four
// players, and in the middle of turns from the start, where a whole turn is
// too many to play.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/konfusion/konfusion.h"
#include "tests/engine/konfusion_test_support.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::konfusion {
namespace {

using support::loaded;
using support::positionText;
using support::seats;

uint64_t turnsByPlaying(const GameState& s) {
    uint64_t turns = 0;
    forEachTurn(s, [&](const Turn&, const GameState&) { ++turns; });
    return turns;
}

Action randomAction(const GameState& s, SeededNumbers& numbers) {
    if (std::optional<ChanceDraw> draw = s.chance())
        return Action::chance({numbers.below(draw->sides)});
    std::vector<Action> actions = s.legalActions();
    EXPECT_FALSE(actions.empty()) << s.serialize();
    if (actions.empty()) return Action::pass();
    return actions[static_cast<size_t>(numbers.below(static_cast<int>(actions.size())))];
}

// Along `runs` random games from `start`, at every state whose turns playing
// can count quickly enough (`playable`), turnCount() counts what playing counts.
template <typename Playable>
int checkAlongGames(const KonfusionState& start, int runs, SeededNumbers& numbers,
                    Playable playable) {
    int checked = 0;
    for (int run = 0; run < runs; ++run) {
        std::unique_ptr<GameState> s = start.clone();
        for (int step = 0; step < 40 && !s->outcome().over(); ++step) {
            if (playable(static_cast<const KonfusionState&>(*s))) {
                std::optional<uint64_t> counted = s->turnCount();
                EXPECT_TRUE(counted) << s->serialize();
                if (counted) EXPECT_EQ(*counted, turnsByPlaying(*s)) << s->serialize();
                ++checked;
            }
            s->apply(randomAction(*s, numbers));
        }
        if (s->outcome().over()) EXPECT_EQ(s->turnCount(), std::optional<uint64_t>(0));
    }
    return checked;
}

TEST(KonfusionTurns, WithTheDieSmallPositionsCountWhatPlayingCounts) {
    SeededNumbers numbers(31);
    int checked = 0, midTurn = 0, rolls = 0;
    const std::vector<std::pair<std::string, int>> positions = {
        {positionText("c3:S3 e3:S1 h8:N1", 'S', "0,0", "?"), 2},
        {positionText("c3:S2 e3:S5 f3:S1 h8:N1 g8:N4", 'S', "0,0", "?"), 2},
        {positionText("a1:S6 j1:S1 a10:N6 b9:N2", 'N', "0,0", "?"), 2},
        {positionText("c3:S3 e3:S1 h8:N1 b8:W2 b7:W1", 'W', "0,0,0", "?"), 3},
        {positionText("c3:S3 e5:S4 h8:N1 b8:W2 i2:E5 i3:E1", 'E', "0,0,0,0", "?"), 4},
    };
    for (const auto& [text, players] : positions) {
        auto start = loaded(text, seats(players, true));
        checked += checkAlongGames(*start, 2, numbers, [&](const KonfusionState& s) {
            midTurn += s.midTurn();
            rolls += s.chance().has_value();
            return true;
        });
    }
    EXPECT_GT(checked, 100);
    EXPECT_GT(midTurn, 20);
    EXPECT_GT(rolls, 20);
}

// From the start a whole turn is millions: the states with one or two moves
// left in the turn are played to check.
TEST(KonfusionTurns, WithTheDieFromTheStartTheLastMovesOfATurnCountWhatPlayingCounts) {
    SeededNumbers numbers(37);
    int checked = 0;
    for (int players = 2; players <= 4; ++players) {
        KonfusionState start(seats(players, true));
        checked += checkAlongGames(start, 2, numbers, [](const KonfusionState& s) {
            return s.roll() > 0 && s.roll() - static_cast<int>(s.movedThisTurn().size()) <= 2;
        });
    }
    EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace arbiter::konfusion
