#pragma once

// Why a device could not be opened, said so that the person at the board knows
// what to do ("add yourself to the dialout group") rather than just "errno 13".

#include <string>

namespace arbiter {

// A one-line explanation for failing to open `path` with errno `error`.
std::string openErrorText(const std::string& path, int error);

}  // namespace arbiter
