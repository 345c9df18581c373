#pragma once

#include <memory>
#include <vector>

#include "daemon/announce/cell_fix.h"
#include "daemon/boards/board_link.h"
#include "daemon/referee/surface.h"
#include "daemon/session/session.h"
#include "engine/core/geometry.h"

namespace arbiter {

// The LEDs of an open table's boards, for those that have them: cells of the
// surface lit on the squares that show them. It owns nothing but the way from
// cells to squares; the boards and the surface are the table's.
class BoardLights {
  public:
    BoardLights(const Surface& surface, const std::vector<std::unique_ptr<BoardLink>>& links)
        : surface_(surface), links_(links) {}

    // Lights these cells, and no others.
    void light(const std::vector<Cell>& cells);
    void light(const std::vector<CellFix>& fixes);
    // While the boards show the game: the last action's cells (from, the cells
    // on its path, to; the cell placed on) together with the cells no piece
    // shows (TablePresentation::markedCells).
    void lightGame(const Session& session);
    // The cells `action` changes in `state`: what the hands are to make.
    void lightAction(const GameState& state, const Action& action);

  private:
    const Surface& surface_;
    const std::vector<std::unique_ptr<BoardLink>>& links_;
};

}  // namespace arbiter
