#pragma once

#include <bitset>
#include <string>
#include <vector>

#include "daemon/boards/device_spec.h"
#include "daemon/referee/surface.h"
#include "engine/core/geometry.h"

namespace arbiter {

// One [board.NAME] section: which device, where it lies, what it senses.
struct BoardSetting {
    std::string name;
    DeviceSpec device;
    BoardPlacement placement;
    bool rotationGiven = false;  // else a single board's orientation is found from the position
    int line = 0;                // where its section begins, for messages
    // What the players call it on a table of several boards ("board B",
    // "left board"): never a square's name (labelTrouble). Empty until
    // labelBoards() gives the boards without one a label by where they lie.
    std::string label;
};

// Checks the boards against the game's cells: every board square in use lands
// on a cell, no two boards cover one cell, every cell is covered, every device
// path can be reached. An empty string when all is well; a game without cells
// needs no board. With the `file` the boards were read from, a message begins
// with it and the line of the board it names ("arbiter.ini:7: board b ...").
std::string checkLayout(const std::vector<BoardSetting>& boards, const Geometry& cells,
                        const std::string& file = "");

// Why these boards cannot be a table of hidden views: each player has a board
// of their own (board i is seat i's), and each covers every cell by itself.
// Empty when they can.
std::string checkPlayerBoards(const std::vector<BoardSetting>& boards, const Geometry& cells,
                              int players);

// A board's squares in use, as the `squares` key writes them: "all", or
// rectangles of its own squares ("a1-h4, a5-b6"). parse(squaresText(s)) == s.
std::string squaresText(const std::bitset<64>& used);

// Where `board` lies, as arbiter-vboard --cells takes it: one of its squares
// in use, the cell it lies on, and its turn ("e1:a1", "a8:i1:180"). Empty
// when no square of it lies on a cell.
std::string gameCellsText(const BoardSetting& board, const Geometry& cells);

// A cell's name on a surface of any size, as `origin` writes it: (8, 0) is "i1".
std::string cellName(int file, int rank);

}  // namespace arbiter
