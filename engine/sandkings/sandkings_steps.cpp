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
void SandkingsState::forEachPiece(PlayerId p, Visit visit) const {
    const CellSet own = piecesOf(p);
    assert(flood(bodyOf(p), own, true) == own);  // staysOneWithout needs one group
    const CellSet empty = ~occupied();
    const CellSet stinger = own & kinds_[kStinger];
    // Mostly no enemy stands next to the stinger, and the blockers need not
    // be sought.
    const CellSet stingable = stinger && (kingNeighbours(stinger) & ~empty & ~own)
                                  ? reach(p, firstOf(stinger), blockers(p)) & ~empty
                                  : 0;
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
        if (targets && !visit(from, targets)) return;
    }
}

template <typename Visit>
void SandkingsState::forEachStep(PlayerId p, Visit visit) const {
    forEachPiece(p, [&visit](Cell from, CellSet targets) {
        for (; targets; targets &= targets - 1) {
            if (!visit(from, firstOf(targets))) return false;
        }
        return true;
    });
}

void SandkingsState::stepsOf(PlayerId p, CreatureSteps& steps) const {
    // Counted in locals, which stay in registers, and written once: kept in
    // `steps`, each piece's count went through memory.
    int pieces = 0, total = 0;
    steps.counts.fill(0);  // at() sums them all
    forEachPiece(p, [&](Cell from, CellSet targets) {
        const auto i = static_cast<size_t>(pieces++);
        const int count = countOfFew(targets);  // at most eight
        steps.from[i] = from;
        steps.to[i] = targets;
        steps.counts[i] = count;
        total += count;
        return true;
    });
    steps.pieces = pieces;
    steps.total = total;
}

CreatureSteps::Step CreatureSteps::at(int index) const {
    assert(index >= 0 && index < total);
    // The piece is the one past those whose steps end at or before the
    // index, counted without a branch: the pick falls on any of them.
    int before = 0, piece = 0, reached = 0;
    for (size_t i = 0; i + 1 < kMaxParts; ++i) {
        reached += counts[i];
        const int past = reached <= index ? 1 : 0;
        piece += past;
        before += past * counts[i];
    }
    assert(piece < pieces);
    const auto i = static_cast<size_t>(piece);
    return {from[i], selectCell(to[i], index - before)};
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

// The step at the chosen index is found from the counts of each piece's
// steps, and only it becomes an action. The order is listActions()'s: the
// steps piece by piece, then "end" or the pass.
const Action* SandkingsState::chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                                           std::vector<Action>& list) const {
    if (outcome_.over()) return nullptr;
    CreatureSteps steps;
    stepsOf(toMove_, steps);
    const auto moves = static_cast<uint64_t>(steps.total);
    const bool closing = made_ > 0 || moves == 0;
    const uint64_t chosen = pick(moves + (closing ? 1 : 0));
    assert(chosen < moves + (closing ? 1 : 0));
    if (list.empty()) list.emplace_back();
    Action& a = list[0];
    if (chosen == moves) {
        a = made_ > 0 ? Action::endTurn() : Action::pass();
    } else {
        const CreatureSteps::Step step = steps.at(static_cast<int>(chosen));
        a = Action::move(step.from, step.to);
    }
    return &a;
}

std::optional<uint64_t> SandkingsState::turnCount() const {
    if (outcome_.over()) return 0;
    if (made_ + 1 < allowed_) return std::nullopt;
    CreatureSteps steps;
    stepsOf(toMove_, steps);
    const auto moves = static_cast<uint64_t>(steps.total);
    return moves + (made_ > 0 || moves == 0 ? 1 : 0);  // and "end", or the pass
}

}  // namespace arbiter::sandkings
