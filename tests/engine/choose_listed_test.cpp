// GameState::chooseListed(): what a random playout draws at every step. A
// game that finds the chosen action by counting, without writing out the
// others, must choose exactly what listActions() lists at that index, from a
// list of the same length, or a seeded playout would play another game.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "tests/engine/every_game.h"
#include "tests/engine/listed_choice.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter {
namespace {

// Along random games of every game of the catalogue, and of Konfusion with
// its die (whose turns are several moves), played by chooseListed itself.
TEST(ChooseListed, EveryIndexChoosesTheActionListedThereAlongRandomGames) {
    const std::vector<std::unique_ptr<Game>> games = everyGame();
    SeededNumbers numbers(47);
    int checked = 0;
    std::vector<Action> scratch;
    for (const std::unique_ptr<Game>& game : games) {
        ASSERT_TRUE(game);
        for (int run = 0; run < 3; ++run) {
            std::unique_ptr<GameState> s = game->start();
            for (int step = 0; step < 120 && !s->outcome().over(); ++step) {
                if (std::optional<ChanceDraw> draw = s->chance()) {
                    std::vector<int> values(static_cast<size_t>(draw->count));
                    for (int& v : values) v = numbers.below(draw->sides);
                    s->apply(Action::chance(values));
                    continue;
                }
                expectEveryIndexChoosesItsListedAction(*s, game->name());
                ++checked;
                const Action* a = s->chooseListed(
                    [&](uint64_t n) {
                        return static_cast<uint64_t>(numbers.below(static_cast<int>(n)));
                    },
                    scratch);
                ASSERT_NE(a, nullptr) << game->name() << " at " << s->serialize();
                s->apply(*a);
            }
            if (s->outcome().over()) expectEveryIndexChoosesItsListedAction(*s, game->name());
        }
    }
    EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace arbiter
