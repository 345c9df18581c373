#pragma once

// What one board holds, square by square, in DGT piece codes.

#include <array>
#include <cstdint>

#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::firmware {

// The DGT piece code of each of the 64 squares, square 0 (a8 as the board numbers
// it) first. A fixed array, so the firmware can keep whole boards without a heap:
// the raw sensor picture, the debounced picture and a BOARD_DUMP payload all have
// this shape.
using SquareCodes = std::array<uint8_t, dgt::kSquares>;

// True when code is one the protocol defines (empty, a piece, or a result piece);
// anything else must never reach the host, whose parser resynchronises on bit 7.
inline constexpr bool isValidPieceCode(uint8_t code) {
    return code <= dgt::kLastPieceCode;
}

}  // namespace arbiter::firmware
