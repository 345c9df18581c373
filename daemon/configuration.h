#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/board_link.h"
#include "daemon/surface.h"
#include "engine/core/geometry.h"

namespace arbiter {

// One [board.NAME] section: which device, where it lies, what it senses.
struct BoardSetting {
    std::string name;
    DeviceSpec device;
    BoardPlacement placement;
    bool rotationGiven = false;  // else a single board's orientation is found from the position
    int line = 0;                // where its section begins, for messages
};

// Everything arbiterd is told, from the command line and the configuration
// file together (docs/configuration.md). The command line wins over the file.
struct Configuration {
    std::string game = "fide";
    std::string time = "15+10";
    std::string timeLimit;  // minutes of play for the whole game; empty: none
    std::string moveLimit;  // moves each player makes at most; empty: none
    std::vector<std::string> players;
    std::string journal = "games";
    long settleMs = 300;
    std::string socket;  // empty: the default path
    std::string logLevel = "info";
    std::vector<BoardSetting> boards;
};

// Reads an INI file into `config`, leaving alone every key in `fromCommandLine`
// (the command line overrides the file). Returns false with a message that
// names the line and says how to fix it.
bool readConfigurationFile(const std::string& path, const std::vector<std::string>& fromCommandLine,
                           Configuration& config, std::string& error);

// Checks the boards against the game's cells: every board square in use lands
// on a cell, no two boards cover one cell, every cell is covered, every device
// path can be reached. An empty string when all is well.
std::string checkLayout(const std::vector<BoardSetting>& boards, const Geometry& cells);

// The layout a game uses when no board is configured: one board covering all
// cells from a1, for a game of up to 8x8 cells.
std::optional<BoardPlacement> defaultPlacement(const Geometry& cells);

}  // namespace arbiter
