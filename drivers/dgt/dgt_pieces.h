#pragma once

// DGT piece codes in terms of a physical chess set. The board reports colour and
// kind for codes 1..12; 0x0d..0x0f are DGT's special "result" pieces (draw, white
// wins, black wins), which are no set piece at all.

#include <cstdint>

#include "engine/core/chess_set.h"

namespace arbiter::dgt {

// What a piece code shows: a set piece for 0x01..0x0c, empty for 0x00 and for
// every other code (a result piece or an invalid code; callers that care check
// isPieceCode() first and warn).
Appearance appearanceOf(uint8_t code);

// True for the codes that say what a square holds: 0x00..0x0c.
bool isPieceCode(uint8_t code);

// The code the board uses for what a square shows.
uint8_t pieceCode(const Appearance& appearance);

// True for 0x0d..0x0f.
bool isResultPiece(uint8_t code);

}  // namespace arbiter::dgt
