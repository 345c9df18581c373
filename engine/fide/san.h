#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/fide/move.h"
#include "engine/fide/position.h"

namespace arbiter::fide {

// Standard Algebraic Notation, the form in which players and PGN write moves:
// "Nbd2", "exd6", "e8=Q+", "O-O-O#".
//
// Why: announcements and exported records must read as players write, so
// writing is exact (minimal disambiguation by file, then rank, then both;
// + and # from the position after the move). Reading is tolerant of what people
// type: missing or extra +/#, trailing !/?, "0-0" for "O-O", a missing "x", a
// promotion without "=". It still needs one legal move to match exactly.
std::string toSan(const Position& position, Move legalMove);

// The legal move `text` names in `position`; nullopt when malformed, illegal or
// ambiguous.
std::optional<Move> parseSan(const Position& position, std::string_view text);

}  // namespace arbiter::fide
