#pragma once

// What the numbers of one line mean, and the LED bytes the boards take. Squares
// are the board's own, 0 = a8 .. 63 = h1, in the order the boards send them.
//   Certabo: 320 numbers, five per square: the square's RFID tag, or (mostly)
//            zeros when it holds no piece.
//   Sentio:  8 numbers, one per rank from the eighth down: a bit per square,
//            set when a piece stands there, the a-file the highest bit.
//   LEDs:    8 bytes, one per rank from the eighth down, bit 0 the a-file.
// docs/protocols/certabo.md says where each of these facts comes from.

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "drivers/piece_tags.h"

namespace arbiter::certabo {

inline constexpr int kSquares = 64;
inline constexpr int kTagBytes = 5;
inline constexpr int kCertaboNumbers = kSquares * kTagBytes;  // 320
inline constexpr int kSentioNumbers = 8;

static_assert(std::tuple_size_v<SquareTags> == kSquares);

// The tags of a Certabo line; nullopt unless it holds exactly 320 numbers.
// A square whose five bytes are mostly zeros (three or more) holds no piece:
// its tag is 0.
std::optional<SquareTags> certaboTags(std::span<const uint8_t> numbers);

// The occupied squares of a Sentio line; nullopt unless it holds exactly 8.
std::optional<std::bitset<kSquares>> sentioOccupancy(std::span<const uint8_t> numbers);

// The 8 LED bytes that light exactly `lit`.
std::array<uint8_t, 8> ledBytes(const std::bitset<kSquares>& lit);

// "3a0ccb0701": ten hex digits, as a calibration file writes a tag.
std::string tagText(PieceTag tag);
// The tag ten hex digits name; nullopt for anything else.
std::optional<PieceTag> tagFromText(std::string_view text);

// "e4": a square of the board in its own numbering.
std::string squareName(int square);

}  // namespace arbiter::certabo
