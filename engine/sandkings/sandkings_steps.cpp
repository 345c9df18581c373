// Sandkings's steps: where each piece may step, the vertebrae that block a
// stinger, the connection every step must keep, and the listing of legal
// actions. Perft and random playouts search the steps after every step, so
// the connection is judged once per piece rather than once per step.
#include <array>
#include <cassert>

#include "engine/sandkings/sandkings.h"

namespace arbiter::sandkings {

CellSet SandkingsState::blockers(PlayerId p) const {
    CellSet blocking = 0;
    for (PlayerId q = 0; q < players_; ++q) {
        if (q == p || !(seatsIn_ & (1u << q))) continue;
        blocking |= piecesOf(q) & kinds_[kVertebra] &
                    neighbours(bodyOf(q), /*diagonals=*/!rules_.orthogonalBlock);
    }
    return blocking;
}

CellSet SandkingsState::reach(PlayerId p, Cell from, CellSet blocking) const {
    const CellSet around = kingSteps(from);
    CellSet targets = around & ~occupied();
    if (has(kinds_[kStinger], from)) {
        const CellSet enemies = occupied() & ~piecesOf(p);
        const bool empowered = rules_.stingerNearBody && (kingNeighbours(bodyOf(p)) & only(from));
        targets |= around & enemies & (empowered ? ~CellSet{0} : ~blocking);
    }
    return targets;
}

bool SandkingsState::staysJoined(PlayerId p, Cell from, Cell to) const {
    const CellSet after = (piecesOf(p) & ~only(from)) | only(to);
    const CellSet body = has(kinds_[kBody], from) ? only(to) : bodyOf(p);
    return flood(body, after, true) == after;
}

template <typename Visit>
void SandkingsState::forEachStep(PlayerId p, Visit visit) const {
    const CellSet own = piecesOf(p);
    assert(flood(bodyOf(p), own, true) == own);  // staysOneWithout needs one group
    const CellSet empty = ~occupied();
    const CellSet stinger = own & kinds_[kStinger];
    const CellSet stingable = stinger ? reach(p, firstOf(stinger), blockers(p)) & ~empty : 0;
    // The cells next to at least one piece, and to at least two: without
    // one piece, the rest's neighbours are those next to two, and those
    // next to one that is not next to the piece.
    CellSet nearOne = 0, nearTwo = 0;
    for (CellSet left = own; left; left &= left - 1) {
        const CellSet around = kingSteps(firstOf(left));
        nearTwo |= nearOne & around;
        nearOne |= around;
    }
    for (CellSet left = own; left; left &= left - 1) {
        const Cell from = firstOf(left);
        const CellSet around = kingSteps(from);
        CellSet targets = around & (empty | (has(stinger, from) ? stingable : 0));
        if (!targets) continue;
        // A step keeps the creature joined exactly when it lands next to
        // every group the rest falls into without the piece (the body,
        // wherever it goes, is one of the joined cells). Mostly the rest
        // is one group, which the cells around the piece tell.
        // A lone piece goes wherever it may.
        if (const CellSet rest = own & ~only(from)) {
            targets &= nearTwo | (nearOne & ~around);  // next to the rest at all
            if (targets && !staysOneWithout(own, from)) targets &= joiningAll(rest);
        }
        for (; targets; targets &= targets - 1) {
            if (!visit(from, firstOf(targets))) return;
        }
    }
}

bool SandkingsState::hasStep(PlayerId p) const {
    bool found = false;
    forEachStep(p, [&](Cell, Cell) {
        found = true;
        return false;  // one is enough
    });
    return found;
}

void SandkingsState::listActions(std::vector<Action>& out) const {
    out.clear();
    if (outcome_.over()) return;
    out.reserve(8 * kMaxParts + 1);
    forEachStep(toMove_, [&](Cell from, Cell to) {
        appendAction(out, Action::Kind::Move, from, to);
        return true;
    });
    if (made_ > 0)
        out.push_back(Action::endTurn());
    else if (out.empty())
        out.push_back(Action::pass());
}

std::optional<uint64_t> SandkingsState::turnCount() const {
    if (outcome_.over()) return 0;
    if (made_ + 1 < allowed_) return std::nullopt;
    uint64_t steps = 0;
    forEachStep(toMove_, [&](Cell, Cell) {
        ++steps;
        return true;
    });
    return steps + (made_ > 0 || steps == 0 ? 1 : 0);  // and "end", or the pass
}

}  // namespace arbiter::sandkings
