#pragma once

#include <vector>

#include "daemon/referee/surface.h"
#include "daemon/session/session.h"
#include "daemon/table/board_layout.h"
#include "engine/core/game.h"

namespace arbiter {

// Which way round the board of a one-board table stands. Its rotation need not
// be configured: players set a board up either way round, and the table finds
// out from the position it shows (the start, a resumed game) and turns it in
// software. These try the first board's rotations on the surface; a surface
// without boards (a game played through arbiterctl alone) has none to turn.

// Both ways round when a single board's rotation was not configured, else
// only the configured one; none without boards.
std::vector<int> rotationsToTry(const Surface& surface, const std::vector<BoardSetting>& boards);

// Turns the board to the first rotation at which the surface shows `target`
// exactly: false, and the rotation as it was, when none does. True without
// boards: no cell can differ.
bool orientTo(Surface& surface, const std::vector<BoardSetting>& boards, const GameState& target);

// Turns the board to the first rotation at which the surface shows the
// session's game, or moves made since, or moves on their way (anything but a
// position to put right or one that fits several actions); when none does,
// leaves it as it was for the judgement to say what to fix.
void orientToGame(Surface& surface, const std::vector<BoardSetting>& boards,
                  const Session& session);

}  // namespace arbiter
