#pragma once

#include <memory>

#include "engine/core/game.h"

namespace arbiter::testgames {

// Lantern: a game of hidden views as small as one can be, so that the table's
// part is tested apart from csipgs's rules. Each side has one king on an 8x8
// board (White on d4, Black on d7) that steps one cell any way; taking the
// other king wins. Each player sees only their king's cell and the cells next
// to it, so that a king coming near appears in the other's view. No king may
// enter g2, which is impassable; a player who once saw it knows it. A king
// that steps beside the other gives check, which everyone is told.
//
// Besides, a player may say "dim" at the start of their turn, before their
// step: it dims (or lights again) their lantern, which changes nothing anyone
// sees and is told to no one else (HiddenInformation::describeTo says
// nothing of it), as a design change said in moderated csipgs is not.
std::unique_ptr<Game> makeLanternGame();

}  // namespace arbiter::testgames
