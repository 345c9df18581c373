// The search for Möbiatus's chains, private to the module: the ring's steps,
// the groups of singularities a jump slides through, and the depth-first
// search of every chain the side to move may make. Listing, counting and
// deciding the game all run it, so it is written for speed: each group is
// flooded once per search, and no board is built while it runs.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "engine/mobiatus/mobiatus.h"

namespace arbiter {
namespace mobiatus {

// The knight's eight jumps (files, ranks), clockwise from two ranks up and
// one file right. The order is fixed: it decides which of two chains to one
// position is listed, and which target a slide is described from.
inline constexpr int kJumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

// The ring's steps, worked out at compile time: the chain search takes them
// for every jump it tries, and the division they take was much of its time.
struct RingSteps {
    std::array<std::array<Cell, 8>, kCells> jumps{};
    std::array<std::array<Cell, 4>, kCells> neighbours{};
    std::array<Cell, kCells> opposites{};
    constexpr RingSteps() {
        for (Cell c = 0; c < kCells; ++c) {
            const int x = c % kFiles, y = c / kFiles;
            for (size_t v = 0; v < 8; ++v) {
                const int tx = x + kJumps[v][0];
                const int ty = (y + kJumps[v][1] + kRanks) % kRanks;
                // Files never wrap: off the strip's edge.
                jumps[static_cast<size_t>(c)][v] =
                    tx < 0 || tx >= kFiles ? NoCell : ty * kFiles + tx;
            }
            neighbours[static_cast<size_t>(c)] = {
                x > 0 ? c - 1 : NoCell, x + 1 < kFiles ? c + 1 : NoCell,
                (y + 1) % kRanks * kFiles + x, (y + kRanks - 1) % kRanks * kFiles + x};
            opposites[static_cast<size_t>(c)] =
                (y + kRanks / 2) % kRanks * kFiles + (kFiles - 1 - x);
        }
    }
};
inline constexpr RingSteps kRingSteps;

inline Cell jumpTarget(Cell from, int jump) {
    return kRingSteps.jumps[static_cast<size_t>(from)][static_cast<size_t>(jump)];
}

inline const std::array<Cell, 4>& neighbours(Cell c) {
    return kRingSteps.neighbours[static_cast<size_t>(c)];
}

// opposite() without its division: the search asks it for every rest.
inline Cell behind(Cell c) {
    return kRingSteps.opposites[static_cast<size_t>(c)];
}

inline constexpr CellSet kNoCells{};

// The cells a dot of `mover` may come to rest on in `b`, slides and
// touched cells aside: no dot, no singularity, not behind its own dot.
CellSet freeCells(const Board& b, Side mover);

// One orthogonally connected group of singularities, the free cells beside
// it, where a slide through it may rest, and every cell it reaches: its own
// and all beside it.
struct Group {
    CellSet cells;
    CellSet rests;
    CellSet reach;
};

// The groups of one board that jumps land in, each flooded when first
// landed in and kept for every later jump into it: every dot's jumps share
// them, and so does every chain, mid-chain included.
//
// That holds because a chain changes nothing outside the cells it touched:
// what it makes singular (the cells it left, the dots it took and the
// cells behind both) it has touched, and every cell it touched is singular
// by the time it jumps on. A group of the board it jumps on is then either a
// group of the starting board reaching no touched cell (a slide through it
// goes as it would have from the start) or one that holds a touched cell,
// which the chain may not slide through. So mid-chain the groups of the
// starting board answer, a group being refused when it reaches a touched
// cell, and the starting board's free cells, less the touched ones, are
// the rests. The dot's own cell mid-chain is touched too, which keeps a
// slide from passing through it as RULINGS.md has it.
class Groups {
  public:
    Groups(const Board& b, Side mover) : singular_(b.singular), free_(freeCells(b, mover)) {}

    const CellSet& free() const { return free_; }

    // The group holding the singularity `t`.
    const Group& containing(Cell t) {
        assert(singular_.has(t));
        const auto cell = static_cast<size_t>(t);
        if (!flooded_.has(t)) {
            assert(known_ < groups_.size());
            label_[cell] = static_cast<uint8_t>(known_);
            // Assigned through the union's member, which begins its life.
            groups_[known_].group = Group();
            Group& g = groups_[known_++].group;
            flood(g, t);
        }
        return groups_[label_[cell]].group;
    }

