#include "daemon/referee/referee.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace arbiter {

namespace {

constexpr uint32_t kAlone = UINT32_MAX;

// Whether an effect is as the engine core promises: cells of the game, each
// once, in ascending order. The index and the merging of two effects rely on it.
[[maybe_unused]] bool wellFormed(const Effect& e, const Geometry& g) {
    for (size_t i = 0; i < e.changes.size(); ++i) {
        if (!g.contains(e.changes[i].cell)) return false;
        if (i > 0 && e.changes[i - 1].cell >= e.changes[i].cell) return false;
    }
    return true;
}

// What `first` and then `second` do together, cell by cell (both ascending):
// what each cell shows before the first and after the second. A cell counts as
// a consequence only if neither action changes it by hand.
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

template <typename T>
void keepFirstOfEach(std::vector<T>& items) {
    std::vector<T> unique;
    for (const T& item : items) {
        if (std::find(unique.begin(), unique.end(), item) == unique.end()) unique.push_back(item);
    }
    items = std::move(unique);
}

}  // namespace

// One state and what each of its legal actions would do to the cells: the
// effects in legalActions() order and, for the states judged on every event,
// which actions touch each cell, in that same order, so that candidates are
// always weighed in the game's own order whichever cell led to them.
struct Referee::Ply {
    std::unique_ptr<GameState> state;
    std::vector<Action> actions;
    std::vector<Effect> effects;
    std::vector<uint32_t> cellStart;  // per cell, and one more: where its actions begin in byCell
    std::vector<uint32_t> byCell;
    std::vector<uint32_t> chains;  // the actions with stops on their way (Action::path)

    void list(bool indexed) {
        actions.clear();
        effects.clear();
        // While chance is to be drawn, the session draws it before anyone acts:
        // nothing the players do can be shown.
        if (!state->chance()) actions = state->legalActions();
        effects.reserve(actions.size());
        const Geometry& g = state->geometry();
        chains.clear();
        for (const Action& a : actions) {
            if (a.kind == Action::Kind::Move && !a.path.empty())
                chains.push_back(static_cast<uint32_t>(effects.size()));
            effects.push_back(state->effect(a));
            assert(wellFormed(effects.back(), g));
        }
        if (!indexed) return;
        size_t cells = static_cast<size_t>(g.size());
        cellStart.assign(cells + 1, 0);
        for (const Effect& e : effects) {
            for (const CellChange& ch : e.changes) ++cellStart[static_cast<size_t>(ch.cell) + 1];
        }
        for (size_t c = 0; c < cells; ++c) cellStart[c + 1] += cellStart[c];
        byCell.resize(cellStart[cells]);
        std::vector<uint32_t> next(cellStart.begin(), cellStart.end() - 1);
        for (uint32_t i = 0; i < effects.size(); ++i) {
            for (const CellChange& ch : effects[i].changes)
                byCell[next[static_cast<size_t>(ch.cell)]++] = i;
        }
    }
    bool indexed() const { return !cellStart.empty(); }
    std::span<const uint32_t> touching(Cell c) const {
        assert(indexed());
        size_t i = static_cast<size_t>(c);
        return std::span<const uint32_t>(byCell).subspan(cellStart[i],
                                                         cellStart[i + 1] - cellStart[i]);
    }
};

// One explanation of what the surface shows exactly: an action, or a sequence
// of several. `order` says where each stands among the legal actions of its
// state, so that explanations are weighed in the game's order; an action alone
// ends in kAlone, so that it comes after the sequences that begin with it.
struct Referee::Candidate {
    std::vector<uint32_t> order;
    std::vector<Action> actions;
    std::vector<Cell> untouched;        // cells whose piece changes but nobody touched
    std::vector<CellFix> consequences;  // what is still to be made beyond the mover's part
};

Referee::Referee() = default;
Referee::~Referee() = default;
Referee::Referee(Referee&&) noexcept = default;
Referee& Referee::operator=(Referee&&) noexcept = default;

