#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "daemon/base/time_source.h"
#include "daemon/session/session.h"
#include "engine/core/game.h"

namespace arbiter {

// What a journal's first line (its "game" event) says of the game it records:
// the state it began from and the settings it was played with. Read back by
// Session::replayStart before any later line.
struct JournalHeader {
    std::unique_ptr<GameState> start;
    SessionSettings settings;
    std::string started;       // the wall-clock time the game began
    bool checksummed = false;  // later lines carry checksums, and each must match
};

// Reads `header` for `game`: nullopt and a message (without where the line
// is) when it is for another game, for other options, of a newer journal
// version, or has a field out of its range. `time` dates a header that says
// nothing of when the game began.
std::optional<JournalHeader> readJournalHeader(const Game& game, const nlohmann::json& header,
                                               const TimeSource& time, std::string& error);

}  // namespace arbiter
