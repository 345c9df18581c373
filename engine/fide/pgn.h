#pragma once

#include <string>
#include <string_view>

#include "engine/core/game.h"

namespace arbiter::fide {

// Portable Game Notation export of a finished or unfinished game.
//
// Why: PGN is what every chess program, database and arbiter reads, so the
// record leaves the referee in it: the Seven Tag Roster in its order (missing
// ones as "?"), SetUp and FEN when the game did not begin from the standard
// position, the record's other tags and a Termination tag ("normal" for a
// finished game, "unterminated" for one going on, unless the record says
// otherwise), then SAN movetext with move numbers, lines of at most 80
// characters broken only between moves, and the result token ("1-0", "0-1",
// "1/2-1/2", "*" while ongoing). Where the record has the clocks, each move is
// followed by its mover's time after it ({[%clk 0:04:59]}, read as
// readClock() reads it). The outcome's note or reason closes the movetext as a
// comment ({White lost on time}).
std::string exportPgn(const GameRecord& record);

// "1-0", "0-1", "1/2-1/2" or "*" for an outcome with players 0 = White, 1 = Black.
std::string_view resultToken(const Outcome& outcome);

}  // namespace arbiter::fide
