#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::ctl {

// The games of a journal folder as a person reads them, newest last (nearest
// the prompt): a line per game, when it began, the game, the players, how it
// ended and its moves, then the command that replays it. `listing` is what
// the control request "games" answers (listRecordedGames()); fields missing
// or of another shape are left out, never guessed.
std::string gameListText(const nlohmann::json& listing);

}  // namespace arbiter::ctl
