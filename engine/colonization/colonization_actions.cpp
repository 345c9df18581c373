// What the player to move may do in Colonization: the actions listed (or
// counted) in their order, the roster's, and what a production needs. The
// rest of the rules are in colonization.cpp.
#include "engine/colonization/colonization.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <iterator>

namespace arbiter::colonization {

bool ColonizationState::nextToOwnPlanet(Cell c, PlayerId p) const {
    for (Cell planet : societies_[static_cast<size_t>(p)].planets) {
        if (planet == NoCell || planet == c) continue;
        const int df = geometry().file(c) - geometry().file(planet);
        const int dr = geometry().rank(c) - geometry().rank(planet);
        if (df >= -1 && df <= 1 && dr >= -1 && dr <= 1) return true;
    }
    return false;
}

unsigned ColonizationState::replacedBy(int kind) {
    switch (kind) {
        case kPlanet:
        case kAgricultural:
            return 1u << kColony;
        case kIndustrial:
            return 1u << kColony | 1u << kAgricultural;
        case kWeapon:
            return 1u << kColony | 1u << kAgricultural | 1u << kIndustrial;
        default:
            return 0;
    }
}

bool ColonizationState::mayProduce(int kind) const {
    const PlayerId p = toMove_;
    const bool eight = count(p, kColony) == kLimit[kColony];
    if (kind == kColony) return !eight;
    if (count(p, kind) >= kLimit[static_cast<size_t>(kind)] || !eight) return false;
    // Each kind replaces the kinds below it (replacedBy), and needs all of them.
    const bool agricultural = count(p, kAgricultural) == kLimit[kAgricultural];
    const bool industrial = count(p, kIndustrial) == kLimit[kIndustrial];
    switch (kind) {
        case kPlanet:
        case kAgricultural:
            return true;
        case kIndustrial:
            return agricultural;
        default:
            return agricultural && industrial;
    }
}

template <typename Emit>
void ColonizationState::forEachAction(Emit emit) const {
    if (outcome_.over()) return;
    const PlayerId p = toMove_;
    if (seat(p) == Seat::Placing) {
        bool any = false;
        for (Cell c = 0; c < geometry().size(); ++c) {
            if (at(c).empty()) any = true, emit(Action::Kind::Place, NoCell, c, int{kPlanet});
        }
        if (!any) emit(Action::Kind::Pass, NoCell, NoCell, -1);
        return;
    }
    assert(seat(p) == Seat::Playing);
    // Fixed arrays, not vectors: legalActions() is asked at every turn of a playout.
    std::array<Cell, kLimit[kWeapon]> weapons{};
    size_t weaponCount = 0;
    const Society& society = societies_[static_cast<size_t>(p)];
    for (int i = 0; i < society.size; ++i) {
        const Cell c = society.cells[static_cast<size_t>(i)];
        const Square s = at(c);
        const auto& neighbours = surface_->neighbours[static_cast<size_t>(c)];
        // Any piece steps to an empty cell (open_ has them), a home planet
        // also onto another's piece; in kSteps order.
        unsigned targets = open_[static_cast<size_t>(c)];
        if (s.kind == kPlanet) {
            const unsigned taken = surface_->onSurface[static_cast<size_t>(c)] & ~targets;
            for (unsigned held = taken; held != 0; held &= held - 1) {
                const auto d = static_cast<size_t>(std::countr_zero(held));
                targets |= static_cast<unsigned>(at(neighbours[d]).owner != p) << d;
            }
        }
        if (s.kind == kWeapon) weapons[weaponCount++] = c;
        for (; targets != 0; targets &= targets - 1)
            emit(Action::Kind::Move, c, neighbours[static_cast<size_t>(std::countr_zero(targets))],
                 -1);
    }
    // The cells next to a home planet, each once and ascending: the two
    // planets' ascending neighbours merged.
    std::array<Cell, 2 * std::size(kSteps)> around{};
    size_t aroundSize = 0;
    {
        const auto [one, two] = society.planets;
        const Cell* a =
            one == NoCell ? nullptr : surface_->ascending[static_cast<size_t>(one)].data();
        const Cell* b =
            two == NoCell ? nullptr : surface_->ascending[static_cast<size_t>(two)].data();
        const Cell* aEnd = a == nullptr ? a : a + std::size(kSteps);
        const Cell* bEnd = b == nullptr ? b : b + std::size(kSteps);
        auto more = [](const Cell* at, const Cell* end) { return at != end && *at != NoCell; };
        while (more(a, aEnd) || more(b, bEnd)) {
            Cell next = NoCell;
            if (!more(b, bEnd) || (more(a, aEnd) && *a < *b)) {
                next = *a++;
            } else if (!more(a, aEnd) || *b < *a) {
                next = *b++;
            } else {
                next = *a++;
                ++b;
            }
            around[aroundSize++] = next;
        }
    }
    const auto aroundBegin = around.begin();
    const auto aroundEnd = around.begin() + static_cast<std::ptrdiff_t>(aroundSize);
    for (int kind = 0; kind < kKinds; ++kind) {
        if (!mayProduce(kind)) continue;
        const unsigned replaced = replacedBy(kind);
        for (auto c = aroundBegin; c != aroundEnd; ++c) {
            const Square s = at(*c);
            const bool freed = s.owner == p && (replaced >> s.kind & 1u);
            if (s.empty() || freed) emit(Action::Kind::Place, NoCell, *c, kind);
        }
    }
    for (size_t w = 0; w < weaponCount; ++w) emit(Action::Kind::Choice, NoCell, weapons[w], -1);
    emit(Action::Kind::Pass, NoCell, NoCell, -1);
}

void ColonizationState::listActions(std::vector<Action>& out) const {
    out.clear();
    out.reserve(160);
    forEachAction([&](Action::Kind kind, Cell from, Cell to, int piece) {
        Action& a = appendAction(out, kind, from, to, piece);
        if (kind == Action::Kind::Choice) a.arg = kActivate;
    });
}

std::optional<uint64_t> ColonizationState::turnCount() const {
    // Every action is a whole turn: counted as legalActions() lists them.
    uint64_t turns = 0;
    forEachAction([&](Action::Kind, Cell, Cell, int) { ++turns; });
    return turns;
}

std::vector<Action> ColonizationState::rosterActions() const {
    std::vector<Action> actions;
    if (outcome_.over()) return actions;
    if (playerCount() < kMaxSeats) {
        actions.push_back(Action::join());
        for (PlayerId p = 0; p < playerCount(); ++p) {
            if (seat(p) == Seat::Out) actions.push_back(Action::join(p));
        }
    }
    for (PlayerId p = 0; p < playerCount(); ++p) {
        if (inGame(p)) actions.push_back(Action::leave(p));
    }
    return actions;
}

std::string ColonizationState::refusedAfterTimeLimit(const Action& a) const {
    if (a.kind == Action::Kind::Choice && a.arg == kActivate)
        return "the Weapon cannot be used after the time limit";
    return {};
}

}  // namespace arbiter::colonization
