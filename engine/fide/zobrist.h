#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/fide/bitboard.h"

namespace arbiter::fide {

// Random 64-bit keys whose XOR identifies a position for repetition detection.
//
// Why: comparing whole positions for threefold and fivefold repetition would
// cost a copy per ply; a key per position is enough, since a false match needs
// a 64-bit collision. The keys come from splitmix64 with a fixed seed at compile
// time, so they are the same in every build and on every run.
struct ZobristKeys {
    std::array<std::array<std::array<uint64_t, 64>, kPieceTypeCount>, 2> piece{};
    std::array<uint64_t, 16> castling{};  // indexed by the castling-rights bit set
    std::array<uint64_t, 8> enPassantFile{};
    uint64_t blackToMove = 0;
};

namespace detail {

constexpr uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

constexpr ZobristKeys makeZobristKeys() {
    ZobristKeys keys;
    uint64_t state = 0x0A4B17E4C4E55ULL;  // fixed seed: "arbiter chess"
    for (auto& colour : keys.piece)
        for (auto& type : colour)
            for (auto& key : type) key = splitmix64(state);
    // Rights combine by XOR of one key per right, so that the key of a set is
    // the XOR of its members and empty rights add nothing.
    std::array<uint64_t, 4> perRight{};
    for (auto& key : perRight) key = splitmix64(state);
    for (std::size_t rights = 0; rights < 16; ++rights)
        for (std::size_t r = 0; r < 4; ++r)
            if (rights & (std::size_t{1} << r)) keys.castling[rights] ^= perRight[r];
    for (auto& key : keys.enPassantFile) key = splitmix64(state);
    keys.blackToMove = splitmix64(state);
    return keys;
}

}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::makeZobristKeys();

}  // namespace arbiter::fide
