#include "engine/fide/position.h"

#include "engine/fide/zobrist.h"

namespace arbiter::fide {

namespace {

// Rights that survive a move touching each square (king or rook leaving, a rook
// being captured on its corner).
constexpr std::array<uint8_t, 64> kCastlingKept = [] {
    std::array<uint8_t, 64> kept{};
    kept.fill(AllCastlingRights);
    kept[makeSquare(4, 0)] = AllCastlingRights & ~(WhiteKingside | WhiteQueenside);
    kept[makeSquare(7, 0)] = AllCastlingRights & ~WhiteKingside;
    kept[makeSquare(0, 0)] = AllCastlingRights & ~WhiteQueenside;
    kept[makeSquare(4, 7)] = AllCastlingRights & ~(BlackKingside | BlackQueenside);
    kept[makeSquare(7, 7)] = AllCastlingRights & ~BlackKingside;
    kept[makeSquare(0, 7)] = AllCastlingRights & ~BlackQueenside;
    return kept;
}();

}  // namespace

Position Position::standardStart() {
    Setup setup;
    constexpr PieceType kBackRank[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
    for (int file = 0; file < 8; ++file) {
        setup.squares[static_cast<std::size_t>(makeSquare(file, 0))] = {kBackRank[file], White};
        setup.squares[static_cast<std::size_t>(makeSquare(file, 1))] = {Pawn, White};
        setup.squares[static_cast<std::size_t>(makeSquare(file, 6))] = {Pawn, Black};
        setup.squares[static_cast<std::size_t>(makeSquare(file, 7))] = {kBackRank[file], Black};
    }
    setup.castling = AllCastlingRights;
    return Position(setup);
}

Position::Position(const Setup& setup) {
    board_.fill(NoPieceType);
    for (Square s = 0; s < 64; ++s) {
        const auto& occupant = setup.squares[static_cast<std::size_t>(s)];
        if (occupant.type != NoPieceType) put(occupant.colour, occupant.type, s);
    }
    side_ = setup.sideToMove;
    castling_ = uint8_t(setup.castling);
    enPassant_ = uint8_t(setup.enPassant);
    halfmoveClock_ = uint16_t(setup.halfmoveClock);
    fullmoveNumber_ = uint32_t(setup.fullmoveNumber);
    key_ ^= kZobrist.castling[castling_];
    if (side_ == Black) key_ ^= kZobrist.blackToMove;
    assert(popcount(pieces(White, King)) == 1 && popcount(pieces(Black, King)) == 1);
    assert(!isAttacked(kingSquare(opposite(side_)), side_));
}

void Position::put(Colour c, PieceType t, Square s) {
    const auto colourIndex = static_cast<std::size_t>(c);
    const auto typeIndex = static_cast<std::size_t>(t);
    const auto squareIndex = static_cast<std::size_t>(s);
    assert(board_[squareIndex] == NoPieceType);
    byType_[typeIndex] |= bit(s);
    byColour_[colourIndex] |= bit(s);
    board_[squareIndex] = uint8_t(t);
    key_ ^= kZobrist.piece[colourIndex][typeIndex][squareIndex];
}

void Position::remove(Colour c, PieceType t, Square s) {
    const auto colourIndex = static_cast<std::size_t>(c);
    const auto typeIndex = static_cast<std::size_t>(t);
    const auto squareIndex = static_cast<std::size_t>(s);
    assert(board_[squareIndex] == t && (byColour_[colourIndex] & bit(s)));
    byType_[typeIndex] ^= bit(s);
    byColour_[colourIndex] ^= bit(s);
    board_[squareIndex] = NoPieceType;
    key_ ^= kZobrist.piece[colourIndex][typeIndex][squareIndex];
}

void Position::relocate(Colour c, PieceType t, Square from, Square to) {
    const auto colourIndex = static_cast<std::size_t>(c);
    const auto typeIndex = static_cast<std::size_t>(t);
    const auto fromIndex = static_cast<std::size_t>(from);
    const auto toIndex = static_cast<std::size_t>(to);
    assert(board_[fromIndex] == t && board_[toIndex] == NoPieceType);
    Bitboard change = bit(from) | bit(to);
    byType_[typeIndex] ^= change;
    byColour_[colourIndex] ^= change;
    board_[fromIndex] = NoPieceType;
    board_[toIndex] = uint8_t(t);
    key_ ^= kZobrist.piece[colourIndex][typeIndex][fromIndex] ^
            kZobrist.piece[colourIndex][typeIndex][toIndex];
}

void Position::play(Move m) {
    const Colour us = side_;
    const Colour them = opposite(us);
    const Square from = m.from();
    const Square to = m.to();
    const PieceType moving = typeAt(from);
    assert(moving != NoPieceType && colourAt(from) == us);

    enPassant_ = NoSquare;
    ++halfmoveClock_;

    if (m.type() == Move::Type::Castling) {
        assert(moving == King);
        const bool kingside = to > from;
        const Square rookFrom = kingside ? to + 1 : to - 2;
        const Square rookTo = kingside ? to - 1 : to + 1;
        relocate(us, King, from, to);
        relocate(us, Rook, rookFrom, rookTo);
    } else {
        const PieceType captured = typeAt(to);
        if (captured != NoPieceType) {
            assert(captured != King && colourAt(to) == them);
            remove(them, captured, to);
            halfmoveClock_ = 0;
        }
        relocate(us, moving, from, to);
        if (moving == Pawn) {
            halfmoveClock_ = 0;
            if (m.type() == Move::Type::EnPassant) {
                remove(them, Pawn, us == White ? to - 8 : to + 8);
            } else if (m.type() == Move::Type::Promotion) {
                remove(us, Pawn, to);
                put(us, m.promotion(), to);
            } else if (to - from == 16 || from - to == 16) {
                enPassant_ = uint8_t((from + to) / 2);
            }
        }
    }

    // Most moves keep the rights, and then the key's part for them stays.
    const auto kept =
        static_cast<uint8_t>(castling_ & kCastlingKept[static_cast<std::size_t>(from)] &
                             kCastlingKept[static_cast<std::size_t>(to)]);
    if (kept != castling_) {
        key_ ^= kZobrist.castling[castling_] ^ kZobrist.castling[kept];
        castling_ = kept;
    }
    if (us == Black) ++fullmoveNumber_;
    side_ = them;
    key_ ^= kZobrist.blackToMove;
}

bool Position::operator==(const Position& other) const {
    return byType_ == other.byType_ && byColour_ == other.byColour_ && side_ == other.side_ &&
           castling_ == other.castling_ && enPassant_ == other.enPassant_ &&
           halfmoveClock_ == other.halfmoveClock_ && fullmoveNumber_ == other.fullmoveNumber_;
}

}  // namespace arbiter::fide
