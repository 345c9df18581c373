#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/fide/attacks.h"
#include "engine/fide/bitboard.h"

namespace arbiter::fide {

namespace detail {

// Per file of a rook on the first rank and per occupancy of the six inner
// squares (files b to g, bit 0 = b): the squares of that rank it reaches.
constexpr std::array<std::array<uint8_t, 64>, 8> rankAttackTable() {
    std::array<std::array<uint8_t, 64>, 8> table{};
    for (int file = 0; file < 8; ++file) {
        for (Bitboard inner = 0; inner < 64; ++inner) {
            const Square s = makeSquare(file, 0);
            table[static_cast<std::size_t>(file)][inner] = static_cast<uint8_t>(
                rayAttacks(s, 1, 0, inner << 1) | rayAttacks(s, -1, 0, inner << 1));
        }
    }
    return table;
}

}  // namespace detail

inline constexpr std::array<std::array<uint8_t, 64>, 8> kRankAttacks = detail::rankAttackTable();

// Rook attacks for any occupancy without the rook's magic table: along the
// rank from a 512-byte table, along the file by "hyperbola quintessence"
// (subtracting the rook's bit from the blockers above it carries up to the
// first of them; a byte swap mirrors the file so that the same subtraction
// finds the first one below).
//
// Why: the rook's magic table holds 800 kB, more than a core's cache keeps.
// Perft walks neighbouring positions and finds it warm; the scattered
// positions of random playouts missed it at nearly every rook or queen
// lookup, so their generator (generateMoveBatches) goes by lines instead.
inline Bitboard rookAttacksByLines(Square s, Bitboard occupied) {
    const int rankShift = s & 56;
    const auto inner = static_cast<std::size_t>((occupied >> (rankShift + 1)) & 63);
    const Bitboard rank = Bitboard{kRankAttacks[static_cast<std::size_t>(fileOf(s))][inner]}
                          << rankShift;
    const Bitboard file = fileMask(fileOf(s)) ^ bit(s);
    Bitboard up = occupied & file;
    Bitboard down = __builtin_bswap64(up);
    up -= bit(s);
    down -= __builtin_bswap64(bit(s));
    return rank | ((up ^ __builtin_bswap64(down)) & file);
}

// The sliders' lookups of random playouts' generator: rooks by lines,
// bishops by their magic table (42 kB, which stays in cache).
class LineSlidingAttacks {
  public:
    LineSlidingAttacks() : magic_(slidingAttacks()) {}

    Bitboard rook(Square s, Bitboard occupied) const { return rookAttacksByLines(s, occupied); }
    Bitboard bishop(Square s, Bitboard occupied) const { return magic_.bishop(s, occupied); }

  private:
    const SlidingAttacks& magic_;
};

}  // namespace arbiter::fide
