#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {

// The cells as the boards should show them, a line per rank from the top,
// FEN letters and '.' for an empty cell, the files lettered below: what
// players set a position up from (arbiterctl status, arbiterctl replay, the
// announcement of a position to set up). None for surfaces too large to
// read this way; their games draw them in their report.
std::vector<std::string> positionPicture(const GameState& state);

}  // namespace arbiter
