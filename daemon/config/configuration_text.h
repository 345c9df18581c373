#pragma once

#include <string>
#include <vector>

#include "daemon/config/configuration.h"
#include "daemon/config/table_setup.h"
#include "engine/core/game_options.h"

namespace arbiter {

// The games and a table's configuration written out for people:
// `arbiterd --list-games`, `--print-config` and `--check-config`'s summary.

// Each game with its title, player counts, surface, options and stand-ins.
std::string describeGames(const std::vector<GameInfo>& games);

// A complete configuration file for the table, every key commented, that
// `arbiterd --config FILE` reads back as it is: the game's options and
// stand-ins with their allowed values and defaults, and its boards.
std::string configurationText(const Configuration& config, const TableSetup& setup);

// One line: what the table will referee, with how many players, on what.
std::string describeSetup(const TableSetup& setup);

// What each board must show for `start` to begin, one line per board: its
// device and a FEN of its own squares ("vboard:main 1NQQ4/1PNQ4/..."), squares
// outside the game empty. arbiter-vboard --setup takes the FEN as it is.
std::string startPositionText(const TableSetup& setup, const GameState& start);

}  // namespace arbiter
