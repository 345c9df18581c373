// Sandkings's steps: where each piece may step, the vertebrae that block a
// stinger, the connection every step must keep, and the listing of legal
// actions. Perft and random playouts search the steps after every step, so
// the connection is judged once per piece rather than once per step.
#include <array>

#include "engine/sandkings/sandkings.h"

namespace arbiter::sandkings {

CellSet SandkingsState::blockers(PlayerId p) const {
    CellSet blocking = 0;
    for (PlayerId q = 0; q < players_; ++q) {
        if (q == p || !inGame(q)) continue;
        blocking |= piecesOf(q) & kinds_[kVertebra] &
                    neighbours(bodyOf(q), /*diagonals=*/!rules_.orthogonalBlock);
    }
    return blocking;
}

CellSet SandkingsState::reach(PlayerId p, Cell from, CellSet blocking) const {
    const CellSet around = kingNeighbours(only(from));
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
    const CellSet blocking = blockers(p);
    const CellSet own = piecesOf(p);
    for (CellSet left = own; left; left &= left - 1) {
        const Cell from = firstOf(left);
        CellSet targets = reach(p, from, blocking);
        if (!targets) continue;
        // The rest of the creature held together without the piece: then a
        // step keeps it joined exactly when it lands next to the rest (the
        // body, wherever it goes, is one of the joined cells). Otherwise
        // only a step that bridges the parts does, judged one by one.
        const CellSet rest = own & ~only(from);
        if (rest == 0 || flood(only(firstOf(rest)), rest, true) == rest) {
            if (rest != 0) targets &= kingNeighbours(rest);
            for (; targets; targets &= targets - 1) {
                if (!visit(from, firstOf(targets))) return;
            }
            continue;
        }
        for (; targets; targets &= targets - 1) {
            if (staysJoined(p, from, firstOf(targets)) && !visit(from, firstOf(targets))) return;
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
    // Found first and built after, so that the list is allocated once and at
    // its size. No piece has more than eight steps.
    std::array<std::array<int8_t, 2>, 8 * kMaxParts> found;
    size_t count = 0;
    forEachStep(toMove_, [&](Cell from, Cell to) {
        found[count++] = {static_cast<int8_t>(from), static_cast<int8_t>(to)};
        return true;
    });
    const bool closing = made_ > 0 || count == 0;  // "end" or a pass after the steps
    out.reserve(count + (closing ? 1 : 0));
    for (size_t i = 0; i < count; ++i)
        appendAction(out, Action::Kind::Move, found[i][0], found[i][1]);
    if (made_ > 0)
        out.push_back(Action::endTurn());
    else if (count == 0)
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
