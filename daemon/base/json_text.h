#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter {

// JSON as text, for the journal, the control socket and messages. It cannot
// throw: a string that is not UTF-8 (which the borders refuse, so only a
// mistake lets one through) has its bad bytes written as U+FFFD rather than
// ending the event loop with an exception. Every JSON arbiterd writes goes
// through these.
std::string jsonText(const nlohmann::json& value);
std::string jsonText(const nlohmann::ordered_json& value);

}  // namespace arbiter
