#pragma once

#include <optional>
#include <vector>

#include "engine/core/chess_set.h"
#include "engine/core/geometry.h"
#include "engine/core/piece.h"

namespace arbiter {

// What one player may know of a game in progress, cell by cell. In most games
// that is everything; in a game of hidden information (moderated csipgs Chess)
// a player sees only some cells, and only the pieces standing on those. The
// vectors are indexed like the game's Geometry (cells) and seats (players), so
// that two views of one player, before and after an action, can be compared to
// tell them what appeared and disappeared. A cell not visible says nothing:
// its piece and look are unknown, not empty.
struct View {
    PlayerId player = NoPlayer;
    std::vector<bool> visible;                 // per cell
    std::vector<std::optional<Piece>> pieces;  // per cell; set only on visible cells
    // Per cell: what the player's own board must show there; nothing on
    // cells the player does not see.
    std::vector<Appearance> looks;
    // Per cell: known to the player to be impassable (seen once, remembered).
    std::vector<bool> impassable;
    // Per player: whether this player knows their resources (treasury,
    // reserve, designs); always true for themselves.
    std::vector<bool> resourcesSeen;

    bool sees(Cell c) const {
        return c >= 0 && c < static_cast<Cell>(visible.size()) && visible[static_cast<size_t>(c)];
    }
    bool knowsImpassable(Cell c) const {
        return c >= 0 && c < static_cast<Cell>(impassable.size()) &&
               impassable[static_cast<size_t>(c)];
    }
    bool seesResourcesOf(PlayerId q) const {
        return q >= 0 && q < static_cast<PlayerId>(resourcesSeen.size()) &&
               resourcesSeen[static_cast<size_t>(q)];
    }
    bool operator==(const View&) const = default;
};

}  // namespace arbiter
