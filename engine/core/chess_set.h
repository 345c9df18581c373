#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace arbiter {

// A piece of a physical chess set, as players pick it up and a sensor board may
// see it. Every seed game is played with such pieces (Colonization's home planet
// is a bishop, Möbiatus's dot a pawn), so this is the vocabulary in which a game
// says what its cells look like and in which drivers say what a square holds.
// It is a physical fact and knows nothing of any game's rules.
enum class SetColour : uint8_t { White, Black };
enum class Figure : uint8_t { Pawn, Knight, Bishop, Rook, Queen, King };

struct SetPiece {
    SetColour colour;
    Figure figure;
    bool operator==(const SetPiece&) const = default;
};

// What one cell shows physically: empty, or one set piece.
using Appearance = std::optional<SetPiece>;

// What a sensor board can tell about a square: only that a piece stands there,
// or also its colour and figure. The referee compares only this much.
enum class Sensing { Occupancy, ColourAndKind };

// FEN-style letter: upper case white, lower case black ("P", "n").
char letter(SetPiece p);
// In words, as announcements say it: "white pawn", "black knight"; and each
// half alone: "white", "knight".
std::string words(SetPiece p);
std::string words(SetColour c);
std::string words(Figure f);
std::optional<SetPiece> fromLetter(char c);

}  // namespace arbiter
