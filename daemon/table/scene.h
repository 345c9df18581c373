#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/cell_fix.h"
#include "daemon/referee/surface.h"
#include "engine/core/action.h"
#include "engine/core/game.h"
#include "engine/core/view.h"

namespace arbiter {

// The table as a picture is drawn from it (arbiter-web's page; docs/control.md,
// "The scene"): every cell of the game with what stands there in the game's
// words, and each board's 64 squares where they lie among the cells. Plain
// data for a client that draws, so that no client has to read the game's
// texts or know how boards are laid out. A cell the game marks though no
// piece shows it (Möbiatus's circles and singularities: TablePresentation::
// markedCells) is "marked". Seen by one player of a game of
// hidden views (`seenBy`), a cell they do not see carries nothing but
// "hidden": no piece, so that nothing they may not know leaves arbiterd.
nlohmann::json sceneCells(const GameState& shown, const Game& game, const View* seenBy = nullptr);

// A game of hidden views as everyone may see it: the grid, and that all of
// it is hidden ("hidden": true, no cells listed, so that no square is named).
nlohmann::json hiddenSceneCells(const Geometry& cells);

// One board of the surface: its squares ("a1" as printed on it), where each
// lies in the game's grid, and the cell it is when the game uses it.
nlohmann::json sceneBoardSquares(const BoardPlacement& placement, const Geometry& cells);

// The names of the cells an action touches, in order: where it comes from,
// the stops the game names, where it goes. Empty for an action on no cell.
nlohmann::json sceneActionCells(const Action& a, const Geometry& cells);

// The cells the boards must change, each as a step of `fixSteps` with its
// words in "text": what a picture highlights and says beside it.
nlohmann::json sceneFixes(const std::vector<CellFix>& fixes, const Geometry& cells,
                          const Game& game, const CellPlaces* places);

}  // namespace arbiter
