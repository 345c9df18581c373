#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// A cell of a game: an index into the game's Geometry, 0 .. Geometry::size()-1.
using Cell = int;
inline constexpr Cell NoCell = -1;

// The cells of a game and how they are connected.
//
// Every seed game fits one shape: a rectangle of `files` x `ranks` cells, where
// some cells may be holes (a surface of boards laid out in an L, squares a layout
// leaves unused), and where the ranks may wrap round (the Möbius strip of
// Möbiatus is modelled as a 5 x 60 ring). Several boards side by side are one
// larger rectangle: the engine never knows about boards, only about cells.
// Files are named a..z, then aa, ab, ...; ranks are numbered from 1, so cell
// names read like chess squares on any size ("j10" on Konfusion's 10x10).
class Geometry {
  public:
    static Geometry rectangle(int files, int ranks);
    // Ranks wrap: rank `ranks` is followed by rank 0 again. Files never wrap.
    static Geometry ring(int files, int ranks);
    // No cells at all: a game played without boards (Power Coinz).
    static Geometry none();

    // Marks a cell as absent. Absent cells are never stepped onto.
    void removeCell(Cell c);

    int files() const { return files_; }
    int ranks() const { return ranks_; }
    int size() const { return files_ * ranks_; }
    bool wrapsRanks() const { return wraps_; }

    bool contains(Cell c) const {
        return c >= 0 && c < size() && (!absent_ || !(*absent_)[static_cast<size_t>(c)]);
    }
    // NoCell when off the geometry or a hole.
    Cell cell(int file, int rank) const {
        if (size() == 0) return NoCell;
        if (wraps_) rank = ((rank % ranks_) + ranks_) % ranks_;
        if (file < 0 || file >= files_ || rank < 0 || rank >= ranks_) return NoCell;
        Cell c = rank * files_ + file;
        return contains(c) ? c : NoCell;
    }
    int file(Cell c) const { return c % files_; }
    int rank(Cell c) const { return c / files_; }
    // The cell reached by moving dFile files and dRank ranks, or NoCell.
    Cell step(Cell from, int dFile, int dRank) const {
        if (!contains(from)) return NoCell;
        return cell(file(from) + dFile, rank(from) + dRank);
    }

    std::string name(Cell c) const;
    std::optional<Cell> parse(std::string_view name) const;

    bool operator==(const Geometry& other) const;

  private:
    Geometry(int files, int ranks, bool wraps);
    int files_;
    int ranks_;
    bool wraps_;
    // Shared between copies and copied only when a cell is removed, since
    // every game state holds its geometry and perft clones states by the
    // million; null while no cell is absent.
    std::shared_ptr<const std::vector<bool>> absent_;
};

}  // namespace arbiter
