#pragma once

// The change records a board on a DGT bus answers a poll with, in the format
// of its EEPROM game record (shared with single-board EE_MOVES): two-byte
// piece records (0x40..0x5f with the piece code in the low nibble, then the
// square), three-byte clock times, one-byte marks and 0x00 filler. Only the
// piece records say what the squares hold; the rest is skipped.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "drivers/dgt/dgt_messages.h"

namespace arbiter::dgt_bus {

struct DecodedChanges {
    // The squares that changed, in the order the board saw them.
    std::vector<dgt::FieldUpdate> pieces;
    // Set when the records held something that is no record (or was cut off):
    // what came before it is in `pieces`, nothing after it is read.
    std::string problem;
};

DecodedChanges decodeChanges(std::span<const uint8_t> records);

}  // namespace arbiter::dgt_bus
