#pragma once

// The frames of the Chessnut protocol as bytes: what the host sends a board,
// and, for the virtual board and tests, what a board sends back. Encoders
// only; the driver decides what to send when.

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "drivers/chessnut/chessnut_protocol.h"

namespace arbiter::chessnut {

using Bytes = std::vector<uint8_t>;

// Host to board.
Bytes realTimeModeCommand();  // report the position now and on every change
Bytes versionRequest();
Bytes batteryRequest();
// Lights exactly the squares of `lit` (0 = a8 .. 63 = h1): a byte a rank from
// rank 8, file a in bit 7.
Bytes ledCommand(const std::bitset<64>& lit);

// Board to host.
// `codes` in our square order (0 = a8 .. 63 = h1), each 0..12 (higher values
// are masked to a nibble); `stamp`: the four time bytes boards append.
Bytes positionReport(const std::array<uint8_t, 64>& codes, uint32_t stamp = 0);
Bytes batteryReport(int percent, bool charging);
Bytes versionReport(std::string_view text);
Bytes acknowledgement();

// The squares an LED command lights, for the virtual board; nullopt for a
// payload that is not 8 bytes.
std::optional<std::bitset<64>> ledsOf(std::span<const uint8_t> payload);

}  // namespace arbiter::chessnut
