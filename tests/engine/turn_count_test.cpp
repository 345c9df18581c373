// GameState::turnCount(): where a game says how many complete turns the
// player to move has without playing them, the count must be what playing
// every action counts (forEachTurn), in every game and along whole games.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/perft.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter {
namespace {

uint64_t turnsByPlaying(const GameState& s) {
    uint64_t turns = 0;
    forEachTurn(s, [&](const Turn&, const GameState&) { ++turns; });
    return turns;
}

// One action drawn at random, chance drawn as the session would; nullopt
// (and a failure) when a game not over lists nothing, not even a pass.
std::optional<Action> randomAction(const GameState& s, SeededNumbers& numbers) {
    if (std::optional<ChanceDraw> draw = s.chance()) {
        std::vector<int> values(static_cast<size_t>(draw->count));
        for (int& v : values) v = numbers.below(draw->sides);
        return Action::chance(values);
    }
    std::vector<Action> actions = s.legalActions();
    std::erase_if(actions, [](const Action& a) { return a.changesRoster(); });
    EXPECT_FALSE(actions.empty()) << s.serialize();
    if (actions.empty()) return std::nullopt;
    return actions[static_cast<size_t>(numbers.below(static_cast<int>(actions.size())))];
}

// Along a few random games of each game of the catalogue, at every state where
// the game answers turnCount(), the answer is what playing counts. The games
// that never answer pass trivially; the test says how many states it checked.
TEST(TurnCount, WhereAGameCountsTurnsItCountsWhatPlayingCounts) {
    SeededNumbers numbers(31);
    int checked = 0;
    for (const GameInfo& info : gameCatalog()) {
        std::unique_ptr<Game> game = makeGame(info.name);
        ASSERT_TRUE(game) << info.name;
        for (int run = 0; run < 3; ++run) {
            std::unique_ptr<GameState> s = game->start();
            for (int step = 0; step < 60 && !s->outcome().over(); ++step) {
                if (std::optional<uint64_t> counted = s->turnCount()) {
                    ASSERT_EQ(*counted, turnsByPlaying(*s))
                        << info.name << " at " << s->serialize();
                    ++checked;
                }
                std::optional<Action> a = randomAction(*s, numbers);
                if (!a) break;
                s->apply(*a);
            }
            if (std::optional<uint64_t> counted = s->turnCount()) {
                EXPECT_EQ(*counted, turnsByPlaying(*s)) << info.name << " at its end";
            }
        }
    }
    EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace arbiter
