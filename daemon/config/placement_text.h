#pragma once

// A board's placement as a [board.NAME] section writes it: its `origin` and
// its `squares` read, and its origin written back (originText, in
// configuration.h) so that it reads as the same placement.

#include <bitset>
#include <optional>
#include <string>

#include "daemon/table/board_layout.h"

namespace arbiter {

// `origin`: a cell, where the lower-left corner of the board (as turned) lies,
// or "SQUARE on CELL", which of the board's squares lies on which cell. Sets
// the placement's origin, for the placement's rotation; false with a message.
bool readOrigin(const std::string& text, BoardPlacement& placement, std::string& error);

// Board squares from "all" or "a1-h4, a5-b6": rectangles in the board's own coordinates.
std::optional<std::bitset<64>> parseSquares(const std::string& text);

}  // namespace arbiter
