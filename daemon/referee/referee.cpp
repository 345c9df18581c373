// Judging: the referee prepared for a state, the differing cells kept up to
// date with the surface, and the verdict (docs/design.md, "the referee").
#include "daemon/referee/referee.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "daemon/referee/attempted_move.h"
#include "daemon/referee/referee_ply.h"

namespace arbiter {

Referee::Referee() = default;
Referee::~Referee() = default;
Referee::Referee(Referee&&) noexcept = default;
Referee& Referee::operator=(Referee&&) noexcept = default;

void Referee::prepare(const GameState& current, const GameState* previous, const Action* last,
                      const Surface& surface, const std::vector<Action>* only) {
    const Geometry& g = current.geometry();
    assert(surface.geometry() == g);
    assert(!previous || previous->geometry() == g);

    current_ = std::make_unique<Ply>();
    chainMade_.clear();
    // A game at its start (new, or taken back to it) has no history for the
    // pieces' tags to follow.
    if (!previous) identities_.forget();
    current_->state = current.clone();
    current_->list(true, only);
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
    // Prepared for what the boards show (a move just committed, the start):
    // the pieces' tags are that state's pieces from now on.
    if (differing_.empty() && surface.allKnown()) learnIdentities(surface);
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

Verdict Referee::judge(const Surface& surface, int catchUpPlies, bool unseenCells) {
    assert(prepared());
    assert(surface.geometry() == current_->state->geometry());
    Verdict v;
    sync(surface);
    if (!surface.allKnown()) return v;
    if (differing_.empty()) return settledVerdict(surface);
    // An action shown exactly, or on the way, touches every differing cell: it
    // is among those touching the one that fewest actions touch.
    const std::span<const uint32_t> covering = fewestTouching(*current_);
    std::vector<Candidate> shown = candidatesShown(surface, covering);
    catchUpPlies = pliesToLookAt(surface, covering, shown, catchUpPlies);
    findSequences(surface, catchUpPlies, unseenCells, shown);
    std::sort(shown.begin(), shown.end(),
              [](const Candidate& a, const Candidate& b) { return a.order < b.order; });

    // Shown exactly, and every cell whose piece changes was touched: made. Shown
    // exactly but some such cell untouched: perhaps only a piece in the hand.
    std::vector<const Candidate*> made, unconfirmed;
    for (const Candidate& c : shown) (c.untouched.empty() ? made : unconfirmed).push_back(&c);
    // What looks made but holds pieces that are not the ones the game moved,
    // as a board that reads each piece's tag tells, is not made.
    std::vector<CellFix> misplaced = keepPiecesTold(surface, made);
    if (!made.empty()) return verdictOnMade(surface, made);
    if (!misplaced.empty()) {
        v.kind = Verdict::Kind::Illegal;
        v.fixes = std::move(misplaced);
        return v;
    }
    if (!unconfirmed.empty()) return verdictOnUnconfirmed(unconfirmed);
    std::string refusal;
    if (auto pending = verdictBesideActions(surface, covering, refusal)) return *pending;
    return illegalVerdict(surface, refusal);
}

std::span<const uint32_t> Referee::fewestTouching(const Ply& ply) const {
    Cell pivot = differing_.front();
    for (Cell c : differing_) {
        if (ply.touching(c).size() < ply.touching(pivot).size()) pivot = c;
    }
    return ply.touching(pivot);
}

std::vector<Referee::Candidate> Referee::candidatesShown(const Surface& surface,
                                                         std::span<const uint32_t> covering) const {
    const Ply& ply = *current_;
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
    return shown;
}

int Referee::pliesToLookAt(const Surface& surface, std::span<const uint32_t> covering,
                           const std::vector<Candidate>& shown, int catchUpPlies) const {
    // One action made beats any sequence: none is looked for then.
    if (std::any_of(shown.begin(), shown.end(),
                    [](const Candidate& c) { return c.untouched.empty(); }))
        return 1;
    // A surface on the way to a single action (a piece in the hand: most of
    // what a board shows between moves) is looked at for two plies at most:
    // longer sequences are wanted only when no single action explains it.
    if (catchUpPlies > 2 && std::any_of(covering.begin(), covering.end(), [&](uint32_t i) {
            return onTheWay(surface, current_->effects[i].changes);
        }))
        return 2;
    return catchUpPlies;
}

Verdict Referee::verdictOnMade(const Surface& surface,
                               const std::vector<const Candidate*>& made) const {
    std::vector<const Candidate*> best = mostLikely(surface, made);
    Verdict v;
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

std::vector<const Referee::Candidate*> Referee::mostLikely(
    const Surface& surface, const std::vector<const Candidate*>& made) const {
    // A single action beats any explanation by two: people make one move far more often.
    size_t shortest = made.front()->actions.size();
    for (const Candidate* c : made) shortest = std::min(shortest, c->actions.size());
    std::vector<const Candidate*> best;
    for (const Candidate* c : made) {
        if (c->actions.size() == shortest) best.push_back(c);
    }
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
    keepChainFollowed(best);
    return best;
}

void Referee::keepChainFollowed(std::vector<const Candidate*>& best) const {
    // A chain followed stop by stop: chains that end alike while their
    // captured pieces are still to come off are told apart by the stops
    // seen made, the dot jumping from the last of them to where it rests.
    auto following = [&](const Candidate* c) {
        return c->actions.size() == 1 && followsChainMade(c->actions.front());
    };
    if (best.size() <= 1 || !std::any_of(best.begin(), best.end(), following)) return;
    std::erase_if(best, [&](const Candidate* c) { return !following(c); });
    size_t fewest = best.front()->actions.front().path.size();
    for (const Candidate* c : best) fewest = std::min(fewest, c->actions.front().path.size());
    std::erase_if(best,
                  [&](const Candidate* c) { return c->actions.front().path.size() != fewest; });
}

Verdict Referee::verdictOnUnconfirmed(const std::vector<const Candidate*>& unconfirmed) {
    Verdict v;
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

std::optional<Verdict> Referee::verdictBesideActions(const Surface& surface,
                                                     std::span<const uint32_t> covering,
                                                     std::string& refusal) {
    // On the way to something: it carries the refusal of a replacement the
    // surface showed, should one have shown.
    auto pending = [&refusal] {
        Verdict v;
        v.kind = Verdict::Kind::Pending;
        v.refusal = refusal;
        return v;
    };
    if (auto [chain, stops] = chainStop(surface); stops > 0) {
        Verdict v = pending();
        v.chain = current_->actions[static_cast<size_t>(chain)];
        v.chainStops = stops;
        return v;
    }
    if (hasPrevious_) {
        if (shows(surface, takeback_)) {
            Verdict v;
            v.kind = Verdict::Kind::Takeback;
            return v;
        }
        if (onTheWay(surface, takeback_)) return pending();
    }
    for (const Replacement& r : replacements_) {
        if (shows(surface, r.changes)) {
            if (r.refusal.empty()) {
                Verdict v;
                v.kind = Verdict::Kind::Replace;
                v.actions = {r.whole};
                return v;
            }
            // Refused by the rules: illegal, and the players are told why.
            refusal = r.refusal;
        } else if (onTheWay(surface, r.changes)) {
            return pending();  // the king in the hand on its way to castle
        }
    }
    const Ply& ply = *current_;
    bool onItsWay = std::any_of(covering.begin(), covering.end(), [&](uint32_t i) {
        return onTheWay(surface, ply.effects[i].changes);
    });
    // Mid-turn, the next player may already be making their action.
    if (!onItsWay && afterEndTurn_ && ply.effects[static_cast<size_t>(endTurnIndex_)].empty()) {
        auto next = fewestTouching(*afterEndTurn_);
        onItsWay = std::any_of(next.begin(), next.end(), [&](uint32_t j) {
            return onTheWay(surface, afterEndTurn_->effects[j].changes);
        });
    }
    if (onItsWay) return pending();
    return std::nullopt;
}

Verdict Referee::illegalVerdict(const Surface& surface, const std::string& refusal) const {
    // Lead the players back to the current state, unless a legal action is
    // strictly nearer to what they have made. Only an action touching a
    // differing cell can be nearer; of equally near ones the game's first wins.
    const Ply& ply = *current_;
    Verdict v;
    v.kind = Verdict::Kind::Illegal;
    v.refusal = refusal;
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
    if (refusal.empty()) nameAttemptedMove(*ply.state, fixesTowards(surface, {}), v);
    return v;
}

Verdict Referee::judge(const GameState& current, const GameState* previous, const Surface& surface,
                       int catchUpPlies) const {
    Referee once;
    once.prepare(current, previous, nullptr, surface);
    return once.judge(surface, catchUpPlies);
}

}  // namespace arbiter
