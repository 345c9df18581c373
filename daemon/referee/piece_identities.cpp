#include "daemon/referee/piece_identities.h"

#include <unordered_set>

namespace arbiter {

void PieceIdentities::learn(const GameState& state, const Surface& surface) {
    const Geometry& g = state.geometry();
    pieces_.assign(static_cast<size_t>(g.size()), std::nullopt);
    homes_.clear();
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        pieces_[static_cast<size_t>(c)] = state.pieceAt(c);
        const PieceTag tag = surface.tag(c);
        if (tag != 0 && surface.cell(c).content) homes_[tag] = c;
    }
}

void PieceIdentities::forget() {
    pieces_.clear();
    homes_.clear();
}

bool PieceIdentities::fits(const GameState& state, Cell c, Cell home) const {
    const std::optional<Piece> want = state.pieceAt(c);
    if (pieces_[static_cast<size_t>(home)] == want) return true;
    // Not the same piece. That is right only where the actions made the
    // piece on `c` what it is: `c` changed, the tag's piece left its cell
    // (or stayed on it), and no piece that left a changed cell is the one
    // wanted, which the hands would then have brought here instead.
    auto changed = [&](Cell x) { return pieces_[static_cast<size_t>(x)] != state.pieceAt(x); };
    if (!changed(c) || (home != c && !changed(home))) return false;
    const Geometry& g = state.geometry();
    for (Cell x = 0; x < g.size(); ++x) {
        if (g.contains(x) && changed(x) && pieces_[static_cast<size_t>(x)] == want) return false;
    }
    return true;
}

std::vector<CellFix> PieceIdentities::misplaced(const GameState& state,
                                                const Surface& surface) const {
    std::vector<CellFix> fixes;
    if (!learnt()) return fixes;
    const Geometry& g = state.geometry();
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c) || !surface.cell(c).content || !state.pieceAt(c)) continue;
        auto home = homes_.find(surface.tag(c));
        if (home == homes_.end() || fits(state, c, home->second)) continue;
        CellFix fix{c, surface.cell(c).content, state.appearance(c), surface.sensing(c)};
        fix.rightPiece = rightPieceFor(state, surface, c).value_or(CellFix::RightPiece{});
        fixes.push_back(fix);
    }
    return fixes;
}

std::optional<CellFix::RightPiece> PieceIdentities::rightPieceFor(const GameState& state,
                                                                  const Surface& surface,
                                                                  Cell c) const {
    const std::optional<Piece> want = state.pieceAt(c);
    auto isWanted = [&](PieceTag tag) {
        auto home = homes_.find(tag);
        return home != homes_.end() && pieces_[static_cast<size_t>(home->second)] == want;
    };
    const Geometry& g = state.geometry();
    std::unordered_set<PieceTag> onSurface;
    for (Cell x = 0; x < g.size(); ++x) {
        const PieceTag tag = surface.tag(x);
        if (!g.contains(x) || tag == 0 || !surface.cell(x).content) continue;
        onSurface.insert(tag);
        if (x != c && isWanted(tag) && !fits(state, x, homes_.at(tag))) return {{x, true}};
    }
    for (const auto& [tag, home] : homes_) {
        if (!onSurface.contains(tag) && isWanted(tag)) return {{home, false}};
    }
    return std::nullopt;
}

}  // namespace arbiter
