#pragma once

#include <bit>
#include <cassert>
#include <cstdint>

namespace arbiter::fide {

// A set of squares as 64 bits, bit n = square n (a1 = 0, h1 = 7, a8 = 56).
//
// Why: the whole move generator works on sets of squares at once (all pawns
// pushed in one shift, all knight targets in one lookup); bit n is exactly the
// engine's Cell n on the 8x8 rectangle, so no conversion is ever needed between
// this module and the core.
using Bitboard = uint64_t;

// A square index 0..63, equal to arbiter's Cell on Geometry::rectangle(8, 8).
using Square = int;
inline constexpr Square NoSquare = 64;

// The two sides; White moves first and is player 0.
enum Colour : int { White = 0, Black = 1 };
constexpr Colour opposite(Colour c) {
    return Colour(c ^ 1);
}

// Piece types in the order of arbiter::Figure, so that int(type) == int(figure).
enum PieceType : int { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };
inline constexpr int kPieceTypeCount = 6;

constexpr Bitboard bit(Square s) {
    return Bitboard{1} << s;
}
constexpr int fileOf(Square s) {
    return s & 7;
}
constexpr int rankOf(Square s) {
    return s >> 3;
}
constexpr Square makeSquare(int file, int rank) {
    return rank * 8 + file;
}
constexpr bool onBoard(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard rankMask(int rank) {
    return kRank1 << (8 * rank);
}
constexpr Bitboard fileMask(int file) {
    return kFileA << file;
}
inline constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;
inline constexpr Bitboard kDarkSquares = ~kLightSquares;

constexpr int popcount(Bitboard b) {
    return std::popcount(b);
}
constexpr bool moreThanOne(Bitboard b) {
    return (b & (b - 1)) != 0;
}

inline Square lsb(Bitboard b) {
    assert(b != 0);
    return std::countr_zero(b);
}

// Removes and returns the lowest square of a non-empty set.
inline Square popLsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

// Compass steps as square offsets; shift<D> moves every square of a set one step,
// dropping squares that would leave the board (no wrap-around between a and h files).
enum Direction : int {
    North = 8,
    South = -8,
    East = 1,
    West = -1,
    NorthEast = 9,
    NorthWest = 7,
    SouthEast = -7,
    SouthWest = -9,
};

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == North) return b << 8;
    if constexpr (D == South) return b >> 8;
    if constexpr (D == East) return (b & ~kFileH) << 1;
    if constexpr (D == West) return (b & ~kFileA) >> 1;
    if constexpr (D == NorthEast) return (b & ~kFileH) << 9;
    if constexpr (D == NorthWest) return (b & ~kFileA) << 7;
    if constexpr (D == SouthEast) return (b & ~kFileH) >> 7;
    if constexpr (D == SouthWest) return (b & ~kFileA) >> 9;
}

// Rank `r` as seen from side `c` (White's rank 2 is Black's rank 7).
constexpr int relativeRank(Colour c, int rank) {
    return c == White ? rank : 7 - rank;
}

}  // namespace arbiter::fide
