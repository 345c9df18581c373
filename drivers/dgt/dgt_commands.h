#pragma once

// The bytes the host sends to a DGT board: single-byte board commands, clock
// commands wrapped in the `2b <n> 03 <cmd> ... 00` frame, and the LED command of
// boards that have LEDs. Encoders only: they do not know whether a board or clock
// can take the command (the driver decides that). Every byte they produce is
// below 0x80: values are clamped or masked rather than allowed to spill over.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "drivers/dgt/dgt_clock_protocol.h"
#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::dgt {

using Bytes = std::vector<uint8_t>;

// One of the single-byte commands (kSendReset, kSendBoard, ...).
Bytes singleByte(Command command);

// DGT 3000 text: the first 8 characters of `text`, padded with spaces; characters
// outside printable ASCII become '?'. `beep` 0 is silent, 1..15 beeps (clamped).
Bytes clockText(std::string_view text, int beep = 0);

// DGT XL display: six 7-segment characters A..F as they stand on the display,
// left to right ("1A:BC 1D:EF"); bits 0x01 top, 0x02 right top, 0x04 right
// bottom, 0x08 bottom, 0x10 left bottom, 0x20 left top, 0x40 centre. `icons`:
// 0x01 right dot, 0x02 right colon, 0x04 right '1', 0x08 left dot, 0x10 left
// colon, 0x20 left '1'. (The wire order is C B A F E D; the encoder handles it.)
Bytes clockXlDisplay(const std::array<uint8_t, 6>& segments, uint8_t icons, bool beep);

// Back to the normal time display.
Bytes clockEndDisplay();
// Ask the clock which button is pressed.
Bytes clockReadButtons();
// Ask the clock its version (answered in an ACK: 1.x XL, 2.x DGT 3000).
Bytes clockVersion();
// Beep for `units` x 64 ms (clamped to 0..127).
Bytes clockBeep(int units);

// Times for set-and-run, each side 0..9 h, 0..59 min, 0..59 s (clamped), binary.
struct SetAndRun {
    int leftSeconds = 0;
    int rightSeconds = 0;
    uint8_t flags = clock::kPause;  // clock::kRunLeft | kRunRight | kPause | kToggleOnLever
};
Bytes clockSetAndRun(const SetAndRun& setting);

// LEDs of a Revelation II / Pegasus: pattern 0 off, 1 on, squares 0..63 in the
// board's numbering. Squares out of range are clamped; the driver checks first.
Bytes leds(uint8_t pattern, int fromSquare, int toSquare);

}  // namespace arbiter::dgt
