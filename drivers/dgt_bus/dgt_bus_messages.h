#pragma once

// What boards on a DGT bus send, decoded into plain values, each with the
// address of the board that sent it. Piece codes and change records stay raw
// here; the board driver turns them into squares.

#include <array>
#include <cstdint>
#include <variant>
#include <vector>

#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::dgt_bus {

// All 64 squares (codes 0x00..0x0f), square 0 (a8) first, as a single board's dump.
struct BusBoardDump {
    int address = 0;
    std::array<uint8_t, dgt::kSquares> codes{};
    bool operator==(const BusBoardDump&) const = default;
};

// What changed since the last poll, in the EEPROM record format
// (dgt_bus_changes.h); `fromStart` for the answer to kSendFromStart.
struct BusChanges {
    int address = 0;
    std::vector<uint8_t> records;
    bool fromStart = false;
    bool operator==(const BusChanges&) const = default;
};

// The answer to a ping (and to kIgnoreNextPing): the board is there.
struct BusPing {
    int address = 0;
    bool operator==(const BusPing&) const = default;
};

// The board's firmware version; 0.0 from boards before 1.2, which send none.
struct BusVersion {
    int address = 0;
    int major = 0;
    int minor = 0;
    bool operator==(const BusVersion&) const = default;
};

// The seven clock bytes of a single board's BWTIME, raw.
struct BusClock {
    int address = 0;
    std::array<uint8_t, 7> bytes{};
    bool operator==(const BusClock&) const = default;
};

// The board wrote the start tag asked for by kSetStartGame.
struct BusStartGameWritten {
    int address = 0;
    bool operator==(const BusStartGameWritten&) const = default;
};

using BusReply =
    std::variant<BusBoardDump, BusChanges, BusPing, BusVersion, BusClock, BusStartGameWritten>;

}  // namespace arbiter::dgt_bus
