#pragma once

#include <memory>

#include "engine/core/game.h"

namespace arbiter::testgames {

// Dice Race: a test game of chance. White's pawn starts on a1 and runs along
// rank 1, Black's on a8 along rank 8. Every turn begins with a die (chance
// {1, 6}); the player then moves their pawn that many cells right, stopping
// on h-file at the latest, and whoever reaches the h-file first wins. The one
// move after a roll is shown on the board, so the game exercises chance drawn
// by the session, journalled, replayed and refereed.
std::unique_ptr<Game> makeDiceRaceGame();

}  // namespace arbiter::testgames
