#pragma once

#include <string>
#include <vector>

#include "daemon/configuration.h"
#include "daemon/table_setup.h"
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

}  // namespace arbiter
