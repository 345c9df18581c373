#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "engine/fide/move.h"
#include "engine/fide/position.h"

namespace arbiter::fide {

// The legal moves of one position kept as the generator finds them: runs of
// moves from one square, or of one pawn step, each a set of target squares,
// with the number of moves they hold.
//
// Why: a random playout needs how many legal moves there are and then only the
// one it draws. Writing every move out costs about as much as finding them, so
// the runs stay sets and the drawn move alone is read out of its run; the
// index counts in exactly the order generateLegalMoves() lists the moves
// (runs in the generator's order, targets lowest square first, a promotion's
// four pieces queen, rook, bishop, knight).
class MoveBatches;

// The legal moves as runs, in generateLegalMoves()'s order.
void generateMoveBatches(const Position& position, MoveBatches& batches);

class MoveBatches {
  public:
    // One run: targets lowest first; the origin is `origin`, or for a pawn
    // step `target - step` (step is never 0 for pawns).
    struct Run {
        Bitboard targets = 0;
        int8_t origin = 0;
        int8_t step = 0;
        Move::Type type = Move::Type::Normal;
        uint8_t moves = 0;  // targets, times four for promotions
    };
    // Runs a position can need: two per piece other than the king and the
    // pawns (a queen runs as bishop and as rook), the pawns' seven shifted
    // sets and a promotion run per pinned pawn, en passant twice, castling
    // twice, the king once; 64 bounds them all.
    static constexpr int kCapacity = 64;

    // How many legal moves the runs hold.
    int count() const { return count_; }
    // The move at `index` (0 <= index < count()) of the listing order.
    Move operator[](int index) const {
        assert(index >= 0 && index < count_);
        for (int r = 0;; ++r) {
            const Run& run = runs_[static_cast<std::size_t>(r)];
            if (index < run.moves) return moveOf(run, index);
            index -= run.moves;
        }
    }

  private:
    friend void generateMoveBatches(const Position& position, MoveBatches& batches);

    static Move moveOf(const Run& run, int index) {
        const bool promotes = run.type == Move::Type::Promotion;
        Bitboard targets = run.targets;
        for (int skipped = promotes ? index >> 2 : index; skipped > 0; --skipped)
            targets &= targets - 1;
        const Square to = lsb(targets);
        const Square from = run.step != 0 ? to - run.step : run.origin;
        switch (run.type) {
            case Move::Type::Normal:
                break;
            case Move::Type::Promotion:
                return Move::promotion(from, to, PieceType(Queen - (index & 3)));
            case Move::Type::EnPassant:
                return Move::enPassant(from, to);
            case Move::Type::Castling:
                return Move::castling(from, to);
        }
        return Move::normal(from, to);
    }

    std::array<Run, kCapacity> runs_;
    int size_ = 0;
    int count_ = 0;
};

}  // namespace arbiter::fide
