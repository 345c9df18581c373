// Each piece's destinations kept through a playout (konfusion_kept_reach.h).
#include "engine/konfusion/konfusion_kept_reach.h"

#include <cassert>

namespace arbiter::konfusion {

void KeptReach::moved(Cell from, Cell to) {
    // A piece left one, arrived on the other, perhaps taking one there.
    kept_[static_cast<size_t>(from)] = kept_[static_cast<size_t>(to)] = false;
    const CellSet squares = CellSet::of(from) | CellSet::of(to);
    for (CellSet& p : pending_) p |= squares;
}

int KeptReach::refresh(const KonfusionState& state, PlayerId seat) {
    assert(seat >= 0 && seat < state.playerCount());
    CellSet& pending = pending_[static_cast<size_t>(seat)];
    const CellSet since = pending;
    pending = {};
    int moves = 0;
    state.cellsOf(seat).each([&](Cell c) {
        const auto i = static_cast<size_t>(c);
        if (!kept_[i] || !(read_[i] & since).empty()) {
            reach_[i] = state.destinationsReading(c, read_[i]);
            count_[i] = static_cast<uint8_t>(reach_[i].count());
            kept_[i] = true;
        }
        moves += count_[i];
    });
    return moves;
}

KeptReach::Move KeptReach::nth(CellSet pieces, uint64_t index) const {
    for (; !pieces.empty(); pieces = pieces.withoutFirst()) {
        const Cell from = pieces.first();
        const auto count = static_cast<uint64_t>(countOf(from));
        if (index >= count) {
            index -= count;
            continue;
        }
        return {from, reachOf(from).nth(static_cast<int>(index))};
    }
    assert(false && "an index beyond the moves");
    return {NoCell, NoCell};
}

}  // namespace arbiter::konfusion
