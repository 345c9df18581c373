// How the referee compares the surface with a state and the changes of
// actions: shown, on the way, how far off, and the fixes that lead there.
#include "daemon/referee/referee_ply.h"

namespace arbiter {

bool Referee::done(const Surface& surface, const CellChange& change) const {
    const SensedCell& s = surface.cell(change.cell);
    Sensing sensing = surface.sensing(change.cell);
    return matches(s, change.after, sensing) ||
           (change.consequence && matches(s, change.before, sensing));
}

bool Referee::shows(const Surface& surface, std::span<const CellChange> changes) const {
    // Every cell outside `changes` must show the current state, so every
    // differing cell must be among them.
    size_t covered = 0;
    for (const CellChange& ch : changes) {
        if (!done(surface, ch)) return false;
        if (differs(ch.cell)) ++covered;
    }
    return covered == differing_.size();
}

bool Referee::onTheWay(const Surface& surface, std::span<const CellChange> changes) const {
    // A cell that looks the same before and after may be empty only if its
    // piece changes (a captured piece lifted off before the capturing one
    // arrives); any other differing cell shows its state after, or nothing.
    size_t covered = 0;
    for (const CellChange& ch : changes) {
        if (!differs(ch.cell)) continue;
        ++covered;
        const SensedCell& s = surface.cell(ch.cell);
        if (ch.before == ch.after) {
            if (s.content.has_value() || !ch.pieceChanges) return false;
        } else if (!matches(s, ch.after, surface.sensing(ch.cell)) && s.content.has_value()) {
            return false;
        }
    }
    return covered == differing_.size();
}

int Referee::mismatches(const Surface& surface, std::span<const CellChange> changes) const {
    int n = static_cast<int>(differing_.size());
    for (const CellChange& ch : changes) {
        bool ok = done(surface, ch);
        if (differs(ch.cell) && ok) --n;
        if (!differs(ch.cell) && !ok) ++n;
    }
    return n;
}

std::vector<CellFix> Referee::fixesTowards(const Surface& surface,
                                           std::span<const CellChange> changes) const {
    std::vector<CellFix> fixes;
    for (const CellChange& ch : changes) {
        if (!done(surface, ch))
            fixes.push_back(
                {ch.cell, surface.cell(ch.cell).content, ch.after, surface.sensing(ch.cell)});
    }
    for (Cell c : differing_) {
        auto in = std::lower_bound(changes.begin(), changes.end(), c,
                                   [](const CellChange& ch, Cell cell) { return ch.cell < cell; });
        if (in == changes.end() || in->cell != c)
            fixes.push_back(
                {c, surface.cell(c).content, now_[static_cast<size_t>(c)], surface.sensing(c)});
    }
    std::sort(fixes.begin(), fixes.end(),
              [](const CellFix& a, const CellFix& b) { return a.cell < b.cell; });
    return fixes;
}

std::vector<CellFix> Referee::fixes(const Surface& surface) {
    sync(surface);
    std::vector<CellFix> fixes = fixesTowards(surface, {});
    // Every cell looks right: what is wrong, if anything, is which piece is where.
    if (fixes.empty() && surface.readsTags())
        fixes = identities_.misplaced(*current_->state, surface);
    return fixes;
}

Verdict Referee::settledVerdict(const Surface& surface) {
    Verdict v;
    v.kind = Verdict::Kind::Settled;
    v.fixes = learnIdentities(surface);
    if (!v.fixes.empty()) v.kind = Verdict::Kind::Illegal;
    return v;
}

std::vector<CellFix> Referee::learnIdentities(const Surface& surface) {
    if (!surface.readsTags()) return {};
    std::vector<CellFix> misplaced = identities_.misplaced(*current_->state, surface);
    if (misplaced.empty()) identities_.learn(*current_->state, surface);
    return misplaced;
}

std::vector<CellFix> Referee::keepPiecesTold(const Surface& surface,
                                             std::vector<const Candidate*>& made) const {
    std::vector<CellFix> firstMisplaced;
    if (!surface.readsTags() || !identities_.learnt()) return firstMisplaced;
    std::erase_if(made, [&](const Candidate* c) {
        auto after = current_->state->clone();
        for (const Action& a : c->actions) after->apply(a);
        std::vector<CellFix> misplaced = identities_.misplaced(*after, surface);
        if (misplaced.empty()) return false;
        if (firstMisplaced.empty()) firstMisplaced = std::move(misplaced);
        return true;
    });
    return firstMisplaced;
}

std::vector<CellFix> Referee::fixesTo(const GameState& state, const Surface& surface) {
    const Geometry& g = state.geometry();
    std::vector<CellFix> fixes;
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        Appearance wanted = state.appearance(c);
        const SensedCell& s = surface.cell(c);
        if (!matches(s, wanted, surface.sensing(c)))
            fixes.push_back({c, s.content, wanted, surface.sensing(c)});
    }
    return fixes;
}

std::vector<Appearance> Referee::project(const GameState& state) {
    const Geometry& g = state.geometry();
    std::vector<Appearance> p(static_cast<size_t>(g.size()));
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

}  // namespace arbiter
