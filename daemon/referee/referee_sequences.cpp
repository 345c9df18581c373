// The referee's search beyond a single action: a capture chain followed stop
// by stop, and sequences of actions made while the boards were not judged
// (catching up), told apart by where and in which order the hands were.
#include "daemon/referee/referee_ply.h"

namespace arbiter {

void combine(std::span<const CellChange> first, std::span<const CellChange> second,
             std::vector<CellChange>& out) {
    out.clear();
    auto a = first.begin(), b = second.begin();
    while (a != first.end() || b != second.end()) {
        if (b == second.end() || (a != first.end() && a->cell < b->cell)) {
            out.push_back(*a++);
        } else if (a == first.end() || b->cell < a->cell) {
            out.push_back(*b++);
        } else {
            out.push_back({a->cell, a->before, b->after, a->pieceChanges || b->pieceChanges,
                           a->consequence && b->consequence});
            ++a;
            ++b;
        }
    }
}

std::pair<int, int> Referee::chainStop(const Surface& surface) {
    const Ply& ply = *current_;
    // Every (chain, stops made) that the surface shows. A captured piece may be
    // taken off or not yet, and a stop left leaves no trace, so several may:
    // the stops seen made so far decide between them.
    std::vector<std::pair<int, int>> shown;
    for (uint32_t i : ply.chains) {
        const Action& a = ply.actions[i];
        const Effect& e = ply.effects[i];
        const CellChange* lifted = e.find(a.from);
        if (!lifted || !lifted->before) continue;
        for (size_t k = 1; k <= a.path.size(); ++k) {
            // What the cells show with the mover on stop k: its later stops and
            // its last cell as they are now, the piece on the stop, the rest of
            // the action's changes (pieces captured far away either way) made.
            Cell stop = a.path[k - 1];
            auto later = [&](Cell c) {
                return c == a.to || std::find(a.path.begin() + static_cast<long>(k) - 1,
                                              a.path.end(), c) != a.path.end();
            };
            scratch_.clear();
            for (const CellChange& ch : e.changes) {
                if (ch.consequence || !later(ch.cell)) scratch_.push_back(ch);
            }
            CellChange standing{stop, now_[static_cast<size_t>(stop)], lifted->before, true, false};
            scratch_.insert(
                std::lower_bound(scratch_.begin(), scratch_.end(), stop,
                                 [](const CellChange& ch, Cell c) { return ch.cell < c; }),
                standing);
            if (shows(surface, scratch_))
                shown.push_back({static_cast<int>(i), static_cast<int>(k)});
        }
    }
    auto madeSoFar = [&](const std::pair<int, int>& c) {
        return followsChainMade(ply.actions[static_cast<size_t>(c.first)]);
    };
    // Those that go on from the stops seen made, if any; of them the fewest stops.
    if (std::any_of(shown.begin(), shown.end(), madeSoFar))
        std::erase_if(shown, [&](const auto& c) { return !madeSoFar(c); });
    if (shown.empty()) return {-1, 0};
    int fewest = shown.front().second;
    for (const auto& c : shown) fewest = std::min(fewest, c.second);
    std::pair<int, int> found{-1, 0};
    for (const auto& [i, k] : shown) {
        if (k != fewest) continue;
        const Action& a = ply.actions[static_cast<size_t>(i)];
        if (found.second == 0) {
            found = {i, k};
            continue;
        }
        // Another chain with other stops: the surface cannot tell which were made.
        const Action& first = ply.actions[static_cast<size_t>(found.first)];
        if (first.from != a.from ||
            !std::equal(a.path.begin(), a.path.begin() + k, first.path.begin()))
            return {-1, 0};
    }
    const Action& a = ply.actions[static_cast<size_t>(found.first)];
    chainMade_ = {a.from};
    chainMade_.insert(chainMade_.end(), a.path.begin(), a.path.begin() + found.second);
    return found;
}

bool Referee::followsChainMade(const Action& a) const {
    if (chainMade_.empty() || a.from != chainMade_.front() || a.path.size() + 1 < chainMade_.size())
        return false;
    return std::equal(chainMade_.begin() + 1, chainMade_.end(), a.path.begin());
}

void Referee::findSequences(const Surface& surface, int catchUpPlies, bool unseenCells,
                            std::vector<Candidate>& out) {
    const Ply& ply = *current_;
    // The first action must touch a differing cell, or be the end of a turn,
    // which changes nothing but is implied by the next player's action.
    std::vector<uint32_t> firsts;
    if (catchUpPlies > 1) {
        for (Cell c : differing_) {
            auto touching = ply.touching(c);
            firsts.insert(firsts.end(), touching.begin(), touching.end());
        }
    }
    if (afterEndTurn_) firsts.push_back(static_cast<uint32_t>(endTurnIndex_));
    std::sort(firsts.begin(), firsts.end());
    firsts.erase(std::unique(firsts.begin(), firsts.end()), firsts.end());
    if (firsts.empty()) return;

    // The shortest sequences first: a longer one is looked for only when no
    // shorter one explains the surface, as one action beats any sequence.
    // First only sequences whose every cell the hands were at; failing those,
    // when asked, sequences through cells that were never reported, each
    // action touching a cell that differs or that the sequence changed, so
    // that moves out and back are never invented.
    const int longest = catchUpPlies > 1 ? std::min(catchUpPlies, kMostCatchUpPlies) : 2;
    int budget = kSequenceBudget;
    const size_t before = out.size();
    for (bool strict : {true, false}) {
        for (int plies = 2; plies <= longest && out.size() == before && budget > 0; ++plies) {
            for (uint32_t i : firsts) {
                const Effect& first = ply.effects[i];
                // Shown alone, it is no sequence: one action beats any explanation by two.
                if (shows(surface, first.changes)) continue;
                if (strict && !handled(surface, first)) continue;
                Sequence seq{{i}, {ply.actions[i]}, first.changes};
                if (static_cast<int>(i) == endTurnIndex_) {
                    extend(surface, *afterEndTurn_, seq, plies - 1, strict, budget, out);
                } else {
                    Ply next;
                    next.state = ply.state->clone();
                    next.state->apply(ply.actions[i]);
                    next.list(false);
                    --budget;
                    extend(surface, next, seq, plies - 1, strict, budget, out);
                }
            }
        }
        if (out.size() != before || !unseenCells) return;
    }
}

void Referee::extend(const Surface& surface, const Ply& here, Sequence& seq, int left, bool strict,
                     int& budget, std::vector<Candidate>& out) {
    auto relevant = [&](const Effect& e) {
        if (strict) return handled(surface, e);
        return std::any_of(e.changes.begin(), e.changes.end(), [&](const CellChange& ch) {
            return differs(ch.cell) ||
                   std::binary_search(
                       seq.changes.begin(), seq.changes.end(), ch,
                       [](const CellChange& a, const CellChange& b) { return a.cell < b.cell; });
        });
    };
    std::vector<CellChange> combined;
    for (uint32_t j = 0; j < here.effects.size(); ++j) {
        const Effect& then = here.effects[j];
        if (then.empty() || !relevant(then)) continue;
        combine(seq.changes, then.changes, combined);
        if (left == 1) {
            if (!shows(surface, combined)) continue;
            Candidate c;
            c.order = seq.order;
            c.order.push_back(j);
            c.actions = seq.actions;
            c.actions.push_back(here.actions[j]);
            c.untouched = unansweredUntouched(surface, c.actions);
            for (const CellChange& ch : combined) {
                if (ch.consequence &&
                    !matches(surface.cell(ch.cell), ch.after, surface.sensing(ch.cell)))
                    c.consequences.push_back({ch.cell, surface.cell(ch.cell).content, ch.after,
                                              surface.sensing(ch.cell)});
            }
            out.push_back(std::move(c));
            continue;
        }
        if (budget <= 0) return;
        Ply next;
        next.state = here.state->clone();
        next.state->apply(here.actions[j]);
        next.list(false);
        --budget;
        Sequence longer{seq.order, seq.actions, std::move(combined)};
        longer.order.push_back(j);
        longer.actions.push_back(here.actions[j]);
        extend(surface, next, longer, left - 1, strict, budget, out);
        combined.clear();
    }
}

bool Referee::handled(const Surface& surface, const Effect& e) {
    // A capture that leaves the square looking as it did (a pawn taking a pawn
    // in Martian Chess, any capture on a board that senses only occupancy)
    // may have been made without the board ever seeing a hand there.
    return std::all_of(e.changes.begin(), e.changes.end(), [&](const CellChange& ch) {
        return ch.consequence || surface.touched(ch.cell) ||
               (ch.before && matches({true, ch.before}, ch.after, surface.sensing(ch.cell)));
    });
}

std::vector<Cell> Referee::unansweredUntouched(const Surface& surface,
                                               const std::vector<Action>& actions) const {
    const Geometry& g = current_->state->geometry();
    // Per cell, the last of `actions` to change its piece by hand, or -1.
    std::vector<int> changedBy(static_cast<size_t>(g.size()), -1);
    std::vector<PlayerId> movers;
    auto state = current_->state->clone();
    for (const Action& a : actions) {
        for (const CellChange& ch : state->effect(a).changes) {
            if (!ch.consequence && ch.pieceChanges)
                changedBy[static_cast<size_t>(ch.cell)] = static_cast<int>(movers.size());
        }
        movers.push_back(state->toMove());
        state->apply(a);
    }
    std::vector<Cell> untouched;
    for (Cell c = 0; c < g.size(); ++c) {
        const int by = changedBy[static_cast<size_t>(c)];
        if (by < 0 || surface.touched(c) || current_->state->pieceAt(c) == state->pieceAt(c))
            continue;
        const PlayerId mover = movers[static_cast<size_t>(by)];
        const bool answered = std::any_of(movers.begin() + by + 1, movers.end(),
                                          [&](PlayerId p) { return p != mover; });
        if (!answered) untouched.push_back(c);
    }
    return untouched;
}

int Referee::touchedBeside(const Surface& surface, const std::vector<Action>& actions) const {
    const Geometry& g = current_->state->geometry();
    std::vector<bool> theirs(static_cast<size_t>(g.size()), false);
    auto state = current_->state->clone();
    for (const Action& a : actions) {
        for (const CellChange& ch : state->effect(a).changes)
            theirs[static_cast<size_t>(ch.cell)] = true;
        state->apply(a);
    }
    int strays = 0;
    for (Cell c = 0; c < g.size(); ++c) {
        if (g.contains(c) && surface.touched(c) && !theirs[static_cast<size_t>(c)]) ++strays;
    }
    return strays;
}

bool Referee::inTouchOrder(const Surface& surface, const std::vector<Action>& actions) const {
    // When the hands reached an action's cells: the latest of their first
    // touches, as its other cells may have been touched by the actions before.
    uint64_t previous = 0;
    auto state = current_->state->clone();
    for (const Action& a : actions) {
        uint64_t reached = 0;
        for (const CellChange& ch : state->effect(a).changes) {
            if (ch.consequence) continue;
            uint64_t first = surface.firstTouch(ch.cell);
            if (first != Surface::kUntouched) reached = std::max(reached, first);
        }
        if (reached < previous) return false;
        previous = reached;
        state->apply(a);
    }
    return true;
}

}  // namespace arbiter
