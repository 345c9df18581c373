#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/common.h>

#include "daemon/broadcast/broadcast_settings.h"
#include "daemon/config/configuration.h"
#include "daemon/speech/spoken_text.h"
#include "daemon/table/board_layout.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// A table arbiterd can start: everything the configuration says, checked
// against the game and against itself.
struct TableSetup {
    const GameInfo* game = nullptr;
    // The game's options with every default filled in, and the cells they make.
    GameOptions options;
    Geometry cells = Geometry::none();
    int seats = 0;  // players the game starts with
    TableSettings settings;
    std::string socketPath;
    // "arbiter.ini:7: " when the file named the journal folder or the socket,
    // else "": for what only opening them finds wrong.
    std::string journalWhere;
    std::string socketWhere;
    spdlog::level::level_enum logLevel = spdlog::level::info;
    // --seed was given; else the caller picks settings.session.seed at random.
    bool seedChosen = false;
    // --speak: the language announcements are spoken in; unset: silent.
    std::optional<SpeechLanguage> speech;
    // --mqtt: the hall the table is published to; unset: none.
    std::optional<BroadcastSettings> broadcast;
    // Said once the table starts: a chess engine asked for by default is not
    // installed, so the built-in player plays chess.
    std::string machineNote;
};

// The game the configuration asks for, with its players, size, options and
// stand-ins checked: nullptr and a message naming the line of the file (or
// nothing, for the command line) and the valid values when they do not fit.
std::unique_ptr<Game> chooseGame(const Configuration& config, std::string& error);

// The boards of a table for `game` on `cells`: the one --board, or the file's.
// A message when they cannot be: a game without cells takes no board, and a
// game with cells needs at least one.
std::optional<std::vector<BoardSetting>> boardsFor(const Configuration& config,
                                                   const std::string& game, const Geometry& cells,
                                                   std::string& error);

// Checks everything (game, options, players and their names, boards against the
// game's cells, time control, limits, settle time, log level, speech language)
// without opening any board or socket: nullopt and a message when anything is
// wrong.
std::optional<TableSetup> setUpTable(const Configuration& config, std::string& error);

}  // namespace arbiter
