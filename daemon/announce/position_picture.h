#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/view.h"

namespace arbiter {

// The cells as the boards should show them, a line per rank from the top,
// FEN letters and '.' for an empty cell, the files lettered below: what
// players set a position up from (arbiterctl status, arbiterctl replay, the
// announcement of a position to set up). None for surfaces too large to
// read this way; their games draw them in their report. Drawn for one
// player of a game of hidden views (`seenBy`, their view), a cell they do not
// see is '?' and an impassable one they found '*', as in the game's view
// notation, so that a '.' always means a cell they know to be empty.
std::vector<std::string> positionPicture(const GameState& state, const View* seenBy = nullptr);

}  // namespace arbiter
