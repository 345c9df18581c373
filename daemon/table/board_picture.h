#pragma once

#include <string>
#include <vector>

#include "daemon/referee/surface.h"
#include "engine/core/chess_set.h"
#include "engine/core/geometry.h"

namespace arbiter {

// One board drawn as it lies on the table, seen from where the game's first
// rank is nearest: its squares where they lie, each showing what the game
// wants there (FEN letters, '.' empty, ' ' a square the game does not use),
// the board's own rank numbers down the left and its files along the
// bottom, turned with it (a board turned round reads h..a). What a player
// sets that board up from (arbiterctl status --boards). `wanted` holds a
// piece per cell of `cells` (Referee::project).
std::vector<std::string> boardPicture(const BoardPlacement& placement, const Geometry& cells,
                                      const std::vector<Appearance>& wanted);

}  // namespace arbiter
