#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace arbiter {

// How many games a listing shows at most: any table's history for a long
// while, and an answer well within what a client may be sent at once
// (control::kMaxQueuedBytes).
inline constexpr size_t kMostGamesListed = 1000;

// The games a journal folder holds, one summary each, oldest first: when each
// began, the game, its players, how it ended (or that it is in progress), how
// many moves it has and the journal to replay it from. Read from the journals'
// lines alone, never replayed, so that a long list comes quickly. Answers the
// control request "games" and `arbiterctl games` (docs/control.md).
//
// The JSON is {"folder": DIR, "games": [...], "older": N}: N older games were
// left out to keep the answer to the newest `most`. A damaged journal is
// listed as "damaged" with what is wrong, and does not hide the others.
// nullopt and a message when DIR is not a folder that can be read.
std::optional<nlohmann::json> listRecordedGames(const std::string& dir, size_t most,
                                                std::string& error);

// A table's answer to "games": its journal folder listed as above, named by
// its absolute path so that a client in another directory can open the
// journals; no games yet when the folder does not exist.
std::optional<nlohmann::json> listTableGames(const std::string& dir, std::string& error);

}  // namespace arbiter
