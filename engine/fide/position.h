#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/fide/attacks.h"
#include "engine/fide/bitboard.h"
#include "engine/fide/move.h"

namespace arbiter::fide {

// The four castling rights as bits of one small set, so that a move can drop
// rights by one AND with a per-square mask and Zobrist keys index by the set.
enum CastlingRight : int {
    WhiteKingside = 1,
    WhiteQueenside = 2,
    BlackKingside = 4,
    BlackQueenside = 8,
    AllCastlingRights = 15,
};

// A position as FEN spells it, square by square, before any check.
//
// Why: reading text and checking that it describes a legal position are separate
// from representing a position fast; FEN fills a Setup, validates it, and only a
// valid Setup becomes a Position.
struct Setup {
    // What stands on one square: a piece type (NoPieceType if empty) and colour.
    struct Occupant {
        PieceType type = NoPieceType;
        Colour colour = White;
    };
    std::array<Occupant, 64> squares{};
    Colour sideToMove = White;
    int castling = 0;  // CastlingRight bits
    Square enPassant = NoSquare;
    int halfmoveClock = 0;
    int fullmoveNumber = 1;
};

// A legal chess position: bitboards per piece type and per colour, a square
// table for "what stands here", the side to move, castling rights, the
// en-passant square (set after every double step, as FEN has it), the clocks and
// an incrementally updated Zobrist key.
//
// Why: this is the value that perft copies at every node (copy-make), so it is
// small, trivially copyable and has no pointers. The key covers pieces, side to
// move and castling rights but not the en-passant square: whether that counts
// for repetition depends on whether an en-passant capture is legal, which only
// the move generator knows (see repetitionKey()).
//
// Invariants: one king per side; bitboards and square table agree; castling
// rights imply king and rook on their original squares; the side not to move
// is not in check.
class Position {
  public:
    static Position standardStart();
    // `setup` must describe a legal position (fen.cpp checks that first).
    explicit Position(const Setup& setup);

    Colour sideToMove() const { return side_; }
    int castlingRights() const { return castling_; }
    Square enPassantSquare() const { return enPassant_; }
    int halfmoveClock() const { return halfmoveClock_; }
    int fullmoveNumber() const { return static_cast<int>(fullmoveNumber_); }
    uint64_t key() const { return key_; }

    Bitboard occupied() const { return byColour_[White] | byColour_[Black]; }
    Bitboard pieces(Colour c) const { return byColour_[static_cast<std::size_t>(c)]; }
    Bitboard pieces(PieceType t) const { return byType_[static_cast<std::size_t>(t)]; }
    Bitboard pieces(Colour c, PieceType t) const {
        return byColour_[static_cast<std::size_t>(c)] & byType_[static_cast<std::size_t>(t)];
    }
    Bitboard pieces(Colour c, PieceType t1, PieceType t2) const {
        return byColour_[static_cast<std::size_t>(c)] &
               (byType_[static_cast<std::size_t>(t1)] | byType_[static_cast<std::size_t>(t2)]);
    }
    PieceType typeAt(Square s) const { return PieceType(board_[static_cast<std::size_t>(s)]); }
    // Colour of the piece on `s`, which must be occupied.
    Colour colourAt(Square s) const {
        assert(board_[static_cast<std::size_t>(s)] != NoPieceType);
        return (byColour_[Black] & bit(s)) ? Black : White;
    }
    Square kingSquare(Colour c) const { return lsb(pieces(c, King)); }

    // Pieces of both colours that attack `s`, with `occupied` as the blockers.
    Bitboard attackersTo(Square s, Bitboard occupied) const {
        const auto index = static_cast<std::size_t>(s);
        return (kPawnAttacks[Black][index] & pieces(White, Pawn)) |
               (kPawnAttacks[White][index] & pieces(Black, Pawn)) |
               (kKnightAttacks[index] & byType_[Knight]) | (kKingAttacks[index] & byType_[King]) |
               (rookAttacks(s, occupied) & (byType_[Rook] | byType_[Queen])) |
               (bishopAttacks(s, occupied) & (byType_[Bishop] | byType_[Queen]));
    }
    bool isAttacked(Square s, Colour by) const {
        return (attackersTo(s, occupied()) & byColour_[static_cast<std::size_t>(by)]) != 0;
    }
    // Enemy pieces giving check to the side to move.
    Bitboard checkers() const {
        return attackersTo(kingSquare(side_), occupied()) &
               byColour_[static_cast<std::size_t>(opposite(side_))];
    }
    bool inCheck() const { return checkers() != 0; }

    // Plays a legal move (from the move generator) in place.
    void play(Move m);

    // Same placement, side, rights, en-passant square and clocks.
    bool operator==(const Position& other) const;

  private:
    Position() = default;
    void put(Colour c, PieceType t, Square s);
    void remove(Colour c, PieceType t, Square s);
    void relocate(Colour c, PieceType t, Square from, Square to);

    std::array<Bitboard, kPieceTypeCount> byType_{};
    std::array<Bitboard, 2> byColour_{};
    std::array<uint8_t, 64> board_{};  // PieceType per square, NoPieceType if empty
    uint64_t key_ = 0;
    Colour side_ = White;
    uint8_t castling_ = 0;
    uint8_t enPassant_ = NoSquare;
    uint16_t halfmoveClock_ = 0;
    uint32_t fullmoveNumber_ = 1;
};

}  // namespace arbiter::fide
