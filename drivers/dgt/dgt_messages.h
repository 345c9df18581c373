#pragma once

// The messages a DGT board sends to the host, decoded into plain values. The
// parser produces them and the board driver consumes them; keeping them as plain
// structs in one variant means tests and tools can build and compare them freely.
// Piece codes stay raw here (what the board said); turning them into physical
// pieces is the driver's job.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/dgt/dgt_clock_protocol.h"
#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::dgt {

// A full scan: 64 piece codes (each 0x00..0x0f), square 0 (a8) first.
struct BoardDump {
    std::array<uint8_t, kSquares> codes{};
    bool operator==(const BoardDump&) const = default;
};

// One square changed: square 0..63, piece code 0x00..0x0f (0 = emptied).
struct FieldUpdate {
    int square = 0;
    uint8_t code = 0;
    bool operator==(const FieldUpdate&) const = default;
};

// One side of a clock as a BWTIME times message shows it.
struct ClockSide {
    int hours = 0;
    int minutes = 0;
    int seconds = 0;
    bool flagFallen = false;   // flag fallen, clock blocked at zero
    bool timePerMove = false;  // Bronstein / Fischer indicator
    bool flagShown = false;    // flag shown, clock possibly still running
    int totalSeconds() const { return hours * 3600 + minutes * 60 + seconds; }
    bool operator==(const ClockSide&) const = default;
};

// BWTIME in its times form. "Left" and "right" are as seen from the front of the
// clock; the wire carries the right player first.
struct ClockTimes {
    ClockSide right;
    ClockSide left;
    bool running = false;
    bool rightLeverHigh = false;
    bool batteryLow = false;
    bool rightToMove = false;
    bool leftToMove = false;
    bool noClock = false;  // no clock connected: the times mean nothing
    // Every payload byte was zero: Bluetooth boards send this right after a clock
    // command, and it is to be ignored.
    bool blank = false;
    bool operator==(const ClockTimes&) const = default;
};

// BWTIME in its ACK form: the four reconstructed bytes ack0..ack3.
struct ClockAck {
    std::array<uint8_t, 4> ack{};

    bool ok() const { return ack[0] == clock::kAckOk; }
    // The command this answers (ack1), meaningful when !unprompted().
    uint8_t command() const { return ack[1]; }
    // The clock spoke by itself (ack1 bit 7): ready, a button, a mode change.
    bool unprompted() const { return (ack[1] & clock::kAckUnprompted) != 0; }
    // The button pressed (clock::ButtonCode in ack3), if this ACK reports one.
    std::optional<uint8_t> button() const {
        if (ack[1] != clock::kAckButton) return std::nullopt;
        return ack[3];
    }
    // Clock version (answer to kVersion): major in the high nibble of ack2.
    int versionMajor() const { return ack[2] >> 4; }
    int versionMinor() const { return ack[2] & 0x0f; }
    bool operator==(const ClockAck&) const = default;
};

// SERIALNR: five ASCII digits, as sent.
struct SerialNumber {
    std::string text;
    bool operator==(const SerialNumber&) const = default;
};

// LONG_SERIALNR: ten ASCII digits, as sent.
struct LongSerialNumber {
    std::string text;
    bool operator==(const LongSerialNumber&) const = default;
};

// TRADEMARK: free ASCII text, as sent (it may contain line breaks).
struct Trademark {
    std::string text;
    bool operator==(const Trademark&) const = default;
};

// VERSION: board firmware major and minor, binary.
struct Version {
    int major = 0;
    int minor = 0;
    bool operator==(const Version&) const = default;
};

// BUSADRES: the 14-bit bus address made of two 7-bit halves.
struct BusAddress {
    int address = 0;
    bool operator==(const BusAddress&) const = default;
};

// EE_MOVES: the EEPROM game record, raw.
struct EeMoves {
    std::vector<uint8_t> bytes;
    bool operator==(const EeMoves&) const = default;
};

// BATTERY_STATUS: model-dependent, raw.
struct BatteryStatus {
    std::vector<uint8_t> bytes;
    bool operator==(const BatteryStatus&) const = default;
};

using DgtMessage =
    std::variant<BoardDump, FieldUpdate, ClockTimes, ClockAck, SerialNumber, LongSerialNumber,
                 Trademark, Version, BusAddress, EeMoves, BatteryStatus>;

}  // namespace arbiter::dgt
