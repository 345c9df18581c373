#pragma once

#include <random>
#include <vector>

#include "engine/core/action.h"

namespace arbiter::bench {

// A Colonization game that grows: three actions in four produce or place a
// piece where one can, the rest step, capture or abstain; never the Weapon,
// which is said rather than shown and would empty the boards.
inline Action mostlyProducing(const std::vector<Action>& legal, std::mt19937& random) {
    std::vector<const Action*> puts, others;
    for (const Action& a : legal) {
        if (a.kind == Action::Kind::Place)
            puts.push_back(&a);
        else if (a.kind != Action::Kind::Choice)
            others.push_back(&a);
    }
    if (!puts.empty() && (others.empty() || random() % 4 != 0))
        return *puts[random() % puts.size()];
    if (!others.empty()) return *others[random() % others.size()];
    return legal[random() % legal.size()];
}

}  // namespace arbiter::bench
