#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "daemon/base/time_source.h"
#include "drivers/board_listener.h"
#include "engine/core/geometry.h"

namespace arbiter {

// Where one 8x8 board lies on the game's cells: turned by `rotation` degrees
// counter-clockwise (0, 90, 180, 270), with the lower-left corner of its 8x8 (its
// own a1 when not turned) at cell (originFile, originRank). The origin may lie
// off the surface, even below a1 (negative), when only part of the board is in
// use. Only the `used` squares (board numbering, 0 = a8) belong to the game;
// the rest of the board is ignored.
struct BoardPlacement {
    std::string name;
    int originFile = 0;
    int originRank = 0;
    int rotation = 0;
    Sensing sensing = Sensing::ColourAndKind;
    std::bitset<64> used = std::bitset<64>().set();

    // Where a board square (0 = a8), used or not, lies in the game's
    // coordinates: (file, rank), before any wrapping of a ring, perhaps off the surface.
    std::pair<int, int> coordinatesOf(int square) const;
};

// What the surface knows of one cell: nothing (no board covers it, or its board
// is away), or what stands there.
struct SensedCell {
    bool known = false;
    Appearance content;
    bool operator==(const SensedCell&) const = default;
};

// The stitched physical view of all boards, in the game's cells. Drivers report
// in their board's own square numbers; only the surface knows how those map to
// cells, so turning a board round is one number here and nothing anywhere else.
//
// It also keeps a short history of which cells changed, so that a reader that
// compares the cells with something (the referee, with the current state) can
// keep up in time proportional to the changes rather than to the surface.
class Surface {
  public:
    Surface(Geometry geometry, std::vector<BoardPlacement> boards);

    const Geometry& geometry() const { return geometry_; }

    void boardDump(int board, const BoardSquares& squares, Millis now);
    void squareChanged(int board, int square, Appearance content, Millis now);
    // The tag of each square's piece, from a board that reads them (a
    // Certabo): a cell whose tag changes was touched, even where it looks
    // the same (a piece exchanged for a look-alike).
    void boardTags(int board, const SquareTags& tags, Millis now);
    // The board went away: its cells become unknown until its next dump.
    void boardLost(int board, Millis now);
    void setRotation(int board, int rotation);
    // What the board can tell, once known (a board found by probing).
    void setSensing(int board, Sensing sensing);

    std::vector<SensedCell> cells() const { return cells_; }
    const SensedCell& cell(Cell c) const { return cells_[static_cast<size_t>(c)]; }
    Sensing sensing(Cell c) const { return sensing_[static_cast<size_t>(c)]; }
    // The tag of the piece on the cell, where its board reads tags; 0 where
    // it does not, the cell is empty or cannot be seen.
    PieceTag tag(Cell c) const { return tags_[static_cast<size_t>(c)]; }
    // Whether any board of the surface has told the tags of its pieces.
    bool readsTags() const { return readsTags_; }
    // Whether the cell was seen to change since markStill(). Boards that cannot
    // tell pieces apart show a capture only as the captured piece being lifted:
    // the referee accepts that a cell's piece changed hands only if it was touched.
    bool touched(Cell c) const { return firstTouch_[static_cast<size_t>(c)] != kUntouched; }
    // When the cell was first touched since markStill(), as a count of touches
    // (touchCount() then), or kUntouched: the order in which the hands reached
    // the cells, which tells apart move orders that end in the same position.
    static constexpr uint64_t kUntouched = UINT64_MAX;
    uint64_t firstTouch(Cell c) const { return firstTouch_[static_cast<size_t>(c)]; }
    uint64_t touchCount() const { return touches_; }
    // The surface shows an agreed position: what was touched before no longer counts.
    void markStill();
    // The surface showed an agreed position when touchCount() was `mark`: only
    // the touches since then still count (the next move, begun before the one
    // before it was agreed on).
    void markStillAt(uint64_t mark);
    // Whether every cell of the game can be seen. O(1): a count is kept.
    bool allKnown() const { return unknown_ == 0; }
    // When anything on any board last changed: the surface is still once this is long enough ago.
    Millis lastChange() const { return lastChange_; }

    // The cell a board square lies on under a placement, or NoCell.
    static Cell cellOf(const Geometry& g, const BoardPlacement& p, int square);
    const BoardPlacement& placement(int board) const { return boards_[static_cast<size_t>(board)]; }
    int boardCount() const { return static_cast<int>(boards_.size()); }

    // A point in the history of changes: what a reader has caught up with.
    uint64_t changeStamp() const { return logStart_ + log_.size(); }
    // The cells whose content, visibility or sensing changed since `stamp`, in
    // order and perhaps repeated; nullopt when that is further back than the
    // history reaches, and then the reader must look at every cell again.
    std::optional<std::span<const Cell>> changesSince(uint64_t stamp) const;

  private:
    void remap();
    void logChange(Cell c);
    void touch(Cell c);

    Geometry geometry_;
    std::vector<BoardPlacement> boards_;
    std::vector<BoardSquares> squares_;  // per board, in its own numbering
    std::vector<SquareTags> boardTags_;  // per board, in its own numbering: all 0 without tags
    std::vector<bool> present_;          // per board: has it sent a dump since it (re)appeared?
    std::vector<SensedCell> cells_;
    std::vector<int> cellBoard_;    // per cell: which board covers it, or -1
    std::vector<Sensing> sensing_;  // per cell: what its board senses
    std::vector<PieceTag> tags_;    // per cell: tag()
    bool readsTags_ = false;
    std::vector<uint64_t> firstTouch_;  // per cell: firstTouch()
    std::vector<uint64_t> lastTouch_;   // per cell: its latest touch, or kUntouched
    uint64_t touches_ = 0;
    int unknown_ = 0;               // cells of the game that cannot be seen
    Millis lastChange_ = 0;
    // The cells that changed, oldest first; log_[0] was change number logStart_.
    // Trimmed from the front now and then so that it stays short.
    std::vector<Cell> log_;
    uint64_t logStart_ = 0;
};

}  // namespace arbiter
