#pragma once

// The referee's own working types, shared by its files (referee.cpp: judging;
// referee_cells.cpp: comparing cells; referee_sequences.cpp: chains and
// sequences of actions). Not for use outside daemon/referee/.

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "daemon/referee/referee.h"

namespace arbiter {

// Where a single action ends its Candidate::order, so that it comes after the
// sequences that begin with it.
constexpr uint32_t kAlone = UINT32_MAX;

// Whether an effect is as the engine core promises: cells of the game, each
// once, in ascending order. The index and the merging of two effects rely on it.
[[maybe_unused]] inline bool wellFormed(const Effect& e, const Geometry& g) {
    for (size_t i = 0; i < e.changes.size(); ++i) {
        if (!g.contains(e.changes[i].cell)) return false;
        if (i > 0 && e.changes[i - 1].cell >= e.changes[i].cell) return false;
    }
    return true;
}

template <typename T>
void keepFirstOfEach(std::vector<T>& items) {
    std::vector<T> unique;
    for (const T& item : items) {
        if (std::find(unique.begin(), unique.end(), item) == unique.end()) unique.push_back(item);
    }
    items = std::move(unique);
}

// What `first` and then `second` do together, cell by cell (both ascending):
// what each cell shows before the first and after the second. A cell counts as
// a consequence only if neither action changes it by hand.
void combine(std::span<const CellChange> first, std::span<const CellChange> second,
             std::vector<CellChange>& out);

// One state and what each of its legal actions would do to the cells: the
// effects in legalActions() order and, for the states judged on every event,
// which actions touch each cell, in that same order, so that candidates are
// always weighed in the game's own order whichever cell led to them.
struct Referee::Ply {
    std::unique_ptr<GameState> state;
    std::vector<Action> actions;
    std::vector<Effect> effects;
    std::vector<uint32_t> cellStart;  // per cell, and one more: where its actions begin in byCell
    std::vector<uint32_t> byCell;
    std::vector<uint32_t> chains;  // the actions with stops on their way (Action::path)

    // `only`, when given, keeps the actions among them alone (the machine's
    // chosen action, or none while it thinks).
    void list(bool indexed, const std::vector<Action>* only = nullptr) {
        actions.clear();
        effects.clear();
        // While chance is to be drawn, the session draws it before anyone acts:
        // nothing the players do can be shown.
        if (!state->chance()) actions = state->legalActions();
        if (only)
            std::erase_if(actions, [only](const Action& a) {
                return std::find(only->begin(), only->end(), a) == only->end();
            });
        effects.reserve(actions.size());
        const Geometry& g = state->geometry();
        chains.clear();
        for (const Action& a : actions) {
            if (a.kind == Action::Kind::Move && !a.path.empty())
                chains.push_back(static_cast<uint32_t>(effects.size()));
            effects.push_back(state->effect(a));
            assert(wellFormed(effects.back(), g));
        }
        if (!indexed) return;
        size_t cells = static_cast<size_t>(g.size());
        cellStart.assign(cells + 1, 0);
        for (const Effect& e : effects) {
            for (const CellChange& ch : e.changes) ++cellStart[static_cast<size_t>(ch.cell) + 1];
        }
        for (size_t c = 0; c < cells; ++c) cellStart[c + 1] += cellStart[c];
        byCell.resize(cellStart[cells]);
        std::vector<uint32_t> next(cellStart.begin(), cellStart.end() - 1);
        for (uint32_t i = 0; i < effects.size(); ++i) {
            for (const CellChange& ch : effects[i].changes)
                byCell[next[static_cast<size_t>(ch.cell)]++] = i;
        }
    }
    bool indexed() const { return !cellStart.empty(); }
    std::span<const uint32_t> touching(Cell c) const {
        assert(indexed());
        size_t i = static_cast<size_t>(c);
        return std::span<const uint32_t>(byCell).subspan(cellStart[i],
                                                         cellStart[i + 1] - cellStart[i]);
    }
};

// One explanation of what the surface shows exactly: an action, or a sequence
// of several. `order` says where each stands among the legal actions of its
// state, so that explanations are weighed in the game's order; an action alone
// ends in kAlone, so that it comes after the sequences that begin with it.
struct Referee::Candidate {
    std::vector<uint32_t> order;
    std::vector<Action> actions;
    std::vector<Cell> untouched;        // cells whose piece changes but nobody touched
    std::vector<CellFix> consequences;  // what is still to be made beyond the mover's part
};

}  // namespace arbiter
