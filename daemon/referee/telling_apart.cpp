#include "daemon/referee/telling_apart.h"

#include <algorithm>

#include "daemon/referee/referee.h"

namespace arbiter {

namespace {

// What `effect` leaves on `cell` of `state`.
Appearance after(const GameState& state, const Effect& effect, Cell cell) {
    for (const CellChange& ch : effect.changes) {
        if (ch.cell == cell) return ch.after;
    }
    return state.appearance(cell);
}

// Whether the surface shows everything `effect`'s mover makes by hand.
bool moverPartShown(const Effect& effect, const Surface& surface) {
    return std::all_of(effect.changes.begin(), effect.changes.end(), [&](const CellChange& ch) {
        return ch.consequence ||
               Referee::matches(surface.cell(ch.cell), ch.after, surface.sensing(ch.cell));
    });
}

}  // namespace

std::vector<std::optional<CellFix>> stepsTellingApart(const GameState& state,
                                                      const std::vector<Action>& candidates,
                                                      const Surface& surface) {
    std::vector<Effect> effects;
    for (const Action& a : candidates) effects.push_back(state.effect(a));
    std::vector<std::optional<CellFix>> steps(candidates.size());
    for (size_t i = 0; i < candidates.size(); ++i) {
        if (!moverPartShown(effects[i], surface)) continue;
        for (const CellChange& ch : effects[i].changes) {
            const Sensing sensing = surface.sensing(ch.cell);
            const SensedCell made{true, ch.after};
            // Not shown yet, and once made no other candidate fits the cell.
            if (Referee::matches(surface.cell(ch.cell), ch.after, sensing)) continue;
            bool alone = true;
            for (size_t j = 0; j < candidates.size() && alone; ++j) {
                if (j != i)
                    alone = !Referee::matches(made, after(state, effects[j], ch.cell), sensing);
            }
            if (!alone) continue;
            steps[i] = CellFix{ch.cell, surface.cell(ch.cell).content, ch.after, sensing};
            break;
        }
    }
    return steps;
}

}  // namespace arbiter
