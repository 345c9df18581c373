#pragma once

#include <memory>
#include <string>

#include "engine/core/game.h"

namespace arbiter::testgames {

// Far Reach: a test game whose captures reach across the board. On a
// rectangle (8x8 unless said otherwise) White's pawns start on rank 1 and
// Black's on the last rank. A turn is one step of one's own pawn to any of the
// eight neighbouring cells, empty or holding an opponent's pawn (a capture);
// a capture also removes whatever pawn stands on the mirror cell of the one
// captured on (the cell as far from the centre on the other side: c2 and f7 on
// 8x8), unless that is the capturing pawn's own starting cell. A player with
// no step passes; a player with no pawn left has lost.
//
// The far removal is marked as a consequence (GameState::consequences): no
// mover makes it by hand, so the referee commits the capture once the step is
// shown and then tells the players to take the far pawn off. The effect is
// the engine's default (the state copied, the step applied, cells compared).
//
// States read and write as "8x8 w RANKS": the size, who is to move ('w' or
// 'b'), then the ranks from the top, '/' between, 'W' and 'B' for the pawns
// and '.' for an empty cell. A game may begin from such a state instead of the
// usual start (`start`, which must be valid), so that a table can be tested a
// move away from what it must referee.
std::unique_ptr<Game> makeFarReachGame(int files = 8, int ranks = 8, std::string start = {});

}  // namespace arbiter::testgames