void Referee::prepare(const GameState& current, const GameState* previous, const Action* last,
                      const Surface& surface) {
    const Geometry& g = current.geometry();
    assert(surface.geometry() == g);
    assert(!previous || previous->geometry() == g);

    current_ = std::make_unique<Ply>();
    chainMade_.clear();
    current_->state = current.clone();
    current_->list(true);
    now_ = project(current);

    // Mid-turn, the next player's action shows that the turn was ended.
    endTurnIndex_ = -1;
    afterEndTurn_.reset();
    if (current.midTurn()) {
        for (size_t i = 0; i < current_->actions.size(); ++i) {
            if (current_->actions[i].kind == Action::Kind::EndTurn) {
                endTurnIndex_ = static_cast<int>(i);
                break;
            }
        }
    }
    if (endTurnIndex_ >= 0) {
        afterEndTurn_ = std::make_unique<Ply>();
        afterEndTurn_->state = current.clone();
        afterEndTurn_->state->apply(Action::endTurn());
        afterEndTurn_->list(true);
    }

    hasPrevious_ = previous != nullptr;
    takeback_.clear();
    replacements_.clear();
    if (previous && last) {
        for (const CellChange& ch : previous->effect(*last).changes)
            takeback_.push_back({ch.cell, ch.after, ch.before, ch.pieceChanges, false});
        // What the surface shows if `last` was only the first part of another
        // action: back to `previous`, then that action made.
        for (ActionsInParts::ActionBegun& begun : actionsBegunBy(*previous, *last)) {
            Replacement r{std::move(begun.whole), std::move(begun.refusal), {}};
            combine(takeback_, previous->effect(r.whole).changes, r.changes);
            replacements_.push_back(std::move(r));
        }
    } else if (previous) {
        for (Cell c = 0; c < g.size(); ++c) {
            if (!g.contains(c)) continue;
            Appearance was = previous->appearance(c);
            const Appearance& is = now_[static_cast<size_t>(c)];
            bool pieceChanges = previous->pieceAt(c) != current.pieceAt(c);
            if (was != is || pieceChanges) takeback_.push_back({c, is, was, pieceChanges, false});
        }
    }

    surface_ = &surface;
    rescan(surface);
}

void Referee::rescan(const Surface& surface) {
    const Geometry& g = current_->state->geometry();
    differing_.clear();
    differAt_.assign(static_cast<size_t>(g.size()), -1);
    for (Cell c = 0; c < g.size(); ++c) update(surface, c);
    stamp_ = surface.changeStamp();
}

void Referee::update(const Surface& surface, Cell c) {
    if (!current_->state->geometry().contains(c)) return;
    size_t i = static_cast<size_t>(c);
    bool wrong = !matches(surface.cell(c), now_[i], surface.sensing(c));
    int& at = differAt_[i];
    if (wrong && at < 0) {
        at = static_cast<int>(differing_.size());
        differing_.push_back(c);
    } else if (!wrong && at >= 0) {
        Cell moved = differing_.back();
        differing_[static_cast<size_t>(at)] = moved;
        differAt_[static_cast<size_t>(moved)] = at;
        differing_.pop_back();
        at = -1;
    }
}

