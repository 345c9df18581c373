#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/fide/position.h"

namespace arbiter::fide {

// The key under which a position counts for repetition (FIDE 9.2.3): same
// pieces on the same squares, same side to move, same castling rights, and the
// same en-passant possibility, where an en-passant square counts only when an
// en-passant capture is actually legal.
uint64_t repetitionKey(const Position& position);

// The repetition keys of the positions since the last irreversible move (a
// capture or a pawn move), oldest first, current last.
//
// Why: threefold and fivefold repetition compare the current position with
// earlier ones; positions before a capture or pawn move can never recur, so the
// list stays short (at most 150 entries before the 75-move rule ends the game)
// and a game state copies it cheaply. Mostly the position has not occurred
// before: a set of the keys' top bits answers that without a search, which a
// random playout would otherwise pay at every move of an endgame's shuffles.
class RepetitionHistory {
  public:
    // Records the position just reached; `irreversible` when the move that led
    // to it was a capture or a pawn move.
    void record(uint64_t key, bool irreversible);
    // How often the current (last recorded) position has occurred, including now.
    int currentOccurrences() const { return currentOccurrences_; }

  private:
    // The top bits of every key recorded since the last irreversible move, as
    // one bit each of kSeenBits: a key whose bit is clear has not occurred.
    static constexpr int kSeenBits = 512;
    static constexpr int kSeenShift = 64 - 9;  // 2^9 == kSeenBits
    std::vector<uint64_t> keys_;
    std::array<uint64_t, kSeenBits / 64> seen_{};
    // Counted once by record(), since the outcome asks after every move.
    int currentOccurrences_ = 0;
};

}  // namespace arbiter::fide
