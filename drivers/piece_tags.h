#pragma once

// The identity of each physical piece, for boards that read one (Certabo's
// RFID chips): a tag per piece, and what a calibration says each tag is. A
// board that reads tags tells pieces apart even where they look alike; what
// each piece is comes only from the calibration.

#include <cstdint>
#include <map>

#include "engine/core/chess_set.h"

namespace arbiter {

// A piece's tag: the 40 bits of a Certabo RFID chip, its first byte highest.
// 0 on a square that holds no piece.
using PieceTag = uint64_t;

// What each known tag is, as a calibration learnt it.
using PieceTags = std::map<PieceTag, SetPiece>;

}  // namespace arbiter
