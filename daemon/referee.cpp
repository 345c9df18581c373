#include "daemon/referee.h"

#include <limits>

namespace arbiter {

namespace {

using Projection = std::vector<Appearance>;

// How many cells of the game differ from `wanted`; unknown cells never match.
int mismatches(const Surface& surface, const Geometry& g, const Projection& wanted) {
    int n = 0;
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        if (!Referee::matches(surface.cell(c), wanted[static_cast<size_t>(c)], surface.sensing(c)))
            ++n;
    }
    return n;
}

// On the way from `from` to `to`: every cell shows its state before, its state
// after, or nothing (a piece in the hand), and cells the action leaves alone are untouched.
bool onTheWay(const Surface& surface, const Geometry& g, const Projection& from,
              const Projection& to) {
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        size_t i = static_cast<size_t>(c);
        const SensedCell& s = surface.cell(c);
        Sensing sensing = surface.sensing(c);
        if (Referee::matches(s, from[i], sensing)) continue;
        if (from[i] == to[i]) return false;
        if (!Referee::matches(s, to[i], sensing) && s.content.has_value()) return false;
    }
    return true;
}

std::vector<CellFix> fixesTowards(const Surface& surface, const Geometry& g,
                                  const Projection& wanted) {
    std::vector<CellFix> fixes;
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        const SensedCell& s = surface.cell(c);
        if (!Referee::matches(s, wanted[static_cast<size_t>(c)], surface.sensing(c)))
            fixes.push_back({c, s.content, wanted[static_cast<size_t>(c)]});
    }
    return fixes;
}

}  // namespace

std::vector<CellFix> Referee::fixesTo(const GameState& state, const Surface& surface) {
    return fixesTowards(surface, state.geometry(), project(state));
}

std::vector<Appearance> Referee::project(const GameState& state) {
    const Geometry& g = state.geometry();
    Projection p(static_cast<size_t>(g.size()));
    for (Cell c = 0; c < g.size(); ++c) {
        if (g.contains(c)) p[static_cast<size_t>(c)] = state.appearance(c);
    }
    return p;
}

bool Referee::matches(const SensedCell& sensed, const Appearance& wanted, Sensing sensing) {
    if (!sensed.known) return false;
    if (sensing == Sensing::Occupancy) return sensed.content.has_value() == wanted.has_value();
    return sensed.content == wanted;
}

Verdict Referee::judge(const GameState& current, const GameState* previous, const Surface& surface,
                       int catchUpPlies) const {
    Verdict v;
    if (!surface.allKnown()) return v;

    const Geometry& g = current.geometry();
    Projection now = project(current);
    if (mismatches(surface, g, now) == 0) {
        v.kind = Verdict::Kind::Settled;
        return v;
    }

    // Every legal action and where it leads.
    struct Candidate {
        std::vector<Action> actions;
        Projection after;
    };
    std::vector<Candidate> candidates;
    for (const Action& a : current.legalActions()) {
        auto next = current.clone();
        next->apply(a);
        candidates.push_back({{a}, project(*next)});
        if (catchUpPlies > 1 && mismatches(surface, g, candidates.back().after) != 0) {
            for (const Action& b : next->legalActions()) {
                auto after = next->clone();
                after->apply(b);
                Projection p = project(*after);
                if (mismatches(surface, g, p) == 0) candidates.push_back({{a, b}, std::move(p)});
            }
        }
    }

    std::vector<const Candidate*> exact;
    for (const Candidate& c : candidates) {
        if (mismatches(surface, g, c.after) == 0) exact.push_back(&c);
    }
    // A single action beats any explanation by two: people make one move far more often.
    if (!exact.empty()) {
        size_t shortest = std::numeric_limits<size_t>::max();
        for (auto* c : exact) shortest = std::min(shortest, c->actions.size());
        std::vector<const Candidate*> best;
        for (auto* c : exact) {
            if (c->actions.size() == shortest) best.push_back(c);
        }
        if (best.size() == 1) {
            v.kind = Verdict::Kind::Commit;
            v.actions = best.front()->actions;
        } else {
            v.kind = Verdict::Kind::Ambiguous;
            for (auto* c : best) v.candidates.push_back(c->actions.front());
        }
        return v;
    }

    Projection before;
    if (previous) {
        before = project(*previous);
        if (mismatches(surface, g, before) == 0) {
            v.kind = Verdict::Kind::Takeback;
            return v;
        }
        if (onTheWay(surface, g, now, before)) {
            v.kind = Verdict::Kind::Pending;
            return v;
        }
    }
    for (const Candidate& c : candidates) {
        if (c.actions.size() == 1 && onTheWay(surface, g, now, c.after)) {
            v.kind = Verdict::Kind::Pending;
            return v;
        }
    }

    // Illegal: lead the players back to the current state, unless a legal action
    // is strictly nearer to what they have made.
    v.kind = Verdict::Kind::Illegal;
    int bestCount = mismatches(surface, g, now);
    const Candidate* nearest = nullptr;
    for (const Candidate& c : candidates) {
        if (c.actions.size() != 1) continue;
        int n = mismatches(surface, g, c.after);
        if (n < bestCount) {
            bestCount = n;
            nearest = &c;
        }
    }
    if (nearest) {
        v.fixes = fixesTowards(surface, g, nearest->after);
        v.fixesComplete = nearest->actions;
    } else {
        v.fixes = fixesTowards(surface, g, now);
    }
    return v;
}

std::string Referee::describe(const CellFix& fix, const Geometry& g) {
    std::string cell = g.name(fix.cell);
    if (!fix.wanted) return "take the " + words(*fix.sensed) + " off " + cell;
    if (!fix.sensed) return "put a " + words(*fix.wanted) + " on " + cell;
    return "replace the " + words(*fix.sensed) + " on " + cell + " by a " + words(*fix.wanted);
}

}  // namespace arbiter
