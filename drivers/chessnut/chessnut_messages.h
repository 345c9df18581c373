#pragma once

// What a Chessnut board says, decoded: the parser's output.

#include <array>
#include <cstdint>
#include <string>
#include <variant>

namespace arbiter::chessnut {

// Every square's piece code (0..12), in our square order: 0 = a8 .. 63 = h1.
struct PositionReport {
    std::array<uint8_t, 64> codes{};
    bool operator==(const PositionReport&) const = default;
};

// The battery: 0..100 percent, and whether it is being charged.
struct BatteryReport {
    int percent = 0;
    bool charging = false;
    bool operator==(const BatteryReport&) const = default;
};

// The firmware's version text, as the board gives it (printable ASCII).
struct VersionReport {
    std::string text;
    bool operator==(const VersionReport&) const = default;
};

// A command was taken (not every board says so).
struct Acknowledgement {
    bool operator==(const Acknowledgement&) const = default;
};

using ChessnutMessage = std::variant<PositionReport, BatteryReport, VersionReport, Acknowledgement>;

}  // namespace arbiter::chessnut
