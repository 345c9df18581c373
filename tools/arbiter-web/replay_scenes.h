#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "daemon/base/time_source.h"

namespace arbiter::web {

// A recorded game for the page to step through: the journal replayed through
// its game's engine as arbiterd resumes it (as arbiterctl replay does), and
// after the start and each move or takeback the scene of the cells
// (daemon/table/scene.h) with what was said. {"game", "players", "positions":
// [{"ply", "said", "scene", "report"}], "result"} or {"error": ...} for a
// journal that cannot be replayed, or a game of hidden views without a
// result (its journal names every move, which each player must not see).
nlohmann::json replayScenes(const std::string& journalPath, const TimeSource& time);

}  // namespace arbiter::web
