#pragma once

#include <string>

#include "engine/core/chess_set.h"
#include "engine/core/game.h"
#include "engine/core/geometry.h"

namespace arbiter {

// One cell that does not show what it should: what the referee finds, what the
// session tells the players, and what a client is sent to show them. A plain
// value, so that every layer that speaks of the boards shares it.
struct CellFix {
    Cell cell = NoCell;
    Appearance sensed;
    Appearance wanted;
    Sensing sensing = Sensing::ColourAndKind;  // what its board can tell, for the wording
};

// A fix in the players' own terms: "put a white pawn on e2"; `game`, if given,
// names the pieces (lookName(game, look): "put a drone (knight or rook) on c3").
std::string describeFix(const CellFix& fix, const Geometry& g, const Game* game = nullptr);

}  // namespace arbiter
