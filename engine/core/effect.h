#pragma once

#include <vector>

#include "engine/core/chess_set.h"
#include "engine/core/geometry.h"

namespace arbiter {

// What one action does to one cell, physically and logically.
struct CellChange {
    Cell cell = NoCell;
    Appearance before;
    Appearance after;
    // The logical piece changes (a capture), even where the look does not
    // (one set colour for every player, an occupancy board).
    bool pieceChanges = false;
    // Not part of what the mover does with their hands: a piece removed on the
    // far face of the Möbius strip, pieces cut off from their home planet. The
    // action is recognised without these, and the players are then told to
    // make them.
    bool consequence = false;
    bool operator==(const CellChange&) const = default;
};

// An action's effect: the few cells it changes, in ascending cell order. This
// is what the referee indexes by cell, so that judging a sensor event looks
// only at the actions that touch the cells that changed. An empty effect means
// the action cannot be shown on a board (a pass, a purchase, a design change):
// it is said through the control socket instead.
struct Effect {
    std::vector<CellChange> changes;

    bool empty() const { return changes.empty(); }
    const CellChange* find(Cell c) const {
        for (const CellChange& ch : changes) {
            if (ch.cell == c) return &ch;
        }
        return nullptr;
    }
};

}  // namespace arbiter
