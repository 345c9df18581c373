#pragma once

// Text names for squares, pieces and positions, as the vboard console writes them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "firmware-bridge/square_codes.h"

namespace arbiter::vboard {

// The console speaks in the board's own coordinates: "a8" is square 0 as the
// board numbers it, "h1" square 63, whichever way the board stands; pieces are FEN
// letters (upper case White). These functions translate between that text and the
// DGT piece codes and square numbers the firmware deals in. A small table of our
// own rather than engine/core/chess_set: the virtual board speaks DGT codes and
// needs nothing of the engine.

// "e2" (either case) -> 52. Nothing for anything else.
std::optional<int> parseSquare(std::string_view text);
std::string squareName(int square);

// 'P' -> dgt::kWhitePawn, 'k' -> dgt::kBlackKing. Nothing for anything else.
std::optional<uint8_t> pieceFromLetter(char letter);
// The FEN letter of a piece code; '.' for empty, '*' for the result pieces.
char letterOf(uint8_t pieceCode);

firmware::SquareCodes startPosition();
// The start position with the board turned round: Black's pieces on the ranks
// the board numbers 1 and 2 (every square s holds what square 63 - s holds in
// the start position).
firmware::SquareCodes rotatedStartPosition();

// The board part of a FEN ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), read
// from the board's own a8 corner. On failure the error says what is wrong.
struct FenBoard {
    std::optional<firmware::SquareCodes> position;
    std::string error;
};
FenBoard parseFenBoard(std::string_view text);

}  // namespace arbiter::vboard
