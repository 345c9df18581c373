#pragma once

#include <string>
#include <vector>

#include "daemon/announce/cell_places.h"
#include "daemon/table/board_layout.h"
#include "engine/core/geometry.h"

namespace arbiter {

// Why `label` cannot name a board to the players: empty, too long, not
// printable, or a word shaped like a square ("a1", "board c5"), which a
// player would read as a square. Empty when it can.
std::string labelTrouble(const std::string& label);

// Why the boards' labels cannot tell them apart (two alike, ignoring case);
// empty when each has its own. With the `file` they were read from, the
// message names it and the second board's line.
std::string checkLabels(const std::vector<BoardSetting>& boards, const std::string& file = "");

// The labels of the boards that have none, on a table of several boards:
// "board A", "board B", ... in reading order of where they lie (the top row
// of boards first, each row from the left; a ring's second half as a column
// to the right of its first, as players lay it). Letters taken by a
// configured label are skipped. One board needs no label.
void labelBoards(std::vector<BoardSetting>& boards, const Geometry& cells);

// Where each cell lies on the boards, by their labels (labelBoards() first):
// empty for one board, whose squares are the cells' names to its players.
CellPlaces cellPlaces(const std::vector<BoardSetting>& boards, const Geometry& cells);

}  // namespace arbiter
