#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::ctl {

// The table at a glance, as players at it read it: the game and who is to
// move, the clocks as a clock shows them, a picture of the cells, the last
// moves, what the table waits for, the game's own report and the boards.
// arbiterctl status prints it above the status in full (readable()); fields
// the daemon does not send are left out.
std::string statusSummary(const nlohmann::json& status);

}  // namespace arbiter::ctl
