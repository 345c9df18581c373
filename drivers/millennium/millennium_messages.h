#pragma once

// The answers a Millennium ChessLink board sends, decoded into plain values.
// The parser makes them, the driver uses them; a status keeps the board's 64
// characters as sent, in the board's own order, because which square each
// stands for is worked out later (millennium_orientation.h).

#include <array>
#include <cstdint>
#include <variant>

#include "drivers/millennium/millennium_protocol.h"

namespace arbiter::millennium {

// v: the firmware version, two bytes.
struct VersionReply {
    int major = 0;
    int minor = 0;
    bool operator==(const VersionReply&) const = default;
};

// s: 64 characters, each one of isSquareCharacter().
struct StatusReply {
    std::array<char, kSquares> characters{};
    bool operator==(const StatusReply&) const = default;
};

// l and x: the LEDs were set, or all put out.
struct LedsDone {
    bool allOff = false;  // x rather than l
    bool operator==(const LedsDone&) const = default;
};

// w and r: an EEPROM byte as written or read.
struct EepromReply {
    bool written = false;  // w rather than r
    uint8_t address = 0;
    uint8_t data = 0;
    bool operator==(const EepromReply&) const = default;
};

using MillenniumMessage = std::variant<VersionReply, StatusReply, LedsDone, EepromReply>;

}  // namespace arbiter::millennium
