#pragma once

#include <string>

#include "engine/fide/position.h"

namespace arbiter::fide {

// Why the move of the piece on `from` to `to` (becoming `promotion`, or
// NoPieceType) is not legal in `position`, in one phrase a chess player
// expects: "that is not how a bishop moves", "d4 is in the way", "that leaves
// your king in check", "you may not castle out of check". The sides are named
// White and Black, as the state names its players; the table puts its
// players' names in their place. Empty when the move is legal.
//
// Why: the referee hears only squares from a board; a player who made an
// illegal move, or said one with arbiterctl do, is told which rule it breaks
// rather than left to guess from the squares to put right.
std::string moveRefusal(const Position& position, Square from, Square to, PieceType promotion);

}  // namespace arbiter::fide
