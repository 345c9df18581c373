#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/fide/position.h"

namespace arbiter::fide {

// Forsyth-Edwards Notation, the text form of a position.
//
// Why: FEN is how positions enter the referee (set-up positions, a resumed
// journal) and how they leave it; since any text may arrive, reading it is a
// validation that explains every rejection in words and never trusts the input.
inline constexpr std::string_view kStandardStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The position described by `text`, or nullopt with a sentence in `error` when
// the text is malformed or describes a position that cannot arise in a game
// (missing or extra kings, pawns on the back ranks, the side not to move in
// check, castling rights without king and rook at home, an impossible
// en-passant square, bad clocks).
std::optional<Position> parseFen(std::string_view text, std::string& error);

// The FEN of a position. The en-passant square is written after every double
// step, whether or not a capture is possible, as the FEN standard has it.
std::string toFen(const Position& position);

// "e4": the algebraic name of a square.
std::string squareName(Square s);
// The square named by two characters "a1".."h8", or NoSquare.
Square parseSquare(std::string_view name);

}  // namespace arbiter::fide
