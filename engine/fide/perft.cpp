#include "engine/fide/perft.h"

#include <cassert>

#include "engine/fide/movegen.h"

namespace arbiter::fide {

uint64_t perft(const Position& position, int depth) {
    assert(depth >= 0);
    if (depth == 0) return 1;
    if (depth == 1) return countLegalMoves(position);
    MoveList moves;
    generateLegalMoves(position, moves);
    uint64_t nodes = 0;
    for (Move m : moves) {
        Position child = position;
        child.play(m);
        nodes += perft(child, depth - 1);
    }
    return nodes;
}

std::vector<std::pair<Move, uint64_t>> perftDivide(const Position& position, int depth) {
    assert(depth >= 1);
    MoveList moves;
    generateLegalMoves(position, moves);
    std::vector<std::pair<Move, uint64_t>> result;
    result.reserve(size_t(moves.size()));
    for (Move m : moves) {
        Position child = position;
        child.play(m);
        result.emplace_back(m, perft(child, depth - 1));
    }
    return result;
}

}  // namespace arbiter::fide
