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
}

int RepetitionHistory::currentOccurrences() const {
    if (keys_.empty()) return 0;
    return int(std::count(keys_.begin(), keys_.end(), keys_.back()));
}

}  // namespace arbiter::fide
