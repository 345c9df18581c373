#include "engine/fide/material.h"

namespace arbiter::fide {

bool isInsufficientMaterial(const Position& position) {
    if (position.pieces(Pawn) | position.pieces(Rook) | position.pieces(Queen)) return false;
    const Bitboard knights = position.pieces(Knight);
    const Bitboard bishops = position.pieces(Bishop);
    if (popcount(knights | bishops) <= 1) return true;
    // Bishops alone, all on one square colour, can never attack the other colour,
    // and a king is only mated on a square its own men cannot be taken from.
    return knights == 0 && ((bishops & kLightSquares) == 0 || (bishops & kDarkSquares) == 0);
}

bool hasMatingMaterial(const Position& position, Colour side) {
    const Bitboard own = position.pieces(side) & ~position.pieces(side, King);
    if (own == 0) return false;
    const Bitboard theirs =
        position.pieces(opposite(side)) & ~position.pieces(opposite(side), King);
    const bool loneMinor =
        !moreThanOne(own) && (own & (position.pieces(Knight) | position.pieces(Bishop)));
    if (loneMinor && theirs == 0) return false;
    return !isInsufficientMaterial(position);
}

}  // namespace arbiter::fide
