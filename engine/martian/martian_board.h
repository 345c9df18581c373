#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/martian/martian.h"

namespace arbiter::martian {

// The directions a piece may step in: diagonal and straight.
inline constexpr int kDiagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
inline constexpr int kOrthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// Each cell's territory and neighbours, worked out once per board size since
// move generation asks them for every step it takes.
struct MartianState::Board {
    std::array<int8_t, 64> territory{};
    // Per cell, the next cell in each of kOrthogonal's then kDiagonal's
    // directions, or NoCell.
    std::array<std::array<int8_t, 8>, 64> next{};
    // Per territory, its cells in ascending order, so that a player's moves
    // are found without looking at the other territories.
    std::array<std::vector<Cell>, 4> cellsOf;

    explicit Board(int players) {
        const Geometry g = Geometry::rectangle(players == 4 ? 8 : 4, 8);
        for (Cell c = 0; c < g.size(); ++c) {
            const int f = g.file(c), r = g.rank(c);
            int t = r < 4 ? 0 : 1;
            if (players == 4 && f >= 4) t = r < 4 ? 3 : 2;
            territory[static_cast<size_t>(c)] = static_cast<int8_t>(t);
            cellsOf[static_cast<size_t>(t)].push_back(c);
            for (size_t d = 0; d < 4; ++d) {
                next[static_cast<size_t>(c)][d] =
                    static_cast<int8_t>(g.step(c, kOrthogonal[d][0], kOrthogonal[d][1]));
                next[static_cast<size_t>(c)][d + 4] =
                    static_cast<int8_t>(g.step(c, kDiagonal[d][0], kDiagonal[d][1]));
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
