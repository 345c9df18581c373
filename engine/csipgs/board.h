#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "engine/core/geometry.h"
#include "engine/core/piece.h"

namespace arbiter::csipgs {

// A set of squares of the 8x8 board, one bit per cell: a1 is bit 0, b1 bit 1,
// h8 bit 63, as Geometry::rectangle(8, 8) numbers the cells.
using Squareset = uint64_t;

inline constexpr Squareset bit(Cell c) {
    return Squareset{1} << c;
}

// The lowest square of a non-empty set, and the set without it.
inline Cell lowest(Squareset s) {
    assert(s);
    return std::countr_zero(s);
}
inline Cell popLowest(Squareset& s) {
    const Cell c = lowest(s);
    s &= s - 1;
    return c;
}

// The pieces on the board, kept twice: per square (owner and kind id) for
// the notation and the rules that ask about one square, and as sets per player
// and of royal pieces for move generation, which asks about many at once.
// Every change goes through put(), clear() and move() so the two agree.
struct Board {
    std::array<int8_t, 64> owner;  // NoPlayer, 0 or 1
    std::array<int8_t, 64> kind;   // kind id, or -1
    std::array<Squareset, 2> pieces{};
    Squareset royal = 0;  // both players' royal pieces

    Board() {
        owner.fill(static_cast<int8_t>(NoPlayer));
        kind.fill(-1);
    }

    Squareset occupied() const { return pieces[0] | pieces[1]; }
    int kindAt(Cell c) const { return kind[static_cast<size_t>(c)]; }
    PlayerId ownerAt(Cell c) const { return owner[static_cast<size_t>(c)]; }

    void put(Cell c, PlayerId p, int kindId, bool isRoyal) {
        clear(c);
        owner[static_cast<size_t>(c)] = static_cast<int8_t>(p);
        kind[static_cast<size_t>(c)] = static_cast<int8_t>(kindId);
        pieces[static_cast<size_t>(p)] |= bit(c);
        if (isRoyal) royal |= bit(c);
    }
    void clear(Cell c) {
        const PlayerId p = ownerAt(c);
        if (p != NoPlayer) pieces[static_cast<size_t>(p)] &= ~bit(c);
        royal &= ~bit(c);
        owner[static_cast<size_t>(c)] = static_cast<int8_t>(NoPlayer);
        kind[static_cast<size_t>(c)] = -1;
    }
    // The piece on `from` goes to `to`, taking whatever stands there.
    void move(Cell from, Cell to) {
        const PlayerId p = ownerAt(from);
        const int k = kindAt(from);
        const bool isRoyal = royal & bit(from);
        clear(from);
        put(to, p, k, isRoyal);
    }
};

}  // namespace arbiter::csipgs
