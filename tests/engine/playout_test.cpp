// GameState::playOut(): a random game played to its end. A game may play it
// its own way, to be quick, but must play exactly what the hooks play
// (GameState's own playOut): the same actions from the same seed, drawing the
// same numbers, whether or not it is asked for a trace, and stopping at the
// same cap.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"
#include "tests/engine/every_game.h"
#include "tests/engine/playout_comparison.h"

namespace arbiter {
namespace {

// Seeds per game and starting state: a few seconds under the sanitizers.
constexpr uint64_t kSeeds = 6;

// From the start and from a state some way into each game (where the
// playout of seed 1000 stopped at a cap of 30 actions), with the full cap
// and with a cap that stops the game early.
TEST(PlayOut, EveryGamePlaysWhatItsHooksPlayFromEverySeedTracedOrNot) {
    int compared = 0;
    int finished = 0;
    for (const std::unique_ptr<Game>& game : everyGame()) {
        ASSERT_TRUE(game);
        std::unique_ptr<GameState> start = game->start();
        std::unique_ptr<GameState> middle = start->clone();
        SeededRandom toMiddle(1000);
        middle->GameState::playOut(toMiddle, 30, nullptr);
        for (const GameState* from : {start.get(), middle.get()}) {
            for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
                const int cap = seed % 3 == 0 ? static_cast<int>(seed) * 4 : 2000;
                const std::string where = game->name() +
                                          (from == start.get() ? " start" : " middle") + ", seed " +
                                          std::to_string(seed);
                const PlayedOut hooks = expectTheGamePlaysOutAsTheHooks(*from, seed, cap, where);
                EXPECT_FALSE(hooks.count.stuck) << where;
                ++compared;
                if (!hooks.count.capped) ++finished;
            }
        }
    }
    EXPECT_EQ(compared, static_cast<int>(everyGame().size()) * 2 * static_cast<int>(kSeeds));
    // Most playouts end the game: the comparison covers the ends of games.
    EXPECT_GT(finished, compared / 2);
}

// Tables other than the defaults, where the games' own playouts take other
// paths: Power Coinz for three to sixteen (removals from several opponents,
// rounds won among many), Sandkings for four with each of its options, and
// Konfusion for two and three.
TEST(PlayOut, OtherTablesPlayWhatTheirHooksPlay) {
    std::vector<std::unique_ptr<Game>> games;
    std::string error;
    for (int players : {3, 4, 16}) {
        GameOptions options;
        options.players = players;
        games.push_back(makeGame("powercoinz", options, error));
    }
    for (const char* option :
         {"orthogonal-block", "stinger-near-body", "diagonal-suffocation", "double-steps"}) {
        GameOptions options;
        options.players = 4;
        options.values[option] = "on";
        games.push_back(makeGame("sandkings", options, error));
    }
    for (int players : {2, 3}) {
        GameOptions options;
        options.players = players;
        games.push_back(makeGame("konfusion", options, error));
    }
    int finished = 0;
    for (const std::unique_ptr<Game>& game : games) {
        ASSERT_TRUE(game) << error;
        std::unique_ptr<GameState> start = game->start();
        for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
            const PlayedOut hooks = expectTheGamePlaysOutAsTheHooks(
                *start, seed, 2000, game->name() + " " + start->serialize() + ", seed " +
                                        std::to_string(seed));
            if (hooks.outcome.over()) ++finished;
        }
    }
    EXPECT_GT(finished, static_cast<int>(games.size() * kSeeds) / 2);
}

// The cap counts actions, draws of chance included, and a capped playout
// says so; one that ends the game does not.
TEST(PlayOut, StopsAtTheCapAndSaysSo) {
    for (const std::unique_ptr<Game>& game : everyGame()) {
        std::unique_ptr<GameState> s = game->start();
        SeededRandom random(5);
        const PlayoutCount capped = s->playOut(random, 3, nullptr);
        EXPECT_EQ(capped.actions, 3) << game->name();
        EXPECT_TRUE(capped.capped) << game->name();
        const PlayoutCount rest = s->playOut(random, 100000, nullptr);
        EXPECT_FALSE(rest.capped) << game->name();
        EXPECT_TRUE(s->outcome().over()) << game->name();
    }
}

}  // namespace
}  // namespace arbiter
