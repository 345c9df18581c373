#pragma once

#include <optional>
#include <vector>

#include "daemon/announce/cell_fix.h"
#include "daemon/referee/surface.h"
#include "engine/core/game.h"

namespace arbiter {

// For each of `candidates` (legal actions in `state` that the surface fits
// alike, Verdict::Kind::Ambiguous), a step on the boards after which the
// surface fits that candidate and none of the others: a cell it changes
// otherwise than every other candidate, which its board can tell apart and
// does not show yet (a Möbiatus chain's captured dot taken off its far face).
// nullopt for a candidate that no such step singles out (the surface shows
// its mover's part otherwise, or the board cannot tell the pieces apart):
// that one can only be said.
std::vector<std::optional<CellFix>> stepsTellingApart(const GameState& state,
                                                      const std::vector<Action>& candidates,
                                                      const Surface& surface);

}  // namespace arbiter
