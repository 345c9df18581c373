// What the end of a playout is worth to each player (engine/machine/reward.h):
// shares of one that the tree search adds up per player.
#include "engine/machine/reward.h"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {
namespace {

std::unique_ptr<GameState> loaded(const std::string& game, const std::string& text) {
    std::string error;
    std::unique_ptr<GameState> s = makeGame(game)->load(text, error);
    EXPECT_TRUE(s) << error;
    return s;
}

TEST(MachineReward, AWinnerTakesTheWholeShare) {
    std::unique_ptr<GameState> s = makeGame("fide")->start();
    EXPECT_EQ(outcomeShares(*s, Outcome::win({1}, "checkmate")), (std::vector<double>{0, 1}));
}

TEST(MachineReward, PartnersShareTheirWin) {
    GameOptions four;
    four.players = 4;
    std::string error;
    std::unique_ptr<GameState> s = makeGame("martian", four, error)->start();
    ASSERT_TRUE(s) << error;
    EXPECT_EQ(outcomeShares(*s, Outcome::win({0, 2}, "score")),
              (std::vector<double>{0.5, 0, 0.5, 0}));
}

TEST(MachineReward, ADrawOfAllIsSharedEqually) {
    std::unique_ptr<GameState> s = makeGame("fide")->start();
    EXPECT_EQ(outcomeShares(*s, Outcome::draw("stalemate")), (std::vector<double>{0.5, 0.5}));
}

TEST(MachineReward, ADrawAmongSomeIsSharedAmongThem) {
    GameOptions three;
    three.players = 3;
    std::string error;
    std::unique_ptr<GameState> s = makeGame("colonization", three, error)->start();
    ASSERT_TRUE(s) << error;
    Outcome tie = Outcome::draw("time");
    tie.winners = {0, 2};
    EXPECT_EQ(outcomeShares(*s, tie), (std::vector<double>{0.5, 0, 0.5}));
}

TEST(MachineReward, SharesAlwaysSumToOne) {
    for (const GameInfo& info : gameCatalog()) {
        std::unique_ptr<GameState> s = makeGame(info.name)->start();
        const std::vector<double> capped = cappedShares(*s);
        EXPECT_NEAR(std::accumulate(capped.begin(), capped.end(), 0.0), 1.0, 1e-9) << info.name;
        EXPECT_EQ(capped.size(), static_cast<size_t>(s->playerCount())) << info.name;
    }
}

TEST(MachineReward, ACappedChessGameGoesToTheSideWithMorePieces) {
    // White has a rook more.
    std::unique_ptr<GameState> s = loaded("fide", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(cappedShares(*s), (std::vector<double>{1, 0}));
}

TEST(MachineReward, ACappedGameOfEqualPiecesIsShared) {
    std::unique_ptr<GameState> s = makeGame("fide")->start();
    EXPECT_EQ(cappedShares(*s), (std::vector<double>{0.5, 0.5}));
}

}  // namespace
}  // namespace arbiter
