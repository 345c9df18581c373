#pragma once

#include <cstdint>

#include "engine/core/geometry.h"

namespace arbiter {

// One thing a player does on their turn, as a plain value.
//
// An action names only the player's decision; what it does to the cells (a
// capture, a castling rook, Colonization's eight colonies replaced by a station,
// pieces cut off and removed) follows from applying it, so the referee learns
// an action's physical effect by projection and no game needs move-detection
// code. Kinds:
// - Move:   a piece goes from `from` to `to`; `piece` >= 0 names what it becomes
//           (a promotion), else it stays what it is.
// - Place:  a piece of kind `piece` appears on `to` (a drop, a transfer from reserve).
// - Remove: the piece on `from` leaves the board.
// - Pass:   no cell is involved (abstain, end of turn).
// - Choice: a game's own decision without a cell or with one (buy design `arg`,
//           produce, activate a Weapon); `arg` and the cells mean what the game says.
// - Join:   a late arrival takes the next seat, at the end of the rotation.
// - Leave:  player `arg` leaves the game for good.
// Join and Leave change who plays rather than the position; they are said at the
// table (never shown on a board) and may come at any time, whoever's turn it is,
// in the games that allow them (GameState::rosterActions).
struct Action {
    enum class Kind : uint8_t { Move, Place, Remove, Pass, Choice, Join, Leave };

    Kind kind = Kind::Pass;
    Cell from = NoCell;
    Cell to = NoCell;
    int piece = -1;
    int arg = 0;

    static Action move(Cell from, Cell to, int becomes = -1) {
        return {Kind::Move, from, to, becomes, 0};
    }
    static Action place(int piece, Cell to) { return {Kind::Place, NoCell, to, piece, 0}; }
    static Action remove(Cell from) { return {Kind::Remove, from, NoCell, -1, 0}; }
    static Action pass() { return {}; }
    static Action choice(int arg, Cell at = NoCell) { return {Kind::Choice, NoCell, at, -1, arg}; }
    static Action join() { return {Kind::Join, NoCell, NoCell, -1, 0}; }
    static Action leave(int player) { return {Kind::Leave, NoCell, NoCell, -1, player}; }
    bool changesRoster() const { return kind == Kind::Join || kind == Kind::Leave; }

    bool operator==(const Action&) const = default;
};

}  // namespace arbiter
