#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/action.h"
#include "engine/core/geometry.h"

namespace arbiter {

// Where one cell of the game lies on a table of several boards: the board as
// the players call it (its label, "board B") and the board's own square there
// ("c5"), the one a player reads on that board.
struct CellPlace {
    std::string board;
    std::string square;
    bool operator==(const CellPlace&) const = default;
};

// Where each cell of the game lies on the table's boards, so that what the
// table says names the square a player reads besides the game's cell: "k5
// (board B c5)". Empty on a table of one board, whose squares are the cells'
// own names to its players: then every text is left as terse as the game
// writes it.
class CellPlaces {
  public:
    CellPlaces() = default;
    // `byCell[c]` is where cell c lies, or nullopt when no board covers it.
    explicit CellPlaces(std::vector<std::optional<CellPlace>> byCell);

    bool empty() const { return byCell_.empty(); }
    // Where `c` lies, or nullptr (an empty table, a cell on no board).
    const CellPlace* of(Cell c) const;
    // "board B c5"; empty when `c` lies nowhere known.
    std::string placeText(Cell c) const;
    // The cell as the table says it: "k5 (board B c5)", or "k5" alone.
    std::string cellText(Cell c, const Geometry& g) const;
    // The squares of the cells `a` touches (where it comes from, the stops
    // the game names, where it goes), each board named once for a run of its
    // squares: "board B c5-c6", "board B c5, board C a6". Empty when it
    // touches none or the table is empty.
    std::string actionPlaces(const Action& a) const;
    // `said` (the engine's words for `a`, on `g`) with its squares after the
    // last cell it names, where the move itself is said and before what
    // the game adds about it: "4 g7-j10 (board B b2-e5), on a keypost: ...",
    // "k5-k6 (board B c5-c6)"; at the end when it names none of them, and
    // `said` alone when there are no squares.
    std::string withActionPlaces(const std::string& said, const Action& a, const Geometry& g) const;
    // `text` with each name of a cell in it followed by where it lies: "h5
    // is in the way" becomes "h5 (board A c3) is in the way". A name counts
    // only as a whole word of letters then digits that is a cell of `g`.
    std::string withPlaces(const std::string& text, const Geometry& g) const;
    // {"board": "board B", "square": "c5"} for a client; empty when unknown.
    nlohmann::json data(Cell c) const;
    // The cells `a` touches as a client is told of them, in the order of
    // actionPlaces(): [{"cell": "k5", "board": "board B", "square": "c5"}, ...].
    nlohmann::json actionData(const Action& a, const Geometry& g) const;

  private:
    // The cells `a` touches that lie on a board, in order, each once.
    std::vector<Cell> placedCells(const Action& a) const;

    std::vector<std::optional<CellPlace>> byCell_;
};

}  // namespace arbiter
