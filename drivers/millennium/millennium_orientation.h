#pragma once

// Which board square each of a status's 64 characters stands for. The
// protocol's description gives a8..h8, a7..h7, .. h1; drivers written against
// real boards have read them otherwise (each rank from h to a, or the whole
// string from h1), so the driver does not take the order on trust: it works it
// out from the start position, the one position whose every reading differs.
//
// Turning the whole board round is not the driver's business (the table finds
// which way round a board stands, docs/boards.md), so readings that differ
// only by a half turn are one: four readings remain, and the start position
// set up either way round names one of them.

#include <array>
#include <optional>
#include <string_view>

#include "drivers/board_listener.h"
#include "drivers/millennium/millennium_protocol.h"

namespace arbiter::millennium {

enum class Reading {
    AsDocumented,   // a8, b8 .. h8, a7 .. h1 (or the reverse: h1, g1 .. a8)
    FilesMirrored,  // h8, g8 .. a8, h7 .. a1 (or a1 .. h1, a2 .. h8)
    Transposed,     // a8, a7 .. a1, b8 .. h1 (down each file)
    QuarterTurned,  // h8, h7 .. h1, g8 .. a1 (the board a quarter turned)
};

// "a8 b8 .. h8, a7 .. h1", for the log and the docs.
std::string_view describe(Reading reading);

// The board square (0 = a8 .. 63 = h1) the character at `index` stands for.
int squareOf(Reading reading, int index);

// What the 64 characters show, read as `reading` says.
BoardSquares squaresOf(Reading reading, const std::array<char, kSquares>& characters);

// The reading under which these characters are the start position of chess,
// either way round; nullopt when they are not the start position under any.
std::optional<Reading> readingOfStartPosition(const std::array<char, kSquares>& characters);

// What a status character shows: a set piece, or nothing for '.' (and for any
// character that is not a piece's).
Appearance appearanceOf(char c);

// The character a square showing `appearance` is sent as.
char characterOf(const Appearance& appearance);

}  // namespace arbiter::millennium
