#pragma once

#include <map>
#include <optional>
#include <vector>

#include "daemon/announce/cell_fix.h"
#include "daemon/referee/surface.h"
#include "engine/core/game.h"

namespace arbiter {

// Which physical piece is which of the game's pieces, on boards that read each
// piece's tag (a Certabo's RFID chip). Where stand-ins look alike (Skirmish's
// pawns of four players, two Colonization societies of one colour, csipgs
// designs sharing a figure) the look alone cannot tell a capture that left the
// captured piece standing, or two pieces exchanged, from the real thing; the
// tags can.
//
// It is learnt from history, not from a calibration: each time the surface
// shows the game as agreed, every tag seen becomes the piece the state has on
// its cell. A later surface is then checked against the state it is taken to
// show: each tag must stand for the piece the state has where it stands now,
// unless what the actions did explains the difference (a piece that changes
// as it moves: a Martian piece crossing the canal, a pawn promoted). Tags
// never seen are new pieces, and a board without tags is judged by history alone.
class PieceIdentities {
  public:
    // The surface shows `state` as agreed: each tag on it is, from now on, the
    // piece the state has on its cell.
    void learn(const GameState& state, const Surface& surface);
    // Nothing known any more: a new game, or one taken back to its start.
    void forget();
    bool learnt() const { return !homes_.empty(); }

    // The cells whose piece looks as `state` wants but is, by its tag, another
    // of the game's pieces than `state` has there, each with where the right
    // piece is (CellFix::rightPiece). Empty when all agree or nothing is learnt.
    std::vector<CellFix> misplaced(const GameState& state, const Surface& surface) const;

  private:
    // Whether the tag on `c`, learnt on `home`, may stand for `state`'s piece
    // there: the same piece, or one the actions since changed where it stood.
    bool fits(const GameState& state, Cell c, Cell home) const;
    // Where the piece `state` wants on `c` is: on the surface now, or where
    // it stood when learnt; nullopt when no tag learnt stands for it.
    std::optional<CellFix::RightPiece> rightPieceFor(const GameState& state, const Surface& surface,
                                                     Cell c) const;

    std::vector<std::optional<Piece>> pieces_;  // per cell: the learnt state's piece
    std::map<PieceTag, Cell> homes_;            // per tag seen then: its cell
};

}  // namespace arbiter
