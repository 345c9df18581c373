#pragma once

// Every board protocol arbiter reads, in one table (gpsd's way: a driver is a
// table of functions and a file). The device syntax (dgt:PATH), the board
// link that opens a device and the listing of serial ports all read it, so a
// new protocol is one driver folder and one line in board_protocols.cpp.

#include <span>
#include <string_view>

#include "drivers/board_driver.h"

namespace arbiter {

// Every protocol, in the order listings show them.
std::span<const BoardProtocol* const> boardProtocols();

// The protocol a device names, or nullptr.
const BoardProtocol* findBoardProtocol(std::string_view name);

}  // namespace arbiter
