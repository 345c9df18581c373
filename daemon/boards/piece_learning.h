#pragma once

// arbiterd --calibrate: learning which tag is which piece from the chess start
// position set up on a board that reads tags (a Certabo), at the table, with
// nothing else running. It is a step of setting up, like plugging the board
// in: done once per set of pieces, before the table is started, by the
// program that already knows the boards of the table and where its journal
// folder is, so that the table started next reads the pieces at once.

#include <string>

#include "daemon/boards/device_spec.h"
#include "drivers/piece_tags.h"

namespace arbiter {

// Reads the board on `device` (waiting up to `waitMs` for it to speak) and
// learns the tags of the start position on it. False and a message that says
// what to do when the board cannot be read or does not show the start position.
bool learnPieces(const DeviceSpec& device, int waitMs, PieceTags& learnt, std::string& error);

}  // namespace arbiter
