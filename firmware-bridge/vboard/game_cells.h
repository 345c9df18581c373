#pragma once

// The game's names for the cells under a virtual board of a table of several
// boards, so that a player may type what the table announces ("k5") as well
// as the board's own squares ("c5").

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::vboard {

// Where the board lies on the game's cells, as arbiterd lays it (its
// configuration's `origin = SQUARE on CELL` and `rotation`): which cell one of
// its squares lies on, and how far it is turned counter-clockwise. From that,
// every cell under the board has one of its squares. Cells are named as the
// game names them: letters a..z, aa, ab, ... then the rank from 1.
class GameCells {
  public:
    // "e1:a1" (square e1 lies on cell a1) or "e1:a1:180" (turned 180 degrees),
    // as arbiterd prints it in the command that starts the board. Nothing,
    // and why in `error`, for anything else.
    static std::optional<GameCells> parse(std::string_view text, std::string& error);

    // The board's square (0 = a8) under the game's cell `name`; nothing when
    // it is no cell's name or lies off this board.
    std::optional<int> squareOf(std::string_view name) const;

    // A console line with the game's cell names in it written in the board's
    // own squares, for the console to read: the squares of lift, place, put,
    // remove and slide, and both ends of a move word ("k5-k6"). A word that
    // is a board square (a1..h8) stays one; "@e3" is always the cell e3.
    // Nothing, and why in `error`, when a cell named lies off this board.
    std::optional<std::string> translate(std::string_view line, std::string& error) const;

  private:
    GameCells(int originFile, int originRank, int rotation)
        : originFile_(originFile), originRank_(originRank), rotation_(rotation) {}
    // One name where a square is expected, in the board's squares.
    std::optional<std::string> squareWord(std::string_view word, std::string& error) const;

    int originFile_;  // the cell under the board's lower-left corner (perhaps off the cells)
    int originRank_;
    int rotation_;  // 0, 90, 180 or 270
};

}  // namespace arbiter::vboard