  private:
    void flood(Group& g, Cell t) {
        const auto label = label_[static_cast<size_t>(t)];
        std::array<Cell, kCells> stack;  // no need to clear: only pushed cells are read
        size_t top = 0;
        g.cells.add(t);
        stack[top++] = t;
        while (top > 0) {
            const Cell c = stack[--top];
            label_[static_cast<size_t>(c)] = label;
            for (Cell n : neighbours(c)) {
                if (n == NoCell) continue;
                if (!singular_.has(n)) {
                    g.reach.add(n);
                    if (free_.has(n)) g.rests.add(n);
                } else if (!g.cells.has(n)) {
                    g.cells.add(n);
                    stack[top++] = n;
                }
            }
        }
        g.reach |= g.cells;
        flooded_ |= g.cells;
    }

    const CellSet& singular_;
    CellSet free_;
    CellSet flooded_;                    // the cells of the groups known
    std::array<uint8_t, kCells> label_;  // each flooded cell's group; others unread
    // A group's place, left as it is until the group is found: clearing the
    // places of all there could be cost a search more than its floods.
    union Place {
        Place() {}
        Group group;
    };
    // A checkerboard has the most groups, one cell each: half the ring.
    std::array<Place, kCells / 2> groups_;
    size_t known_ = 0;
};

// Each way one jump from `p` may go (forEachJump), without the cost of a
// std::function: `way(target, group, rest)` returns whether to go on, and
// whether it did is returned. `b` and `groups` are the board the chain
// started from, whose groups answer mid-chain too (Groups).
template <typename Way>
bool eachJump(const Board& b, Cell p, const CellSet& touched, Groups& groups, Way way) {
    for (int v = 0; v < 8; ++v) {
        const Cell t = jumpTarget(p, v);
        if (t == NoCell || touched.has(t)) continue;
        if (!b.singular.has(t)) {
            // A landing: no dot there, nor an own one behind it.
            if (groups.free().has(t) && !way(t, kNoCells, t)) return false;
            continue;
        }
        const Group& g = groups.containing(t);
        if (g.reach.meets(touched)) continue;
        bool goOn = true;
        for (size_t w = 0; w < g.rests.words.size() && goOn; ++w) {
            for (uint64_t rest = g.rests.words[w] & ~touched.words[w]; rest != 0 && goOn;
                 rest &= rest - 1)
                goOn = way(t, g.cells, static_cast<Cell>(w * 64) + CellSet::lowest(rest));
        }
        if (!goOn) return false;
    }
    return true;
}

// The depth-first search for every chain of the side to move, in the fixed
// order, on the board it starts from (Groups says why no board is built
// mid-chain); `visit(jumps, count)` hears each complete one and returns
// whether to go on.
template <typename Visit>
class ChainSearch {
  public:
    ChainSearch(const Board& board, Side mover, Visit& visit)
        : board_(board), mover_(mover), visit_(visit), groups_(board, mover) {}

    void run() {
        board_.dots[static_cast<size_t>(mover_)].each([&](Cell p) {
            if (!stopped_) from(p, kNoCells, 0);
        });
    }

    // Whether any complete chain goes on from the dot on `p`, the chain
    // having touched `touched`.
    bool from(Cell p, const CellSet& touched, int depth) {
        assert(depth <= kMaxDots);
        bool found = false;
        eachJump(board_, p, touched, groups_, [&](Cell t, const CellSet& group, Cell r) {
            found |= rest(p, t, group, r, touched, depth);
            return !stopped_;
        });
        return found;
    }

  private:
    // The dot from `p` rests on `r`; a capture must go on.
    bool rest(Cell p, Cell t, const CellSet& group, Cell r, const CellSet& touched, int depth) {
        const Cell taken = behind(r);
        if (!board_.dots[static_cast<size_t>(1 - mover_)].has(taken)) {
            jumps_[static_cast<size_t>(depth)] = {p, t, r, NoCell};
            if (!visit_(jumps_.data(), depth + 1)) stopped_ = true;
            return true;
        }
        jumps_[static_cast<size_t>(depth)] = {p, t, r, taken};
        CellSet further = touched;
        further |= group;
        for (Cell c : {p, behind(p), t, r, taken}) further.add(c);
        return from(r, further, depth + 1);
    }

    const Board& board_;
    Side mover_;
    Visit& visit_;
    Groups groups_;
    bool stopped_ = false;
    std::array<Jump, kMaxDots + 1> jumps_{};  // at most ten captures and the last rest
};

template <typename Visit>
void searchChains(const Board& board, Side mover, Visit visit) {
    ChainSearch<Visit> search(board, mover, visit);
    search.run();
}

// The action of the chain `jumps[0..count)`.
Action actionOf(const Jump* jumps, int count);

}  // namespace mobiatus
}  // namespace arbiter
