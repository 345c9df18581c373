#pragma once

#include <cstdint>

#include "engine/fide/bitboard.h"

namespace arbiter::fide {

// One chess move packed in 16 bits: from (6), to (6), promotion piece (2), type (2).
//
// Why: move lists are filled and copied millions of times a second in perft, so
// a move is a small value. Castling is stored as the king's step (e1g1), as
// UCI and the core's Action say it; en passant as the capturing pawn's step.
// The all-zero value (a1a1) is never a legal move and serves as "no move".
class Move {
  public:
    enum class Type : uint8_t { Normal, Promotion, EnPassant, Castling };

    constexpr Move() = default;

    static constexpr Move normal(Square from, Square to) { return Move(from, to, 0, Type::Normal); }
    static constexpr Move promotion(Square from, Square to, PieceType becomes) {
        return Move(from, to, becomes - Knight, Type::Promotion);
    }
    static constexpr Move enPassant(Square from, Square to) {
        return Move(from, to, 0, Type::EnPassant);
    }
    static constexpr Move castling(Square kingFrom, Square kingTo) {
        return Move(kingFrom, kingTo, 0, Type::Castling);
    }

    constexpr Square from() const { return bits_ & 63; }
    constexpr Square to() const { return (bits_ >> 6) & 63; }
    constexpr Type type() const { return Type(bits_ >> 14); }
    // The piece a pawn becomes; NoPieceType unless type() is Promotion.
    constexpr PieceType promotion() const {
        return type() == Type::Promotion ? PieceType(Knight + ((bits_ >> 12) & 3)) : NoPieceType;
    }
    constexpr bool isNull() const { return bits_ == 0; }

    constexpr bool operator==(const Move&) const = default;

  private:
    constexpr Move(Square from, Square to, int promotionIndex, Type type)
        : bits_(uint16_t(from | (to << 6) | (promotionIndex << 12) | (int(type) << 14))) {}

    uint16_t bits_ = 0;
};

}  // namespace arbiter::fide
