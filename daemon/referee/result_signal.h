#pragma once

#include <optional>

#include "daemon/referee/surface.h"
#include "engine/core/game.h"

namespace arbiter {

// The DGT result signal of chess: to record a result without a computer at
// hand, the players put both kings on the four centre squares. On d5 and e4
// (the light squares) White has won, on d4 and e5 (the dark ones) Black, one
// on a light square and one on a dark one is a draw.
//
// It can never be a position of a game: the four centre squares touch each
// other, and kings never stand side by side. It is read only when every other
// cell shows the game as it stands (the players lift the two kings and leave
// the rest), only on boards that tell the pieces apart, and the table records
// it only after it has stood still for a while (FastPlay::kResultSignalMs).
//
// The outcome the surface signals for the game in `state` (fide only), or
// nullopt when it shows no signal.
std::optional<Outcome> resultSignalled(const GameState& state, const Surface& surface);

}  // namespace arbiter
