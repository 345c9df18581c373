// The games that tests of the whole engine go through: every game of the
// catalogue with its default options, and Konfusion with its die for four
// (whose turns are several moves and chance draws).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

inline std::vector<std::unique_ptr<Game>> everyGame() {
    std::vector<std::unique_ptr<Game>> games;
    for (const GameInfo& info : gameCatalog()) games.push_back(makeGame(info.name));
    GameOptions withDie;
    withDie.players = 4;
    withDie.values["die"] = "on";
    std::string error;
    games.push_back(makeGame("konfusion", withDie, error));
    EXPECT_TRUE(games.back()) << error;
    return games;
}

}  // namespace arbiter
