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
    if (irreversible) keys_.clear();
    keys_.push_back(key);
    currentOccurrences_ = int(std::count(keys_.begin(), keys_.end(), key));
}

}  // namespace arbiter::fide
