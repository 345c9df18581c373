#include "daemon/referee.h"

#include <algorithm>
#include <limits>
#include <memory>

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

// Whether the surface shows `wanted` on every cell of the game.
bool showsExactly(const Surface& surface, const Geometry& g, const Projection& wanted) {
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        if (!Referee::matches(surface.cell(c), wanted[static_cast<size_t>(c)], surface.sensing(c)))
            return false;
    }
    return true;
}

bool pieceChanges(const GameState& from, const GameState& to, Cell c) {
    return from.pieceAt(c) != to.pieceAt(c);
}

// The cells whose piece differs between the states but which nobody touched.
std::vector<Cell> untouchedChanges(const Surface& surface, const GameState& from,
                                   const GameState& to) {
    std::vector<Cell> cells;
    const Geometry& g = from.geometry();
    for (Cell c = 0; c < g.size(); ++c) {
        if (g.contains(c) && !surface.touched(c) && pieceChanges(from, to, c)) cells.push_back(c);
    }
    return cells;
}

// On the way from `from` to `to`: every cell shows its state before, its state
// after, or nothing (a piece in the hand). A cell that looks the same before
// and after may be empty only if its piece changes (a captured piece lifted
// off before the capturing one arrives); otherwise it must be left alone.
bool onTheWay(const Surface& surface, const Geometry& g, const Projection& from,
              const Projection& to, const GameState& fromState, const GameState& toState) {
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        size_t i = static_cast<size_t>(c);
        const SensedCell& s = surface.cell(c);
        Sensing sensing = surface.sensing(c);
        if (Referee::matches(s, from[i], sensing)) continue;
        if (from[i] == to[i]) {
            if (s.content.has_value() || !pieceChanges(fromState, toState, c)) return false;
            continue;
        }
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
            fixes.push_back({c, s.content, wanted[static_cast<size_t>(c)], surface.sensing(c)});
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
    if (showsExactly(surface, g, now)) {
        v.kind = Verdict::Kind::Settled;
        return v;
    }

    // Every legal action and where it leads.
    struct Candidate {
        std::vector<Action> actions;
        Projection after;
        std::unique_ptr<GameState> state;
    };
    std::vector<Candidate> candidates;
    for (const Action& a : current.legalActions()) {
        auto next = current.clone();
        next->apply(a);
        Projection p = project(*next);
        bool shown = showsExactly(surface, g, p);
        if (catchUpPlies > 1 && !shown) {
            for (const Action& b : next->legalActions()) {
                auto after = next->clone();
                after->apply(b);
                Projection q = project(*after);
                if (showsExactly(surface, g, q))
                    candidates.push_back({{a, b}, std::move(q), std::move(after)});
            }
        }
        candidates.push_back({{a}, std::move(p), std::move(next)});
    }

    // Shown exactly, and every cell whose piece changes was touched: made. Shown
    // exactly but some such cell untouched: perhaps only a piece in the hand.
    std::vector<const Candidate*> made;
    std::vector<const Candidate*> unconfirmed;
    std::vector<Cell> untouched;
    for (const Candidate& c : candidates) {
        if (!showsExactly(surface, g, c.after)) continue;
        auto cells = untouchedChanges(surface, current, *c.state);
        if (cells.empty()) {
            made.push_back(&c);
        } else {
            unconfirmed.push_back(&c);
            untouched.insert(untouched.end(), cells.begin(), cells.end());
        }
    }
    // A single action beats any explanation by two: people make one move far more often.
    if (!made.empty()) {
        size_t shortest = std::numeric_limits<size_t>::max();
        for (auto* c : made) shortest = std::min(shortest, c->actions.size());
        std::vector<const Candidate*> best;
        for (auto* c : made) {
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
    if (!unconfirmed.empty()) {
        v.kind = Verdict::Kind::Pending;
        for (auto* c : unconfirmed) v.unconfirmed.push_back(c->actions.front());
        std::sort(untouched.begin(), untouched.end());
        untouched.erase(std::unique(untouched.begin(), untouched.end()), untouched.end());
        v.untouched = untouched;
        return v;
    }

    Projection before;
    if (previous) {
        before = project(*previous);
        if (showsExactly(surface, g, before)) {
            v.kind = Verdict::Kind::Takeback;
            return v;
        }
        if (onTheWay(surface, g, now, before, current, *previous)) {
            v.kind = Verdict::Kind::Pending;
            return v;
        }
    }
    for (const Candidate& c : candidates) {
        if (c.actions.size() == 1 && onTheWay(surface, g, now, c.after, current, *c.state)) {
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
    // A board that senses only occupancy does not know which piece it sees.
    if (!fix.wanted && fix.sensing == Sensing::Occupancy) return "take the piece off " + cell;
    if (!fix.wanted) return "take the " + words(*fix.sensed) + " off " + cell;
    if (!fix.sensed) return "put a " + words(*fix.wanted) + " on " + cell;
    return "replace the " + words(*fix.sensed) + " on " + cell + " by a " + words(*fix.wanted);
}

}  // namespace arbiter
