#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/base/time_source.h"

namespace arbiter {

// The addresses of the boards that answer on the bus at `port` (the table of
// drivers' bus protocol: a DGT bus), found as DGT advises: every board is
// pinged at once and answers at a moment of its own within about a second.
// Takes that long. nullopt and `error` set when the port cannot be opened or
// goes away meanwhile.
std::optional<std::vector<int>> findBoardsOnBus(const std::string& port, const TimeSource& time,
                                                std::string& error);

}  // namespace arbiter
