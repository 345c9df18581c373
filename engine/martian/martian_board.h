#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstdlib>

#include "engine/martian/martian.h"

namespace arbiter::martian {

// The directions a piece may step in: diagonal and straight.
inline constexpr int kDiagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
inline constexpr int kOrthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// The bit standing for a cell in a set of cells.
inline uint64_t bitOf(Cell c) {
    return uint64_t{1} << c;
}

// Each cell's territory, neighbours and rays, worked out once per board size
// since move generation asks them for every step it takes.
struct MartianState::Board {
    std::array<int8_t, 64> territory{};
    // Per cell, the next cell in each of kOrthogonal's then kDiagonal's
    // directions, or NoCell.
    std::array<std::array<int8_t, 8>, 64> next{};
    // Per territory, a bit per cell in it, so that a player's moves are
    // found without looking at the other territories.
    std::array<uint64_t, 4> cellsOf{};
    // Per kind, cell and direction (next's order), the cells the kind may
    // reach that way on an empty board: a pawn one diagonal step, a drone
    // two straight ones, a queen to the edge. A move is then found by
    // masking, not by stepping cell by cell.
    std::array<std::array<std::array<uint64_t, 8>, 64>, kKinds> rays{};
    // Per direction, whether the cells along it grow (cells are numbered by
    // rank, then file, so every direction keeps one sense).
    std::array<bool, 8> ascending{};

    explicit Board(int players) {
        const Geometry g = Geometry::rectangle(players == 4 ? 8 : 4, 8);
        for (Cell c = 0; c < g.size(); ++c) {
            const int f = g.file(c), r = g.rank(c);
            int t = r < 4 ? 0 : 1;
            if (players == 4 && f >= 4) t = r < 4 ? 3 : 2;
            territory[static_cast<size_t>(c)] = static_cast<int8_t>(t);
            cellsOf[static_cast<size_t>(t)] |= bitOf(c);
            for (size_t d = 0; d < 4; ++d) {
                next[static_cast<size_t>(c)][d] =
                    static_cast<int8_t>(g.step(c, kOrthogonal[d][0], kOrthogonal[d][1]));
                next[static_cast<size_t>(c)][d + 4] =
                    static_cast<int8_t>(g.step(c, kDiagonal[d][0], kDiagonal[d][1]));
            }
        }
        for (size_t d = 0; d < 8; ++d) {
            const int* way = d < 4 ? kOrthogonal[d] : kDiagonal[d - 4];
            ascending[d] = way[1] * g.files() + way[0] > 0;
            assert(ascending[d] == (d % 2 == 0));  // as forEachMove() takes them
        }
        constexpr std::array<int, kKinds> reach = {1, 2, 8};
        for (Cell c = 0; c < g.size(); ++c) {
            for (size_t d = 0; d < 8; ++d) {
                uint64_t ray = 0;
                for (Cell to = step(c, d); to != NoCell; to = step(to, d)) {
                    assert((to > c) == ascending[d]);
                    ray |= bitOf(to);
                    const int distance = std::max(std::abs(g.file(to) - g.file(c)),
                                                  std::abs(g.rank(to) - g.rank(c)));
                    for (int k = 0; k < kKinds; ++k) {
                        const bool way = k == Pawn ? d >= 4 : k == Drone ? d < 4 : true;
                        if (way && distance <= reach[static_cast<size_t>(k)])
                            rays[static_cast<size_t>(k)][static_cast<size_t>(c)][d] = ray;
                    }
                }
            }
        }
    }
    static const Board& of(int players) {
        static const Board two(2), four(4);
        return players == 4 ? four : two;
    }
    Cell step(Cell from, size_t direction) const {
        return next[static_cast<size_t>(from)][direction];
    }
};

}  // namespace arbiter::martian
