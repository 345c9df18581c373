#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/fide/move.h"
#include "engine/fide/position.h"

namespace arbiter::fide {

// Perft: the number of leaf nodes of the legal move tree to a fixed depth.
//
// Why: published perft counts are the standard proof that a move generator is
// exactly right (every en passant, promotion and castling case), and perft's
// speed is the generator's benchmark. Depth 1 is counted in bulk, without
// playing the moves, as other engines' perft does.
uint64_t perft(const Position& position, int depth);

// Perft per first move, in generation order: the tool to find which move a
// faulty count comes from.
std::vector<std::pair<Move, uint64_t>> perftDivide(const Position& position, int depth);

}  // namespace arbiter::fide
