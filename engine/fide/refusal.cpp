#include "engine/fide/refusal.h"

#include <array>
#include <cstdlib>

#include "engine/fide/fen.h"
#include "engine/fide/movegen.h"

namespace arbiter::fide {

namespace {

constexpr std::array<const char*, kPieceTypeCount> kPieceNames{"pawn", "knight", "bishop",
                                                               "rook", "queen",  "king"};

const char* pieceName(PieceType t) {
    return kPieceNames[static_cast<std::size_t>(t)];
}

const char* sideName(Colour c) {
    return c == White ? "White" : "Black";
}

bool legal(const Position& position, Square from, Square to, PieceType promotion) {
    MoveList moves;
    generateLegalMoves(position, moves);
    for (Move m : moves) {
        if (m.from() == from && m.to() == to && m.promotion() == promotion) return true;
    }
    return false;
}

// The first piece standing between two squares on a line, from `from`'s side:
// the one a player sees in the way. NoSquare when the way is clear.
Square firstInTheWay(const Position& position, Square from, Square to) {
    Bitboard between = kBetween[static_cast<std::size_t>(from)][static_cast<std::size_t>(to)] &
                       position.occupied();
    if (!between) return NoSquare;
    // Squares between two others grow with the distance from the lower one.
    if (from < to) return lsb(between);
    Square last = NoSquare;
    while (between) last = popLsb(between);
    return last;
}

// Why the king may not castle from `from` to `to` on its home rank.
std::string castlingRefusal(const Position& position, Square from, Square to) {
    const Colour us = position.sideToMove();
    const bool kingside = to > from;
    const int rank = rankOf(from);
    const int rights = position.castlingRights();
    const int wing = us == White ? (kingside ? WhiteKingside : WhiteQueenside)
                                 : (kingside ? BlackKingside : BlackQueenside);
    const int both =
        us == White ? (WhiteKingside | WhiteQueenside) : (BlackKingside | BlackQueenside);
    const Square rook = makeSquare(kingside ? 7 : 0, rank);
    if (!(rights & wing)) {
        // The other wing's right kept: the king has not moved, so the rook has.
        if (rights & both)
            return "you may not castle: the rook from " + squareName(rook) + " has moved";
        return "you may not castle: the king or the rook from " + squareName(rook) + " has moved";
    }
    if (Square in = firstInTheWay(position, from, rook); in != NoSquare)
        return "you may not castle: " + squareName(in) + " is in the way";
    if (position.inCheck()) return "you may not castle out of check";
    const Square passed = makeSquare((fileOf(from) + fileOf(to)) / 2, rank);
    if (position.isAttacked(passed, opposite(us)))
        return "you may not castle through check: " + squareName(passed) + " is attacked";
    return "you may not castle into check: " + squareName(to) + " is attacked";
}

// Why a pawn may not go from `from` to `to` as it is asked to, or empty when
// that is a pawn's move (its king's safety aside).
std::string pawnRefusal(const Position& position, Square from, Square to) {
    const Colour us = position.sideToMove();
    const int ahead = (rankOf(to) - rankOf(from)) * (us == White ? 1 : -1);
    const int aside = std::abs(fileOf(to) - fileOf(from));
    const bool empty = position.typeAt(to) == NoPieceType;
    if (aside == 0 && (ahead == 1 || ahead == 2)) {
        if (ahead == 2 && relativeRank(us, rankOf(from)) != 1)
            return "a pawn steps two squares only from its starting square";
        if (Square in = firstInTheWay(position, from, to); in != NoSquare)
            return squareName(in) + " is in the way";
        if (!empty) return "a pawn takes only diagonally, never straight ahead";
        return {};
    }
    if (aside != 1 || ahead != 1) return "that is not how a pawn moves";
    if (!empty || to == position.enPassantSquare()) return {};
    // The pawn beside it could have been taken en passant, but not now.
    const Square beside = makeSquare(fileOf(to), rankOf(from));
    if (position.typeAt(beside) == Pawn && position.colourAt(beside) != us &&
        relativeRank(us, rankOf(from)) == 4)
        return "en passant only straight after the double step";
    return "a pawn moves diagonally only to take";
}

// Why the piece on `from` cannot reach `to` by its own way of moving, or empty
// when it can (castling and its king's safety aside).
std::string reachRefusal(const Position& position, PieceType moving, Square from, Square to) {
    const auto f = static_cast<std::size_t>(from);
    const Bitboard target = bit(to);
    const std::string notHow = std::string("that is not how a ") + pieceName(moving) + " moves";
    switch (moving) {
        case Pawn:
            return pawnRefusal(position, from, to);
        case Knight:
            return kKnightAttacks[f] & target ? std::string() : notHow;
        case King:
            return kKingAttacks[f] & target ? std::string() : notHow;
        case Bishop:
        case Rook:
        case Queen: {
            const bool straight = moving != Bishop && (kRookRays[f] & target);
            const bool diagonal = moving != Rook && (kBishopRays[f] & target);
            if (!straight && !diagonal) return notHow;
            const Square in = firstInTheWay(position, from, to);
            return in == NoSquare ? std::string() : squareName(in) + " is in the way";
        }
        default:
            return notHow;
    }
}

// Whether the king's move from `from` to `to` is castling's step: two squares
// along its home rank from its home square.
bool castlingStep(Colour us, Square from, Square to) {
    const Square home = makeSquare(4, us == White ? 0 : 7);
    return from == home && rankOf(to) == rankOf(from) && std::abs(fileOf(to) - fileOf(from)) == 2;
}

}  // namespace

std::string moveRefusal(const Position& position, Square from, Square to, PieceType promotion) {
    if (from < 0 || from >= 64 || to < 0 || to >= 64) return "that is not a move on the board";
    if (legal(position, from, to, promotion)) return {};
    const Colour us = position.sideToMove();
    const PieceType moving = position.typeAt(from);
    if (moving == NoPieceType) return "there is no piece on " + squareName(from);
    if (position.colourAt(from) != us)
        return "the piece on " + squareName(from) + " is " + sideName(opposite(us)) +
               "'s, and it is " + sideName(us) + "'s turn";
    if (from == to) return std::string("that is not a move: the ") + pieceName(moving) + " stays";
    if (moving == King && castlingStep(us, from, to)) return castlingRefusal(position, from, to);
    if (position.typeAt(to) != NoPieceType && position.colourAt(to) == us)
        return std::string("you cannot take your own ") + pieceName(position.typeAt(to)) + " on " +
               squareName(to);
    const bool lastRank = relativeRank(us, rankOf(to)) == 7;
    if (promotion != NoPieceType) {
        if (moving != Pawn || !lastRank) return "only a pawn reaching the last rank promotes";
        if (promotion == Pawn || promotion == King)
            return "a pawn promotes to a queen, rook, bishop or knight";
    }
    if (std::string why = reachRefusal(position, moving, from, to); !why.empty()) return why;
    if (moving == Pawn && lastRank && promotion == NoPieceType)
        return "a pawn reaching the last rank must promote: add q, r, b or n (" + squareName(from) +
               squareName(to) + "q)";
    if (moving == King) return "the king may not move into check";
    return "that leaves your king in check";
}

}  // namespace arbiter::fide
