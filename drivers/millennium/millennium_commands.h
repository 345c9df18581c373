#pragma once

// The bytes the host sends to a Millennium ChessLink board: each command's
// characters and block check, every byte with its odd parity bit set
// (millennium_protocol.h says why). Encoders only: what to send when is the
// driver's business.

#include <array>
#include <bitset>
#include <cstdint>
#include <string_view>
#include <vector>

#include "drivers/millennium/millennium_protocol.h"

namespace arbiter::millennium {

using Bytes = std::vector<uint8_t>;

// The block check of `characters`: the XOR of all of them, 7 bits each.
uint8_t blockCheck(std::string_view characters);

// `characters` with their block check appended, as bytes with parity.
Bytes framed(std::string_view characters);

Bytes versionRequest();
Bytes statusRequest();
Bytes ledsOff();
Bytes writeEeprom(uint8_t address, uint8_t data);
Bytes readEeprom(uint8_t address);

// One pattern for each of the 81 LEDs, LED 1 first.
using LedPatterns = std::array<uint8_t, kLedCount>;
Bytes leds(uint8_t slotTime, const LedPatterns& patterns);

// The LEDs that light `squares` (0 = a8 .. 63 = h1, the board's own names):
// the four corners of each, steadily on; every other LED off.
LedPatterns cornersOf(const std::bitset<kSquares>& squares);

// The index (0 = LED 1) of the LED at corner line `file` (0 = the a-file's
// outer edge .. 8 = the h-file's) and `row` (0 = the 8th rank's outer edge ..
// 8 = the 1st rank's).
constexpr int ledIndex(int file, int row) {
    return file * kLedLines + row;
}

}  // namespace arbiter::millennium
