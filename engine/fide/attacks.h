#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "engine/fide/bitboard.h"

namespace arbiter::fide {

namespace detail {

// Squares a piece on `s` reaches by repeating one (file, rank) step, stopping at
// the first occupied square (included). Slow; used only to build tables.
constexpr Bitboard rayAttacks(Square s, int dFile, int dRank, Bitboard occupied) {
    Bitboard result = 0;
    int f = fileOf(s) + dFile;
    int r = rankOf(s) + dRank;
    while (onBoard(f, r)) {
        Square t = makeSquare(f, r);
        result |= bit(t);
        if (occupied & bit(t)) break;
        f += dFile;
        r += dRank;
    }
    return result;
}

constexpr Bitboard slowRookAttacks(Square s, Bitboard occupied) {
    return rayAttacks(s, 1, 0, occupied) | rayAttacks(s, -1, 0, occupied) |
           rayAttacks(s, 0, 1, occupied) | rayAttacks(s, 0, -1, occupied);
}

constexpr Bitboard slowBishopAttacks(Square s, Bitboard occupied) {
    return rayAttacks(s, 1, 1, occupied) | rayAttacks(s, -1, 1, occupied) |
           rayAttacks(s, 1, -1, occupied) | rayAttacks(s, -1, -1, occupied);
}

template <std::size_t N>
constexpr std::array<Bitboard, 64> leaperTable(const int (&steps)[N][2]) {
    std::array<Bitboard, 64> table{};
    for (Square s = 0; s < 64; ++s) {
        for (const auto& step : steps) {
            int f = fileOf(s) + step[0];
            int r = rankOf(s) + step[1];
            if (onBoard(f, r)) table[static_cast<std::size_t>(s)] |= bit(makeSquare(f, r));
        }
    }
    return table;
}

inline constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
inline constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
inline constexpr int kWhitePawnCaptures[2][2] = {{-1, 1}, {1, 1}};
inline constexpr int kBlackPawnCaptures[2][2] = {{-1, -1}, {1, -1}};

// The unit step from a towards b when they share a rank, file or diagonal.
constexpr bool alignedStep(Square a, Square b, int& dFile, int& dRank) {
    int df = fileOf(b) - fileOf(a);
    int dr = rankOf(b) - rankOf(a);
    if (a == b) return false;
    if (df != 0 && dr != 0 && df != dr && df != -dr) return false;
    dFile = (df > 0) - (df < 0);
    dRank = (dr > 0) - (dr < 0);
    return true;
}

// A bitboard per ordered pair of squares (between, line).
using SquarePairTable = std::array<std::array<Bitboard, 64>, 64>;

constexpr SquarePairTable betweenTable() {
    SquarePairTable table{};
    for (Square a = 0; a < 64; ++a) {
        for (Square b = 0; b < 64; ++b) {
            int df = 0, dr = 0;
            if (!alignedStep(a, b, df, dr)) continue;
            table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                rayAttacks(a, df, dr, bit(b)) & ~bit(b);
        }
    }
    return table;
}

constexpr SquarePairTable lineTable() {
    SquarePairTable table{};
    for (Square a = 0; a < 64; ++a) {
        for (Square b = 0; b < 64; ++b) {
            int df = 0, dr = 0;
            if (!alignedStep(a, b, df, dr)) continue;
            table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                rayAttacks(a, df, dr, 0) | rayAttacks(a, -df, -dr, 0) | bit(a);
        }
    }
    return table;
}

}  // namespace detail

// Where a leaper attacks from each square; built by the compiler.
inline constexpr std::array<Bitboard, 64> kKnightAttacks =
    detail::leaperTable(detail::kKnightSteps);
inline constexpr std::array<Bitboard, 64> kKingAttacks = detail::leaperTable(detail::kKingSteps);
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    detail::leaperTable(detail::kWhitePawnCaptures),
    detail::leaperTable(detail::kBlackPawnCaptures)};

