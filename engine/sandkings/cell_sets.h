#pragma once

#include <array>
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
// Counted by halves, quarters and bytes rather than std::popcount: without a
// -mpopcnt build (the package runs on any x86-64), that is a library call,
// and a playout counts every piece's steps at every step.
inline constexpr int countOf(CellSet s) {
    s -= (s >> 1) & 0x5555555555555555ULL;
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((s * 0x0101010101010101ULL) >> 56);
}
// countOf for a set of at most 15 cells, such as a piece's steps: the counts
// of each four cells are summed by one product, which carries nothing from
// one four to the next while the sum stays below 16.
inline constexpr int countOfFew(CellSet s) {
    s -= (s >> 1) & 0x5555555555555555ULL;
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
    return static_cast<int>((s * 0x1111111111111111ULL) >> 60);
}

// Bit `rank` (counted from 0) of each byte value, for selectCell below.
inline constexpr std::array<uint8_t, 256 * 8> kSelectInByte = [] {
    std::array<uint8_t, 256 * 8> table{};
    for (unsigned byte = 0; byte < 256; ++byte) {
        unsigned rank = 0;
        for (unsigned bit = 0; bit < 8; ++bit) {
            if ((byte >> bit) & 1) table[(rank++ << 8) | byte] = static_cast<uint8_t>(bit);
        }
    }
    return table;
}();

// The cell of `s` with `rank` cells of `s` below it (rank < countOf(s)),
// found byte by byte from the counts' running sums rather than by clearing
// `rank` cells one by one: a playout's pick lands on a random step of a
// piece, and the branch of such a loop is seldom guessed.
inline constexpr Cell selectCell(CellSet s, int rank) {
    constexpr CellSet kOnes = 0x0101010101010101ULL, kHighs = kOnes * 0x80;
    CellSet counts = s - ((s >> 1) & 0x5555555555555555ULL);
    counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
    counts = (counts + (counts >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    const CellSet below = counts * kOnes;  // byte i: the cells in bytes 0..i
    // The high bit of byte i is set when the cells up to byte i are no more
    // than `rank`: those bytes form a run from byte 0, and the cell is in the
    // first byte past it.
    const CellSet passed = ((static_cast<CellSet>(rank) * kOnes | kHighs) - below) & kHighs;
    const int place = std::countr_zero(~passed & kHighs) - 7;
    const int before = place == 0 ? 0 : static_cast<int>((below >> (place - 8)) & 0xFF);
    const auto byte = static_cast<unsigned>((s >> place) & 0xFF);
    return place + kSelectInByte[(static_cast<unsigned>(rank - before) << 8) | byte];
}

// The lowest cell of a non-empty set.
inline Cell firstOf(CellSet s) {
    return std::countr_zero(s);
}
// The highest cell of a non-empty set.
inline Cell lastOf(CellSet s) {
    return kCells - 1 - std::countl_zero(s);
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

// The cells one step in any direction from each cell, looked up rather than
// shifted: the listing asks for them once per piece and cell it looks at.
inline constexpr std::array<CellSet, kCells> kKingSteps = [] {
    std::array<CellSet, kCells> steps{};
    for (Cell c = 0; c < kCells; ++c) steps[static_cast<size_t>(c)] = kingNeighbours(only(c));
    return steps;
}();
inline constexpr CellSet kingSteps(Cell c) {
    return kKingSteps[static_cast<size_t>(c)];
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

// The cells of `cells` around `c`, as eight bits: bit 0 to 2 the rank
// below (file before, same, after), 3 and 4 the cells beside, 5 to 7 the
// rank above. Off-board neighbours are never in it.
inline constexpr unsigned ringAround(CellSet cells, Cell c) {
    const CellSet near = cells & kKingSteps[static_cast<size_t>(c)];
    // Cell c - 9 on bit 0: a 3x3 window on bits 0-2, 8-10 and 16-18.
    const CellSet window = c >= 9 ? near >> (c - 9) : near << (9 - c);
    return static_cast<unsigned>((window & 7) | ((window >> 5) & 0x08) | ((window >> 6) & 0x10) |
                                 ((window >> 11) & 0xE0));
}

// For each set of the eight cells around one (as ringAround numbers them):
// whether they are one group among themselves (8-neighbourhood, the middle
// cell left out). Empty sets are not.
inline constexpr std::array<bool, 256> kRingJoined = [] {
    constexpr int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    constexpr int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    std::array<bool, 256> joined{};
    for (unsigned set = 1; set < 256; ++set) {
        unsigned reached = set & (~set + 1);
        for (bool grew = true; grew;) {
            grew = false;
            for (int a = 0; a < 8; ++a) {
                if (!((reached >> a) & 1)) continue;
                for (int b = 0; b < 8; ++b) {
                    const bool near = dx[a] - dx[b] <= 1 && dx[b] - dx[a] <= 1 &&
                                      dy[a] - dy[b] <= 1 && dy[b] - dy[a] <= 1;
                    if (near && ((set >> b) & 1) && !((reached >> b) & 1)) {
                        reached |= 1u << b;
                        grew = true;
                    }
                }
            }
        }
        joined[set] = reached == set;
    }
    return joined;
}();

// Whether the group `cells` (one group, 8-neighbourhood) stays one group
// without `c`, judged from the cells around `c` alone: when its neighbours in
// the group are joined among themselves, any path through `c` goes round it.
// False may still be a group: then ask joiningAll.
inline constexpr bool staysOneWithout(CellSet cells, Cell c) {
    return kRingJoined[ringAround(cells, c)];
}

// The cells that join every group of `cells` (8-neighbourhood): a piece put
// on one of them makes `cells` and it a single group, and on no other cell
// does it. All cells when `cells` is empty.
//
// Why: a step keeps a creature joined exactly when it lands next to every
// group the rest of the creature falls into without the piece, so one pass
// over at most five cells judges every step of the piece at once, where a
// flood per step was most of the listing's time.
inline constexpr CellSet joiningAll(CellSet cells) {
    CellSet joining = ~CellSet{0};
    for (CellSet left = cells; left;) {
        CellSet group = left & (~left + 1);  // the lowest cell left
        CellSet around = 0;
        for (CellSet frontier = group; frontier;) {
            const CellSet next = kKingSteps[static_cast<size_t>(std::countr_zero(frontier))];
            frontier &= frontier - 1;
            around |= next;
            const CellSet fresh = next & left & ~group;
            group |= fresh;
            frontier |= fresh;
        }
        left &= ~group;
        joining &= around;
    }
    return joining;
}

}  // namespace arbiter::sandkings
