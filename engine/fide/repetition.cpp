#include "engine/fide/repetition.h"

#include <algorithm>

#include "engine/fide/movegen.h"
#include "engine/fide/zobrist.h"

namespace arbiter::fide {

uint64_t repetitionKey(const Position& position) {
    uint64_t key = position.key();
    if (hasLegalEnPassant(position))
        key ^= kZobrist.enPassantFile[static_cast<std::size_t>(fileOf(position.enPassantSquare()))];
    return key;
}

void RepetitionHistory::record(uint64_t key, bool irreversible) {
    if (irreversible) {
        keys_.clear();
        seen_ = {};
    }
    const uint64_t slot = key >> kSeenShift;
    uint64_t& word = seen_[static_cast<std::size_t>(slot / 64)];
    const uint64_t mask = uint64_t{1} << (slot % 64);
    keys_.push_back(key);
    currentOccurrences_ = 1;
    if (!(word & mask)) {
        word |= mask;
        return;
    }
    currentOccurrences_ = int(std::count(keys_.begin(), keys_.end(), key));
}

}  // namespace arbiter::fide
