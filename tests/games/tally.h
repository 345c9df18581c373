#pragma once

#include <memory>

#include "engine/core/game.h"

namespace arbiter::testgames {

// Tally: a test game played without boards, refereed through the control
// socket alone. Two players take turns adding 1, 2 or 3 to a running total
// that starts at 0 ("add2"); whoever brings it to exactly 21 wins, and no
// addition may pass 21. Its geometry has no cells.
std::unique_ptr<Game> makeTallyGame();

}  // namespace arbiter::testgames
