#pragma once

#include <string>

namespace arbiter::bench {

// csipgs Chess's board moves (CsipgsState::perftMovesOnly) against
// Fairy-Stockfish's perft on the same middle games, with designed pieces and
// one King a side. The bench writes Fairy-Stockfish a variants.ini (to a
// temporary file) in which each design is played by the Fairy-Stockfish piece
// that moves exactly so, with no castling, double step, en passant or
// promotion; with one royal King a side, FIDE's check rule is csipgs's. Each
// position is counted at the largest depth our count takes under a second,
// best of `runs`, on wall time; the node counts must be equal. When
// `enginePath` is not installed the rows say so.
void timeCsipgsAgainstFairyStockfish(const std::string& enginePath, int runs);

}  // namespace arbiter::bench
