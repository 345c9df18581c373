#include "daemon/referee/surface.h"

#include <algorithm>
#include <cassert>

namespace arbiter {

Surface::Surface(Geometry geometry, std::vector<BoardPlacement> boards)
    : geometry_(std::move(geometry)),
      boards_(std::move(boards)),
      squares_(boards_.size()),
      boardTags_(boards_.size(), SquareTags{}),
      present_(boards_.size(), false),
      cells_(static_cast<size_t>(geometry_.size())),
      cellBoard_(static_cast<size_t>(geometry_.size()), -1),
      sensing_(static_cast<size_t>(geometry_.size()), Sensing::ColourAndKind),
      tags_(static_cast<size_t>(geometry_.size()), 0),
      firstTouch_(static_cast<size_t>(geometry_.size()), kUntouched),
      lastTouch_(static_cast<size_t>(geometry_.size()), kUntouched) {
    remap();
}

std::pair<int, int> BoardPlacement::coordinatesOf(int square) const {
    // The board's own coordinates: square 0 is a8, so file = s % 8, rank = 7 - s / 8.
    int f = square % 8, r = 7 - square / 8;
    int rf = f, rr = r;
    switch (rotation) {
        case 90:
            rf = 7 - r;
            rr = f;
            break;
        case 180:
            rf = 7 - f;
            rr = 7 - r;
            break;
        case 270:
            rf = r;
            rr = 7 - f;
            break;
        default:
            break;
    }
    return {originFile + rf, originRank + rr};
}

Cell Surface::cellOf(const Geometry& g, const BoardPlacement& p, int square) {
    if (!p.used.test(static_cast<size_t>(square))) return NoCell;
    auto [file, rank] = p.coordinatesOf(square);
    return g.cell(file, rank);  // NoCell off the surface, on either side
}

void Surface::remap() {
    std::vector<SensedCell> before = cells_;
    std::vector<Sensing> sensedBefore = sensing_;
    std::vector<PieceTag> tagsBefore = tags_;
    std::fill(cellBoard_.begin(), cellBoard_.end(), -1);
    std::fill(cells_.begin(), cells_.end(), SensedCell{});
    std::fill(sensing_.begin(), sensing_.end(), Sensing::ColourAndKind);
    std::fill(tags_.begin(), tags_.end(), 0);
    for (size_t b = 0; b < boards_.size(); ++b) {
        for (int s = 0; s < 64; ++s) {
            Cell c = cellOf(geometry_, boards_[b], s);
            if (c == NoCell) continue;
            cellBoard_[static_cast<size_t>(c)] = static_cast<int>(b);
            sensing_[static_cast<size_t>(c)] = boards_[b].sensing;
            cells_[static_cast<size_t>(c)] = {present_[b], squares_[b][static_cast<size_t>(s)]};
            if (present_[b]) tags_[static_cast<size_t>(c)] = boardTags_[b][static_cast<size_t>(s)];
        }
    }
    unknown_ = 0;
    for (Cell c = 0; c < geometry_.size(); ++c) {
        size_t i = static_cast<size_t>(c);
        if (geometry_.contains(c) && !cells_[i].known) ++unknown_;
        // A board back from absence, or a whole new dump: whatever differs may have been handled.
        const bool otherPiece = cells_[i] != before[i] || tags_[i] != tagsBefore[i];
        if (otherPiece) touch(c);
        if (otherPiece || sensing_[i] != sensedBefore[i]) logChange(c);
    }
}

void Surface::logChange(Cell c) {
    // Readers are at most a few events behind; one that is further behind than
    // the history reaches reads every cell instead, which is always right.
    size_t keep = 4 * static_cast<size_t>(geometry_.size()) + 64;
    if (log_.size() >= 2 * keep) {
        size_t drop = log_.size() - keep;
        log_.erase(log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(drop));
        logStart_ += drop;
    }
    log_.push_back(c);
}

std::optional<std::span<const Cell>> Surface::changesSince(uint64_t stamp) const {
    assert(stamp <= changeStamp());
    if (stamp < logStart_) return std::nullopt;
    return std::span<const Cell>(log_).subspan(static_cast<size_t>(stamp - logStart_));
}

void Surface::touch(Cell c) {
    uint64_t& first = firstTouch_[static_cast<size_t>(c)];
    if (first == kUntouched) first = touches_;
    lastTouch_[static_cast<size_t>(c)] = touches_++;
}

void Surface::markStill() {
    std::fill(firstTouch_.begin(), firstTouch_.end(), kUntouched);
    std::fill(lastTouch_.begin(), lastTouch_.end(), kUntouched);
}

void Surface::markStillAt(uint64_t mark) {
    // A cell touched both before and after: its touch since then is taken to
    // be its latest, which keeps it in order behind the cells touched in between.
    for (size_t i = 0; i < firstTouch_.size(); ++i) {
        if (firstTouch_[i] >= mark) continue;
        if (lastTouch_[i] == kUntouched || lastTouch_[i] < mark) {
            firstTouch_[i] = lastTouch_[i] = kUntouched;
        } else {
            firstTouch_[i] = lastTouch_[i];
        }
    }
}

void Surface::boardDump(int board, const BoardSquares& squares, Millis now) {
    assert(board >= 0 && board < boardCount());
    squares_[static_cast<size_t>(board)] = squares;
    present_[static_cast<size_t>(board)] = true;
    lastChange_ = now;
    remap();
}

void Surface::squareChanged(int board, int square, Appearance content, Millis now) {
    assert(board >= 0 && board < boardCount() && square >= 0 && square < 64);
    squares_[static_cast<size_t>(board)][static_cast<size_t>(square)] = content;
    lastChange_ = now;
    if (!present_[static_cast<size_t>(board)]) return;  // judged only after a full dump
    Cell c = cellOf(geometry_, boards_[static_cast<size_t>(board)], square);
    if (c == NoCell) return;
    SensedCell& cell = cells_[static_cast<size_t>(c)];
    // A report is a hand at the square even when it reads the same: a queen
    // taken by a queen in Martian Chess, where any colour reads alike.
    touch(c);
    if (cell.content == content) return;
    cell.content = content;
    logChange(c);
}

void Surface::boardTags(int board, const SquareTags& tags, Millis now) {
    assert(board >= 0 && board < boardCount());
    boardTags_[static_cast<size_t>(board)] = tags;
    readsTags_ = true;
    lastChange_ = now;
    if (!present_[static_cast<size_t>(board)]) return;  // judged only after a full dump
    for (int s = 0; s < 64; ++s) {
        Cell c = cellOf(geometry_, boards_[static_cast<size_t>(board)], s);
        if (c == NoCell) continue;
        PieceTag& tag = tags_[static_cast<size_t>(c)];
        if (tag == tags[static_cast<size_t>(s)]) continue;
        // Another piece, though perhaps one that looks the same: a hand was there.
        tag = tags[static_cast<size_t>(s)];
        touch(c);
        logChange(c);
    }
}

void Surface::boardLost(int board, Millis now) {
    present_[static_cast<size_t>(board)] = false;
    boardTags_[static_cast<size_t>(board)] = {};
    lastChange_ = now;
    remap();
}

void Surface::setSensing(int board, Sensing sensing) {
    boards_[static_cast<size_t>(board)].sensing = sensing;
    remap();
}

void Surface::setRotation(int board, int rotation) {
    boards_[static_cast<size_t>(board)].rotation = rotation;
    remap();
}

}  // namespace arbiter
