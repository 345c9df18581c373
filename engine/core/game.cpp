#include "engine/core/game.h"

#include <algorithm>

namespace arbiter {

bool GameState::isLegal(const Action& a) const {
    auto legal = a.changesRoster() ? rosterActions() : legalActions();
    return std::find(legal.begin(), legal.end(), a) != legal.end();
}

}  // namespace arbiter
