// Power Coinz's counts kept or worked out without playing: the winner kept as
// coins are removed (outcome()), and turnCount() in every phase, the flipping
// turn counted from the totals the teams can show. Each is compared with a
// recomputation (the teams with coins; forEachTurn playing every turn) along
// random games of two to six players and on positions where the teams that
// flipped already decide much of the round.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/powercoinz/powercoinz.h"
#include "tests/engine/powercoinz_test_support.h"
#include "tests/engine/seeded_numbers.h"

namespace arbiter::powercoinz {
namespace {

using support::load;

uint64_t turnsByPlaying(const GameState& s) {
    uint64_t turns = 0;
    forEachTurn(s, [&](const Turn&, const GameState&) { ++turns; });
    return turns;
}

// How many coins chance still has to flip this round: playing every turn of
// a flipping state takes 2 to that power, so the test plays only small ones.
int coinsToFlip(const PowercoinzState& s) {
    if (s.phase() != PowercoinzState::Phase::Flipping) return 0;
    int coins = 0;
    for (PlayerId p = s.toMove(); p < s.playerCount(); ++p) {
        for (int bits = s.coinsOf(p); bits; bits &= bits - 1) ++coins;
    }
    return coins;
}

// The seat alone with coins, NoPlayer while two or more have some.
PlayerId lastWithCoins(const PowercoinzState& s) {
    PlayerId last = NoPlayer;
    for (PlayerId p = 0; p < s.playerCount(); ++p) {
        if (s.coinsOf(p) == 0) continue;
        if (last != NoPlayer) return NoPlayer;
        last = p;
    }
    return last;
}

// Playing a flipping turn is 2^coins draws: states with more than
// `maxCoinsToFlip` coins still to flip are compared by outcome() alone.
void expectCountsAgree(const PowercoinzState& s, int& checked, int maxCoinsToFlip) {
    const PlayerId last = lastWithCoins(s);
    ASSERT_EQ(s.outcome().over(), last != NoPlayer) << s.serialize();
    if (last != NoPlayer) EXPECT_EQ(s.outcome().winners, std::vector<PlayerId>{last});
    std::optional<uint64_t> counted = s.turnCount();
    ASSERT_TRUE(counted) << s.serialize();
    if (coinsToFlip(s) > maxCoinsToFlip) return;
    ASSERT_EQ(*counted, turnsByPlaying(s)) << s.serialize();
    ++checked;
}

TEST(PowercoinzCount, TheKeptWinnerAndTheTurnCountsAgreeWithPlayingAlongRandomGames) {
    SeededNumbers numbers(31);
    int checked = 0, flipping = 0;
    for (int players = 2; players <= 6; ++players) {
        for (int run = 0; run < 4; ++run) {
            PowercoinzState s(players);
            for (int step = 0; step < 400; ++step) {
                expectCountsAgree(s, checked, 9);
                if (s.outcome().over()) break;
                flipping += coinsToFlip(s) > 0 && coinsToFlip(s) <= 9;
                std::vector<Action> actions = s.legalActions();
                ASSERT_FALSE(actions.empty()) << s.serialize();
                s.apply(
                    actions[static_cast<size_t>(numbers.below(static_cast<int>(actions.size())))]);
            }
        }
    }
    EXPECT_GT(checked, 1000);
    EXPECT_GT(flipping, 100);  // the flipping turns' count, the one worked out, was compared
}

// Teams that flipped already, before the one to move, shape the round: some
// totals can no longer win, and a team showing nothing cannot be below 0.
TEST(PowercoinzCount, AFlippingTurnPartlyFlippedCountsWhatPlayingCounts) {
    const std::vector<std::string> positions = {"12345,12345 ?,? flipping:1 1",
                                                "12345,12345 -,? flipping:1 2",
                                                "12345,12345 5,? flipping:2 2",
                                                "12345,12345 12345,? flipping:1 2",
                                                "1,2,3 -,-,? flipping:1 3",
                                                "12,3,1,45 ?,?,?,? flipping:4 1",
                                                "12,-,1,45 2,-,?,? flipping:1 3",
                                                "5,4,3,2,1 5,-,3,?,? flipping:2 4",
                                                "1,1 1,- pick:2 1",
                                                "12345,135 24,- remove 1",
                                                "1,1,1 1,-,- remove 1"};
    int checked = 0;
    for (const std::string& text : positions) expectCountsAgree(*load(text), checked, 12);
    EXPECT_EQ(checked, static_cast<int>(positions.size()));
}

}  // namespace
}  // namespace arbiter::powercoinz
