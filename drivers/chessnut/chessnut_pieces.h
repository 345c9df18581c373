#pragma once

// Chessnut piece codes in terms of a physical chess set: 0 empty, then
// 1 black queen, 2 black king, 3 black bishop, 4 black pawn, 5 black knight,
// 6 white rook, 7 white pawn, 8 black rook, 9 white bishop, 10 white knight,
// 11 white queen, 12 white king (an order of the maker's own, not by colour).
// And where each of our squares is in a position report.

#include <cstdint>

#include "engine/core/chess_set.h"

namespace arbiter::chessnut {

// What a code shows; empty for 0 and for codes above 12 (callers check
// isPieceCode() first and warn).
Appearance appearanceOf(uint8_t code);
bool isPieceCode(uint8_t code);
// The code of what a square shows.
uint8_t pieceCode(const Appearance& appearance);

// A position report starts at h8 and runs h8, g8 .. a8, h7 .. a1, two
// squares a byte, the first in the low nibble. Where square `square`
// (0 = a8 .. 63 = h1) is: its byte in the 32, and whether in the high nibble.
struct NibblePlace {
    int byte = 0;
    bool high = false;
};
NibblePlace nibbleOf(int square);

}  // namespace arbiter::chessnut
