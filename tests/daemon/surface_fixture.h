#pragma once

#include <string>

#include "daemon/referee/surface.h"
#include "engine/core/game.h"

namespace arbiter::testing {

// Board squares showing a FEN board part as a DGT board standing the normal
// way round would report them (square 0 = a8).
inline BoardSquares squaresFromFen(const std::string& board) {
    BoardSquares squares{};
    int square = 0;
    for (char c : board) {
        if (c == '/') continue;
        if (c >= '1' && c <= '8') {
            square += c - '0';
            continue;
        }
        squares[static_cast<size_t>(square++)] = fromLetter(c);
    }
    return squares;
}

inline Surface oneBoardSurface(const GameState& state) {
    return Surface(state.geometry(), {{"dgt:test", 0, 0, 0, Sensing::ColourAndKind}});
}

}  // namespace arbiter::testing
