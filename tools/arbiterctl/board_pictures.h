#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::ctl {

// Each board of a status as it lies on the table, in its own squares, under
// its label and device: what arbiterctl status --boards prints, so that each
// board can be set up, or read, square by square. A status without boards
// says so.
std::string boardPicturesText(const nlohmann::json& status);

}  // namespace arbiter::ctl