void Referee::sync(const Surface& surface) {
    assert(prepared());
    if (&surface != surface_) {
        surface_ = &surface;
        rescan(surface);
        return;
    }
    auto changes = surface.changesSince(stamp_);
    if (!changes) {
        rescan(surface);
        return;
    }
    for (Cell c : *changes) update(surface, c);
    stamp_ = surface.changeStamp();
}

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
    return fixesTowards(surface, {});
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
    const Ply& start = *current_;
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
            auto after = here.state->clone();
            after->apply(here.actions[j]);
            for (const CellChange& ch : combined) {
                if (!ch.consequence && !surface.touched(ch.cell) &&
                    start.state->pieceAt(ch.cell) != after->pieceAt(ch.cell))
                    c.untouched.push_back(ch.cell);
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
    return std::all_of(e.changes.begin(), e.changes.end(), [&](const CellChange& ch) {
        return ch.consequence || surface.touched(ch.cell);
    });
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

Verdict Referee::judge(const Surface& surface, int catchUpPlies, bool unseenCells) {
    assert(prepared());
    assert(surface.geometry() == current_->state->geometry());
    Verdict v;
    sync(surface);
    if (!surface.allKnown()) return v;
    if (differing_.empty()) {
        v.kind = Verdict::Kind::Settled;
        return v;
    }

    // An action shown exactly, or on the way, touches every differing cell: it
    // is among those touching the one that fewest actions touch.
    const Ply& ply = *current_;
    auto fewest = [&](const Ply& p) {
        Cell pivot = differing_.front();
        for (Cell c : differing_) {
            if (p.touching(c).size() < p.touching(pivot).size()) pivot = c;
        }
        return p.touching(pivot);
    };
    std::span<const uint32_t> covering = fewest(ply);

    std::vector<Candidate> shown;
    for (uint32_t i : covering) {
        const Effect& e = ply.effects[i];
        if (!shows(surface, e.changes)) continue;
        Candidate c;
        c.order = {i, kAlone};
        c.actions = {ply.actions[i]};
        for (const CellChange& ch : e.changes) {
            if (!ch.consequence && ch.pieceChanges && !surface.touched(ch.cell))
                c.untouched.push_back(ch.cell);
            if (ch.consequence &&
                !matches(surface.cell(ch.cell), ch.after, surface.sensing(ch.cell)))
                c.consequences.push_back(
                    {ch.cell, surface.cell(ch.cell).content, ch.after, surface.sensing(ch.cell)});
        }
        shown.push_back(std::move(c));
    }
    // One action made beats any sequence: none is looked for then.
    if (std::any_of(shown.begin(), shown.end(),
                    [](const Candidate& c) { return c.untouched.empty(); }))
        catchUpPlies = 1;
    // A surface on the way to a single action (a piece in the hand: most of
    // what a board shows between moves) is looked at for two plies at most:
    // longer sequences are wanted only when no single action explains it.
    if (catchUpPlies > 2 && std::any_of(covering.begin(), covering.end(), [&](uint32_t i) {
            return onTheWay(surface, ply.effects[i].changes);
        }))
        catchUpPlies = 2;
    findSequences(surface, catchUpPlies, unseenCells, shown);
    std::sort(shown.begin(), shown.end(),
              [](const Candidate& a, const Candidate& b) { return a.order < b.order; });

    // Shown exactly, and every cell whose piece changes was touched: made. Shown
    // exactly but some such cell untouched: perhaps only a piece in the hand.
    std::vector<const Candidate*> made, unconfirmed;
    for (const Candidate& c : shown) (c.untouched.empty() ? made : unconfirmed).push_back(&c);
    if (!made.empty()) {
        // A single action beats any explanation by two: people make one move far more often.
        size_t shortest = made.front()->actions.size();
        for (const Candidate* c : made) shortest = std::min(shortest, c->actions.size());
        std::vector<const Candidate*> best;
        for (const Candidate* c : made) {
            if (c->actions.size() == shortest) best.push_back(c);
        }
        // A chain followed stop by stop: chains that end alike while their
        // captured pieces are still to come off are told apart by the stops
        // seen made, the dot jumping from the last of them to where it rests.
        auto following = [&](const Candidate* c) {
            return c->actions.size() == 1 && followsChainMade(c->actions.front());
        };
        // Sequences that end alike (moves made in another order) are told
        // apart by the order in which the hands reached their cells; when no
        // order fits (a board that reports a scan's changes square by square),
        // the evidence says nothing and all stay: the position is unclear.
        auto inOrder = [&](const Candidate* c) { return inTouchOrder(surface, c->actions); };
        if (shortest > 1 && best.size() > 1 && std::any_of(best.begin(), best.end(), inOrder))
            std::erase_if(best, [&](const Candidate* c) { return !inOrder(c); });
        // And by the cells the hands were at: 1. e4 fxe3 (en passant) and
        // 1. e3 fxe3 end alike, but only the first was seen on e4.
        if (shortest > 1 && best.size() > 1) {
            std::vector<int> strays;
            for (const Candidate* c : best) strays.push_back(touchedBeside(surface, c->actions));
            const int fewest = *std::min_element(strays.begin(), strays.end());
            for (size_t k = best.size(); k-- > 0;) {
                if (strays[k] != fewest) best.erase(best.begin() + static_cast<long>(k));
            }
        }
        if (best.size() > 1 && std::any_of(best.begin(), best.end(), following)) {
            std::erase_if(best, [&](const Candidate* c) { return !following(c); });
            size_t fewest = best.front()->actions.front().path.size();
            for (const Candidate* c : best)
                fewest = std::min(fewest, c->actions.front().path.size());
            std::erase_if(
                best, [&](const Candidate* c) { return c->actions.front().path.size() != fewest; });
        }
        if (best.size() == 1) {
            v.kind = Verdict::Kind::Commit;
            v.actions = best.front()->actions;
            v.consequences = best.front()->consequences;
        } else {
            v.kind = Verdict::Kind::Ambiguous;
            for (const Candidate* c : best) v.candidates.push_back(c->actions.front());
            keepFirstOfEach(v.candidates);
        }
        return v;
    }
    if (!unconfirmed.empty()) {
        v.kind = Verdict::Kind::Pending;
        for (const Candidate* c : unconfirmed) {
            v.unconfirmed.push_back(c->actions.front());
            v.untouched.insert(v.untouched.end(), c->untouched.begin(), c->untouched.end());
        }
        keepFirstOfEach(v.unconfirmed);
        std::sort(v.untouched.begin(), v.untouched.end());
        v.untouched.erase(std::unique(v.untouched.begin(), v.untouched.end()), v.untouched.end());
        return v;
    }

    if (auto [chain, stops] = chainStop(surface); stops > 0) {
        v.kind = Verdict::Kind::Pending;
        v.chain = ply.actions[static_cast<size_t>(chain)];
        v.chainStops = stops;
        return v;
    }

    if (hasPrevious_) {
        if (shows(surface, takeback_)) {
            v.kind = Verdict::Kind::Takeback;
            return v;
        }
        if (onTheWay(surface, takeback_)) {
            v.kind = Verdict::Kind::Pending;
            return v;
        }
    }
    for (const Replacement& r : replacements_) {
        if (shows(surface, r.changes)) {
            if (r.refusal.empty()) {
                v.kind = Verdict::Kind::Replace;
                v.actions = {r.whole};
                return v;
            }
            // Refused by the rules: illegal, and the players are told why.
            v.refusal = r.refusal;
        } else if (onTheWay(surface, r.changes)) {
            v.kind = Verdict::Kind::Pending;  // the king in the hand on its way to castle
            return v;
        }
    }
    bool onItsWay = std::any_of(covering.begin(), covering.end(), [&](uint32_t i) {
        return onTheWay(surface, ply.effects[i].changes);
    });
    // Mid-turn, the next player may already be making their action.
    if (!onItsWay && afterEndTurn_ && ply.effects[static_cast<size_t>(endTurnIndex_)].empty()) {
        auto next = fewest(*afterEndTurn_);
        onItsWay = std::any_of(next.begin(), next.end(), [&](uint32_t j) {
            return onTheWay(surface, afterEndTurn_->effects[j].changes);
        });
    }
    if (onItsWay) {
        v.kind = Verdict::Kind::Pending;
        return v;
    }

    // Illegal: lead the players back to the current state, unless a legal action
    // is strictly nearer to what they have made. Only an action touching a
    // differing cell can be nearer; of equally near ones the game's first wins.
    v.kind = Verdict::Kind::Illegal;
    std::vector<uint32_t> near;
    for (Cell c : differing_) {
        auto touching = ply.touching(c);
        near.insert(near.end(), touching.begin(), touching.end());
    }
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    int bestCount = static_cast<int>(differing_.size());
    int nearest = -1;
    for (uint32_t i : near) {
        int n = mismatches(surface, ply.effects[i].changes);
        if (n < bestCount) {
            bestCount = n;
            nearest = static_cast<int>(i);
        }
    }
    if (nearest >= 0) {
        v.fixes = fixesTowards(surface, ply.effects[static_cast<size_t>(nearest)].changes);
        v.fixesComplete = {ply.actions[static_cast<size_t>(nearest)]};
    } else {
        v.fixes = fixesTowards(surface, {});
    }
    return v;
}

Verdict Referee::judge(const GameState& current, const GameState* previous, const Surface& surface,
                       int catchUpPlies) const {
    Referee once;
    once.prepare(current, previous, nullptr, surface);
    return once.judge(surface, catchUpPlies);
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
