#pragma once

#include "engine/fide/position.h"

namespace arbiter::fide {

// Dead positions recognised from material alone (FIDE 5.2.2 and 9.6.2 for the
// automatic draw, 6.9 for the flag fall).
//
// Why: the referee must end a game that nobody can win without waiting for a
// claim, and must know whether a player who runs out of time has lost or drawn.
// Only material is considered; blocked pawn walls and other dead positions that
// need search are left to the players' claim and the arbiter.

// Neither side can ever mate: no pawns, rooks or queens, and the minor pieces
// are either at most one knight or bishop in all, or bishops only, all standing
// on squares of one colour (K v K, K+N v K, K+B v K, K+B(s) v K+B(s) same colour).
bool isInsufficientMaterial(const Position& position);

// Whether `side` could still mate by some series of legal moves (FIDE 6.9).
// It cannot, exactly when:
// - it has only its king; or
// - it has its king and one knight or one bishop, and the opponent has only a
//   king (with any other enemy piece a helpmate exists: the enemy piece can block
//   its own king's flight square); or
// - the whole position is insufficient material as above.
// Everything else counts as able to win.
bool hasMatingMaterial(const Position& position, Colour side);

}  // namespace arbiter::fide
