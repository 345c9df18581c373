// What an action changes on the cells in Colonization: the mover's own
// edits, the pieces production replaces, what the Weapon clears and the
// pieces cut off from their home planets; and making them.
#include "engine/colonization/colonization.h"

#include <algorithm>
#include <cassert>
#include <span>

namespace arbiter::colonization {

namespace {

// A society has at most sixteen pieces: the cells a flood fill reached fit
// here and are searched in a moment.
struct SmallCells {
    std::array<Cell, kAllPieces> cells{};
    int size = 0;
    bool has(Cell c) const {
        return std::find(cells.begin(), cells.begin() + size, c) != cells.begin() + size;
    }
    void add(Cell c) {
        assert(size < kAllPieces);
        cells[static_cast<size_t>(size++)] = c;
    }
};

}  // namespace

void ColonizationState::put(Cell c, Square s) {
    const Square old = at(c);
    if (!old.empty()) {
        Society& society = societies_[static_cast<size_t>(old.owner)];
        --society.counts[static_cast<size_t>(old.kind)];
        if (old.kind == kPlanet) {
            for (Cell& p : society.planets) {
                if (p == c) p = NoCell;
            }
        }
        const auto begin = society.cells.begin(), end = begin + society.size;
        const auto gone = std::find(begin, end, c);
        assert(gone != end);
        std::copy(gone + 1, end, gone);
        --society.size;
    }
    if (!s.empty()) {
        Society& society = societies_[static_cast<size_t>(s.owner)];
        int& n = society.counts[static_cast<size_t>(s.kind)];
        ++n;
        assert(n <= kLimit[static_cast<size_t>(s.kind)]);
        if (s.kind == kPlanet) {
            auto free = std::find(society.planets.begin(), society.planets.end(), NoCell);
            assert(free != society.planets.end());
            *free = c;
        }
        assert(society.size < kAllPieces);
        const auto begin = society.cells.begin(), end = begin + society.size;
        const auto slot = std::upper_bound(begin, end, c);
        std::copy_backward(slot, end, end + 1);
        *slot = c;
        ++society.size;
    }
    if (old.empty() != s.empty()) {
        // The cell's neighbours see it from the opposite direction. Off the
        // surface is the sink past the last cell: no branch to mispredict.
        const auto& around = surface_->neighbours[static_cast<size_t>(c)];
        const size_t sink = open_.size() - 1;
        const unsigned now = s.empty() ? 0xffu : 0u;
        for (size_t d = 0; d < std::size(kSteps); ++d) {
            const size_t n = around[d] == NoCell ? sink : static_cast<size_t>(around[d]);
            const unsigned back = 1u << (d + 4) % 8;
            open_[n] = static_cast<uint8_t>((open_[n] & ~back) | (back & now));
        }
    }
    at(c) = s;
}

unsigned ColonizationState::ringOf(Cell c, PlayerId p) const {
    unsigned ring = 0;
    const auto& around = surface_->neighbours[static_cast<size_t>(c)];
    for (size_t d = 0; d < std::size(kSteps); ++d) {
        if (around[d] != NoCell && at(around[d]).owner == p) ring |= 1u << d;
    }
    return ring;
}

bool ColonizationState::makeQuickly(const Action& a) {
    const PlayerId p = toMove_;
    if (a.kind == Action::Kind::Pass) return true;
    if (a.kind == Action::Kind::Place && a.piece == kColony && seat(p) == Seat::Playing) {
        // Next to a home planet, on an empty cell: it joins, and replaces nothing.
        assert(at(a.to).empty());
        put(a.to, Square{kColony, static_cast<int8_t>(p)});
        return true;
    }
    if (a.kind != Action::Kind::Move) return false;
    const Square moving = at(a.from), taken = at(a.to);
    // Whatever leaves a cell leaves before anything arrives, as in make().
    put(a.from, Square{});
    if (!taken.empty()) put(a.to, Square{});
    put(a.to, moving);
    // A step cuts off none of the mover's pieces when those around the cell
    // it left (the one that arrived among them) still hang together; none of
    // the victim's when what was taken is no home planet and the victim's
    // pieces around it hang together. Else a flood fill tells.
    if (!ringHangsTogether(ringOf(a.from, p))) dropCutOff(p);
    if (!taken.empty() && (taken.kind == kPlanet || !ringHangsTogether(ringOf(a.to, taken.owner))))
        dropCutOff(taken.owner);
    return true;
}

void ColonizationState::dropCutOff(PlayerId seat) {
    const Society& society = societies_[static_cast<size_t>(seat)];
    SmallCells reached;
    for (Cell c : society.planets) {
        if (c != NoCell) reached.add(c);
    }
    // One flood fill from the home planets through the society's own pieces,
    // until it has found them all.
    for (int i = 0; i < reached.size && reached.size < society.size; ++i) {
        const Cell c = reached.cells[static_cast<size_t>(i)];
        for (const Cell n : surface_->neighbours[static_cast<size_t>(c)]) {
            if (n != NoCell && at(n).owner == seat && !reached.has(n)) reached.add(n);
        }
    }
    if (reached.size == society.size) return;
    // Gathered first: put() changes the society's cells.
    SmallCells cut;
    for (int i = 0; i < society.size; ++i) {
        const Cell c = society.cells[static_cast<size_t>(i)];
        if (!reached.has(c)) cut.add(c);
    }
    for (Cell c : std::span(cut.cells.data(), static_cast<size_t>(cut.size))) put(c, Square{});
}

void ColonizationState::make(const std::vector<Edit>& edits) {
    // Whatever leaves a cell leaves before anything arrives: a piece stepping
    // to a lower cell would otherwise count twice for a moment, past its
    // kind's limit.
    for (const Edit& e : edits) {
        if (!e.before.empty()) put(e.cell, Square{});
    }
    for (const Edit& e : edits) {
        if (!e.after.empty()) put(e.cell, e.after);
    }
}

void ColonizationState::cutOff(PlayerId seat, std::vector<Edit>& edits) const {
    auto after = [&](Cell c) {
        for (const Edit& e : edits) {
            if (e.cell == c) return e.after;
        }
        return at(c);
    };
    const Square planet{kPlanet, static_cast<int8_t>(seat)};
    int total = piecesOf(seat);
    SmallCells reached;
    for (Cell c : societies_[static_cast<size_t>(seat)].planets) {
        if (c != NoCell && after(c) == planet) reached.add(c);
    }
    for (const Edit& e : edits) {
        total += (e.after.owner == seat) - (e.before.owner == seat);
        if (e.after == planet && !reached.has(e.cell)) reached.add(e.cell);
    }
    // One flood fill from the home planets through the society's own pieces,
    // until it has found them all: mostly nothing is cut off.
    for (int i = 0; i < reached.size && reached.size < total; ++i) {
        const Cell c = reached.cells[static_cast<size_t>(i)];
        for (const Cell n : surface_->neighbours[static_cast<size_t>(c)]) {
            if (n != NoCell && after(n).owner == seat && !reached.has(n)) reached.add(n);
        }
    }
    assert(reached.size <= total);
    if (reached.size == total) return;
    // Some are cut off: found among the pieces arriving, then among the
    // society's cells until all are (their order is the edits' sort's).
    const int missing = total - reached.size;
    SmallCells cut;
    for (const Edit& e : edits) {
        if (e.after.owner == seat && e.before.owner != seat && !reached.has(e.cell))
            cut.add(e.cell);
    }
    const Society& society = societies_[static_cast<size_t>(seat)];
    for (int i = 0; i < society.size && cut.size < missing; ++i) {
        const Cell c = society.cells[static_cast<size_t>(i)];
        if (after(c).owner == seat && !reached.has(c)) cut.add(c);
    }
    for (Cell c : std::span(cut.cells.data(), static_cast<size_t>(cut.size))) {
        auto e =
            std::find_if(edits.begin(), edits.end(), [&](const Edit& x) { return x.cell == c; });
        if (e == edits.end())
            edits.push_back({c, at(c), Square{}, Edit::Why::CutOff, at(c)});
        else
            *e = {c, e->before, Square{}, Edit::Why::CutOff, e->after};
    }
}

std::vector<Edit> ColonizationState::editsOf(const Action& a) const {
    std::vector<Edit> edits;
    const PlayerId p = toMove_;
    auto set = [&](Cell c, Square after, Edit::Why why) {
        for (Edit& e : edits) {
            if (e.cell == c) {
                e.after = after;
                e.why = why;
                e.lost = why == Edit::Why::Hand ? Square{} : e.lost;
                return;
            }
        }
        edits.push_back({c, at(c), after, why, why == Edit::Why::Hand ? Square{} : at(c)});
    };
    PlayerId victim = NoPlayer;
    switch (a.kind) {
        case Action::Kind::Place:
            if (seat(p) == Seat::Playing) {
                const unsigned replaced = replacedBy(a.piece);
                for (Cell c = 0; c < geometry().size() && replaced != 0; ++c) {
                    const Square s = at(c);
                    if (s.owner == p && (replaced >> s.kind & 1u))
                        set(c, Square{}, Edit::Why::Replaced);
                }
            }
            set(a.to, Square{static_cast<int8_t>(a.piece), static_cast<int8_t>(p)},
                Edit::Why::Hand);
            break;
        case Action::Kind::Move:
            victim = at(a.to).owner;
            set(a.from, Square{}, Edit::Why::Hand);
            set(a.to, at(a.from), Edit::Why::Hand);
            break;
        case Action::Kind::Choice:
            for (Cell c = 0; c < geometry().size(); ++c) {
                const Square s = at(c);
                if (!s.empty() && s.owner != p && s.kind != kPlanet)
                    set(c, Square{}, Edit::Why::Weapon);
            }
            set(a.to, Square{}, Edit::Why::Weapon);
            break;
        case Action::Kind::Leave:
            for (Cell c = 0; c < geometry().size(); ++c) {
                if (at(c).owner == a.arg) set(c, Square{}, Edit::Why::Hand);
            }
            break;
        default:
            return edits;
    }
    // A colony is placed next to a home planet and replaces nothing: it cuts
    // nothing off, and colonies are most of the productions.
    const bool joinsOnly = a.kind == Action::Kind::Place && replacedBy(a.piece) == 0;
    if (a.kind != Action::Kind::Leave && !joinsOnly) {
        cutOff(p, edits);
        if (victim != NoPlayer) cutOff(victim, edits);
    }
    std::sort(edits.begin(), edits.end(),
              [](const Edit& x, const Edit& y) { return x.cell < y.cell; });
    return edits;
}

Effect ColonizationState::effect(const Action& a) const {
    // The Weapon is said, never shown by hand: the players are then told
    // what to take off. A pass and a join change no cell.
    Effect e;
    if (a.kind != Action::Kind::Move && a.kind != Action::Kind::Place &&
        a.kind != Action::Kind::Leave)
        return e;
    auto look = [&](const Square& s) -> Appearance {
        if (s.empty()) return std::nullopt;
        return SetPiece{colourOf(s.owner), rules_->figures[static_cast<size_t>(s.kind)]};
    };
    const std::vector<Edit> edits = editsOf(a);
    // A step whose piece is cut off where it arrives would show on the boards
    // as nothing but a piece lifted, which every piece in the hand is: it is
    // said (arbiterctl do), never read from the boards.
    if (a.kind == Action::Kind::Move &&
        std::any_of(edits.begin(), edits.end(), [&](const Edit& edit) {
            return edit.cell == a.to && edit.before == edit.after;
        }))
        return e;
    for (const Edit& edit : edits) {
        if (edit.before == edit.after) continue;
        e.changes.push_back({edit.cell, look(edit.before), look(edit.after),
                             edit.before != edit.after, edit.why != Edit::Why::Hand});
    }
    return e;
}

std::vector<Cell> ColonizationState::consequences(const Action& a, const GameState&) const {
    std::vector<Cell> cells;
    if (a.changesRoster() || !isLegal(a)) return cells;
    for (const Edit& e : editsOf(a)) {
        if (e.why != Edit::Why::Hand && e.before != e.after) cells.push_back(e.cell);
    }
    return cells;
}

}  // namespace arbiter::colonization
