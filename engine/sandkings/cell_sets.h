#pragma once

#include <bit>
#include <cstdint>

#include "engine/core/geometry.h"

namespace arbiter::sandkings {

inline constexpr int kSide = 8;  // Sandkings is played on one 8x8 board
inline constexpr int kCells = kSide * kSide;

// A set of cells of the 8x8 board as the bits of one 64-bit word, bit `c` for
// cell `c` (rank * 8 + file, as Geometry numbers them).
//
// Why: every step is judged by flood fills (is the creature still one piece,
// which pieces did a sting cut off, which bodies lie in a corner a chain
// closes), and perft tries millions of steps. On a word a flood fill is a few
// shifts per ring of cells rather than a search through a list.
using CellSet = uint64_t;

inline constexpr CellSet kFileA = 0x0101010101010101ULL;
inline constexpr CellSet kFileH = kFileA << 7;
inline constexpr CellSet kRank1 = 0xFFULL;
inline constexpr CellSet kRank8 = kRank1 << 56;

inline constexpr CellSet only(Cell c) {
    return CellSet{1} << c;
}
inline constexpr bool has(CellSet s, Cell c) {
    return (s >> c) & 1;
}
inline int countOf(CellSet s) {
    return std::popcount(s);
}
// The lowest cell of a non-empty set.
inline Cell firstOf(CellSet s) {
    return std::countr_zero(s);
}

// The cells one orthogonal step from any cell of `s`. A shift along a rank
// that would wrap onto the next rank is cut by the file masks.
inline constexpr CellSet orthogonalNeighbours(CellSet s) {
    return (s << 8) | (s >> 8) | ((s << 1) & ~kFileA) | ((s >> 1) & ~kFileH);
}
// The cells one step in any of the eight directions from any cell of `s`.
inline constexpr CellSet kingNeighbours(CellSet s) {
    return orthogonalNeighbours(s) | ((s << 9) & ~kFileA) | ((s << 7) & ~kFileH) |
           ((s >> 7) & ~kFileA) | ((s >> 9) & ~kFileH);
}
inline constexpr CellSet neighbours(CellSet s, bool diagonals) {
    return diagonals ? kingNeighbours(s) : orthogonalNeighbours(s);
}

// The cells of `within` reached from `seeds` (those in `within`) by steps
// inside `within`: orthogonal steps only, or in all eight directions.
inline constexpr CellSet flood(CellSet seeds, CellSet within, bool diagonals) {
    CellSet reached = seeds & within;
    for (;;) {
        const CellSet grown = (reached | neighbours(reached, diagonals)) & within;
        if (grown == reached) return reached;
        reached = grown;
    }
}

}  // namespace arbiter::sandkings
