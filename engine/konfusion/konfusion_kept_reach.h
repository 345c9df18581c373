#pragma once

#include <array>
#include <cstdint>

#include "engine/konfusion/konfusion.h"

namespace arbiter::konfusion {

// Each piece's destinations, kept from one step of a random playout to the
// next: a move changes two squares (three seats' turns may pass before a
// piece's owner moves again), and only a piece whose walks looked at one of
// them is walked again. It lives in the playout's loop rather than in the
// state, so that perft, which copies a state per turn, does not carry it.
//
// Kept for a square: what destinationsReading() gave for the piece on it,
// while no square it read has changed since. The state's pieces move only
// through `moved()` being told of every move.
class KeptReach {
  public:
    // A move from `from` to `to` (a capture is its end): the two squares it changed.
    void moved(Cell from, Cell to);
    // Brings every piece of `seat` in `state` up to date; the number of moves
    // they have, each piece's destinations counted once.
    int refresh(const KonfusionState& state, PlayerId seat);
    // After refresh(seat), for a piece of that seat.
    CellSet reachOf(Cell c) const { return reach_[static_cast<size_t>(c)]; }
    int countOf(Cell c) const { return count_[static_cast<size_t>(c)]; }
    // The move at `index` among those of the pieces on `pieces` (all of one
    // seat, refreshed), taken piece by piece in cell order and each piece's
    // destinations in cell order: listActions()'s order.
    struct Move {
        Cell from, to;
    };
    Move nth(CellSet pieces, uint64_t index) const;

  private:
    std::array<CellSet, kCells> reach_{};
    std::array<CellSet, kCells> read_{};  // the squares reach_ was decided by
    std::array<uint8_t, kCells> count_{};
    // Per square, whether its piece's reach_ was worked out since it arrived.
    std::array<bool, kCells> kept_{};
    // Per seat, the squares changed since its last refresh.
    std::array<CellSet, 4> pending_{};
};

}  // namespace arbiter::konfusion
