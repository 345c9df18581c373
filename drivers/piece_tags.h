#pragma once

// The identity of each physical piece, for boards that read one (Certabo's
// RFID chips): a tag per piece, and what a calibration says each tag is. A
// board that reads tags tells pieces apart even where they look alike; what
// each piece is comes only from the calibration.

#include <array>
#include <cstdint>
#include <map>

#include "engine/core/chess_set.h"

namespace arbiter {

// A piece's tag: the 40 bits of a Certabo RFID chip, its first byte highest.
// 0 on a square that holds no piece.
using PieceTag = uint64_t;

// What each known tag is, as a calibration learnt it.
using PieceTags = std::map<PieceTag, SetPiece>;

// The tag of the piece on each square of a board (0: none), in the board's
// own numbering (0 = a8), as BoardSquares.
using SquareTags = std::array<PieceTag, 64>;

}  // namespace arbiter
