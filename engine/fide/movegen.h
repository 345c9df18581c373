#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/fide/move.h"
#include "engine/fide/position.h"

namespace arbiter::fide {

// The legal moves of one position in a fixed-size buffer.
//
// Why: no chess position has more than 218 legal moves, so a fixed array
// avoids allocation in the generator's hot path.
class MoveList {
  public:
    static constexpr int kCapacity = 256;

    void clear() { size_ = 0; }
    void push(Move m) {
        assert(size_ < kCapacity);
        moves_[static_cast<std::size_t>(size_++)] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](int i) const {
        assert(i >= 0 && i < size_);
        return moves_[static_cast<std::size_t>(i)];
    }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    bool contains(Move m) const;

  private:
    std::array<Move, kCapacity> moves_;
    int size_ = 0;
};

// Strictly legal moves (not pseudo-legal): pins and checks are resolved while
// generating, so every move returned leaves the mover's king safe.
// Order: king moves, knights, bishops/queens, rooks/queens, pawns, en passant,
// castling; promotions as queen, rook, bishop, knight.
void generateLegalMoves(const Position& position, MoveList& moves);

// The number of legal moves, counted without listing them (perft's bulk count).
uint64_t countLegalMoves(const Position& position);

// Whether the side to move may capture en passant now; the en-passant square
// counts for repetition only then (FIDE 9.2.3).
bool hasLegalEnPassant(const Position& position);

}  // namespace arbiter::fide