// What a rook or bishop on each square reaches on an empty board: a slider
// off these lines cannot attack the square, whatever stands between.
inline constexpr std::array<Bitboard, 64> kRookRays = [] {
    std::array<Bitboard, 64> rays{};
    for (Square s = 0; s < 64; ++s)
        rays[static_cast<std::size_t>(s)] = detail::slowRookAttacks(s, 0);
    return rays;
}();
inline constexpr std::array<Bitboard, 64> kBishopRays = [] {
    std::array<Bitboard, 64> rays{};
    for (Square s = 0; s < 64; ++s)
        rays[static_cast<std::size_t>(s)] = detail::slowBishopAttacks(s, 0);
    return rays;
}();

// kBetween[a][b]: squares strictly between two aligned squares, else empty.
// kLine[a][b]: the whole rank, file or diagonal through both, else empty.
inline constexpr detail::SquarePairTable kBetween = detail::betweenTable();
inline constexpr detail::SquarePairTable kLine = detail::lineTable();

// Rook and bishop attacks for any occupancy by "magic" lookup: the relevant
// blockers are multiplied by a per-square factor so that their bits land,
// without destructive collisions, in the top bits of the product, which index a
// table of precomputed attack sets.
//
// Why: a slider lookup is the innermost operation of move generation. The
// factors come from a search driven by a fixed-seed generator, so the tables are
// identical on every run and no magic numbers are copied from anywhere; the
// search's results are recorded in attacks.cpp and only verified at start-up
// (a few milliseconds instead of a fifth of a second). Built once
// (slidingAttacks()), immutable afterwards.
class SlidingAttacks {
  public:
    SlidingAttacks();
    SlidingAttacks(const SlidingAttacks&) = delete;
    SlidingAttacks& operator=(const SlidingAttacks&) = delete;

    // The multiplier in use for each square, and the one the fixed-seed search
    // finds for it (each square has its own seed); they agree unless the
    // record in attacks.cpp is stale.
    Bitboard rookFactor(Square s) const { return rook_[static_cast<std::size_t>(s)].factor; }
    Bitboard bishopFactor(Square s) const { return bishop_[static_cast<std::size_t>(s)].factor; }
    static Bitboard searchFactor(Square s, bool rook);

    Bitboard rook(Square s, Bitboard occupied) const {
        return rook_[static_cast<std::size_t>(s)].lookup(occupied);
    }
    Bitboard bishop(Square s, Bitboard occupied) const {
        return bishop_[static_cast<std::size_t>(s)].lookup(occupied);
    }

  private:
    // One square's lookup: mask the blockers, multiply, keep the top bits.
    struct Magic {
        Bitboard mask = 0;    // squares whose occupancy matters (edges excluded)
        Bitboard factor = 0;  // the magic multiplier
        const Bitboard* attacks = nullptr;
        int shift = 64;
        Bitboard lookup(Bitboard occupied) const {
            return attacks[((occupied & mask) * factor) >> shift];
        }
    };

    std::vector<Bitboard> table_;
    std::array<Magic, 64> rook_{};
    std::array<Magic, 64> bishop_{};
};

inline const SlidingAttacks& slidingAttacks() {
    static const SlidingAttacks tables;
    return tables;
}

inline Bitboard rookAttacks(Square s, Bitboard occupied) {
    return slidingAttacks().rook(s, occupied);
}
inline Bitboard bishopAttacks(Square s, Bitboard occupied) {
    return slidingAttacks().bishop(s, occupied);
}
inline Bitboard queenAttacks(Square s, Bitboard occupied) {
    return rookAttacks(s, occupied) | bishopAttacks(s, occupied);
}

// Attacks of a non-pawn piece type on `s` for the given occupancy.
inline Bitboard pieceAttacks(PieceType type, Square s, Bitboard occupied) {
    switch (type) {
        case Knight:
            return kKnightAttacks[static_cast<std::size_t>(s)];
        case Bishop:
            return bishopAttacks(s, occupied);
        case Rook:
            return rookAttacks(s, occupied);
        case Queen:
            return queenAttacks(s, occupied);
        case King:
            return kKingAttacks[static_cast<std::size_t>(s)];
        default:
            assert(false && "pieceAttacks: pawns attack by colour");
            return 0;
    }
}

}  // namespace arbiter::fide
