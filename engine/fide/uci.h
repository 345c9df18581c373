#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/fide/move.h"
#include "engine/fide/position.h"

namespace arbiter::fide {

// UCI long algebraic notation: "e2e4", "e7e8q", castling as the king's step "e1g1".
//
// Why: it is the stable machine form of a move (the journal, engines, the perft
// tool) and needs no position to write, only to read back.
std::string toUci(Move m);

// The legal move of `position` that `text` names, or nullopt when the text is not
// UCI or the move is not legal here.
std::optional<Move> parseUci(const Position& position, std::string_view text);

}  // namespace arbiter::fide
