#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::ctl {

// JSON as a person reads it in a terminal: one "key: value" per line, nested
// objects indented, lists of plain values on one line, lists of objects as
// "- " items. arbiterctl prints the daemon's status this way without knowing
// its fields, so that a new field shows up without a new arbiterctl.
std::string readable(const nlohmann::json& value);

}  // namespace arbiter::ctl
