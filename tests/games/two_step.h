#pragma once

#include <memory>

#include "engine/core/game.h"

namespace arbiter::testgames {

// Two Step: a test game whose turn is up to two actions. On an 8x8 board White
// has rooks on a1 and b1, Black on a8 and b8. A turn is one or two steps, each
// moving any of one's rooks one cell orthogonally onto an empty cell; after the
// first step the player may end the turn ("end"), after the second it ends by
// itself. Nothing is ever captured and the game never ends by itself: it
// exists to exercise turns of several actions (clocks, move numbers, the end
// of a turn implied by the next player's step on the board). With
// `settleNeeded` false its steps are judged as the board shows them, as
// Sandkings's are.
std::unique_ptr<Game> makeTwoStepGame(bool settleNeeded = true);

}  // namespace arbiter::testgames
