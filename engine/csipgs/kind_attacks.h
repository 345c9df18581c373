#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/csipgs/board.h"
#include "engine/csipgs/design.h"

namespace arbiter::csipgs {

// The sixteen directions a csipgs rider can take: the rook's four, the
// bishop's four and the knightrider's eight. Every ride of every design is a
// repeat of one of them (Design::steps() gives rides as unit vectors).
inline constexpr int kRideDirections = 16;
struct RideDirection {
    int df = 0;
    int dr = 0;
};
inline constexpr std::array<RideDirection, kRideDirections> kRideDirection = {{
    {0, 1},
    {0, -1},
    {1, 0},
    {-1, 0},  // R
    {1, 1},
    {-1, 1},
    {1, -1},
    {-1, -1},  // B
    {1, 2},
    {-1, 2},
    {1, -2},
    {-1, -2},
    {2, 1},
    {-2, 1},
    {2, -1},
    {-2, -1}  // NN
}};
// The index of (df, dr) in kRideDirection, or -1.
int rideDirectionOf(int df, int dr);

// Per direction and square, the squares a ride from it crosses on an empty
// board, the square itself left out. Constant, worked out at compile time.
using RayTable = std::array<std::array<Squareset, 64>, kRideDirections>;
constexpr RayTable makeRays() {
    RayTable rays{};
    for (size_t d = 0; d < kRideDirection.size(); ++d) {
        const RideDirection step = kRideDirection[d];
        for (int from = 0; from < 64; ++from) {
            Squareset ray = 0;
            for (int f = from % 8 + step.df, r = from / 8 + step.dr;
                 f >= 0 && f < 8 && r >= 0 && r < 8; f += step.df, r += step.dr)
                ray |= bit(r * 8 + f);
            rays[d][static_cast<size_t>(from)] = ray;
        }
    }
    return rays;
}
inline constexpr RayTable kRays = makeRays();

inline Squareset ray(int direction, Cell from) {
    return kRays[static_cast<size_t>(direction)][static_cast<size_t>(from)];
}

// The squares strictly between `from` and `to`, which lies on the ray from
// `from` in `direction`.
inline Squareset between(int direction, Cell from, Cell to) {
    return ray(direction, from) & ~ray(direction, to) & ~bit(to);
}

// The squares a ride from `from` reaches with `blockers` in the way: every
// square up to and including the first blocker. Along one direction the
// squares' numbers all grow or all shrink, so the first blocker is the lowest
// or the highest one on the ray, and what lies beyond it is its own ray.
inline Squareset ride(int direction, Cell from, Squareset blockers) {
    const Squareset whole = ray(direction, from);
    const Squareset inTheWay = whole & blockers;
    if (!inTheWay) return whole;
    const RideDirection& d = kRideDirection[static_cast<size_t>(direction)];
    const bool upwards = d.dr * 8 + d.df > 0;
    const Cell first = upwards ? std::countr_zero(inTheWay) : 63 - std::countl_zero(inTheWay);
    return whole ^ ray(direction, first);
}

// What one kind of piece reaches, as tables over the squares, for each player
// (Black's mirror the ranks): the leaps it may move and capture with, and the
// directions it may ride in to move and to capture. Impassable squares are
// left out of the leaps, so a table belongs to one table's rules.
struct KindAttacks {
    std::array<std::array<Squareset, 64>, 2> leapMove{};
    std::array<std::array<Squareset, 64>, 2> leapCapture{};
    std::array<uint16_t, 2> rideMove{};     // bit d: may ride along kRideDirection[d]
    std::array<uint16_t, 2> rideCapture{};  // to move, to capture

    static KindAttacks of(const std::vector<Step>& steps, Squareset impassable);

    // The squares a piece of this kind, owned by p, attacks from `from`: where
    // it could capture if an enemy stood there. Blockers include the impassable
    // squares, which it never reaches.
    Squareset captures(PlayerId p, Cell from, Squareset blockers, Squareset impassable) const {
        const size_t side = static_cast<size_t>(p);
        Squareset reach = leapCapture[side][static_cast<size_t>(from)];
        for (uint16_t dirs = rideCapture[side]; dirs; dirs &= static_cast<uint16_t>(dirs - 1))
            reach |= ride(std::countr_zero(dirs), from, blockers) & ~impassable;
        return reach;
    }

    // Where a piece of this kind owned by p may go from `from`: the empty
    // squares it may move to and the squares of `enemies` it may capture on.
    Squareset targets(PlayerId p, Cell from, Squareset blockers, Squareset enemies,
                      Squareset impassable) const {
        const size_t side = static_cast<size_t>(p);
        const Squareset empty = ~blockers;
        Squareset reach = (leapMove[side][static_cast<size_t>(from)] & empty) |
                          (leapCapture[side][static_cast<size_t>(from)] & enemies);
        const uint16_t moves = rideMove[side], takes = rideCapture[side];
        for (uint16_t dirs = moves | takes; dirs; dirs &= static_cast<uint16_t>(dirs - 1)) {
            const int d = std::countr_zero(dirs);
            const Squareset line = ride(d, from, blockers);
            if (moves & (1u << d)) reach |= line & empty;
            if (takes & (1u << d)) reach |= line & enemies & ~impassable;
        }
        return reach;
    }
};

}  // namespace arbiter::csipgs
