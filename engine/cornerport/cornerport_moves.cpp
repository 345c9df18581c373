// Cornerport's moves: how each ship moves, a freighter's arrival in port and
// the placement it brings, the listing of legal actions and perft's count of
// the last turn. Perft and random playouts search moves at every step, so the
// steps are tables and the search walks the fleet's bit set.
#include <bit>

#include "engine/cornerport/cornerport.h"

namespace arbiter::cornerport {

namespace {

constexpr int kSide = 8;
// In the order the moves are listed: east first, then anticlockwise. The even
// ones are the straight steps of a battle ship.
constexpr int kSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

struct StepTables {
    // The cell one step of kSteps[d] from c, or NoCell off the board.
    std::array<std::array<int8_t, 8>, 64> next{};
    // The cells one step from c, in the order of kSteps, and how many.
    std::array<std::array<int8_t, 8>, 64> ring{};
    std::array<int8_t, 64> ringSize{};
    // The same cells as a set.
    std::array<uint64_t, 64> around{};
};

constexpr StepTables makeStepTables() {
    StepTables t;
    for (size_t c = 0; c < 64; ++c) {
        for (size_t d = 0; d < 8; ++d) {
            const int f = static_cast<int>(c) % kSide + kSteps[d][0];
            const int r = static_cast<int>(c) / kSide + kSteps[d][1];
            const bool on = f >= 0 && f < kSide && r >= 0 && r < kSide;
            t.next[c][d] = static_cast<int8_t>(on ? r * kSide + f : NoCell);
            if (!on) continue;
            t.ring[c][static_cast<size_t>(t.ringSize[c]++)] = t.next[c][d];
            t.around[c] |= uint64_t{1} << t.next[c][d];
        }
    }
    return t;
}

constexpr StepTables kTables = makeStepTables();

Cell next(Cell c, int d) {
    return kTables.next[static_cast<size_t>(c)][static_cast<size_t>(d)];
}

uint64_t bit(Cell c) {
    return uint64_t{1} << c;
}

}  // namespace

uint64_t CornerportState::stepTargets(Cell from) const {
    const Square ship = at(from);
    const uint64_t own = fleets_[static_cast<size_t>(ship.owner)];
    const uint64_t enemy = fleets_[static_cast<size_t>(1 - ship.owner)];
    const uint64_t empty = ~(own | enemy);
    const uint64_t around = kTables.around[static_cast<size_t>(from)];
    // A patrol boat enters deep water only to sink a ship.
    if (ship.kind == kPatrolBoat) return around & (enemy | (empty & ~kDeepWater));
    return around & empty;
}

template <typename Emit>
void CornerportState::forEachMoveFrom(Cell from, Emit emit) const {
    const Square ship = at(from);
    if (ship.kind == kBattleShip) {
        // One or two squares straight; the second only over an empty first.
        for (int d = 0; d < 8; d += 2) {
            Cell to = from;
            for (int distance = 1; distance <= 2; ++distance) {
                to = next(to, d);
                if (to == NoCell || at(to).owner == ship.owner) break;
                emit(from, to);
                if (!at(to).empty()) break;  // a capture ends the move there
            }
        }
        return;
    }
    const uint64_t targets = stepTargets(from);
    const auto& ring = kTables.ring[static_cast<size_t>(from)];
    for (int i = 0; i < kTables.ringSize[static_cast<size_t>(from)]; ++i) {
        const Cell to = ring[static_cast<size_t>(i)];
        if (targets & bit(to)) emit(from, to);
    }
}

template <typename Emit>
void CornerportState::forEachMove(PlayerId p, Emit emit) const {
    for (uint64_t fleet = fleets_[static_cast<size_t>(p)]; fleet != 0; fleet &= fleet - 1)
        forEachMoveFrom(std::countr_zero(fleet), emit);
}

void CornerportState::addMoves(PlayerId p, std::vector<Action>& out) const {
    forEachMove(p, [&](Cell from, Cell to) { appendAction(out, Action::Kind::Move, from, to); });
}

uint64_t CornerportState::moveCount(PlayerId p) const {
    uint64_t moves = 0;
    for (uint64_t fleet = fleets_[static_cast<size_t>(p)]; fleet != 0; fleet &= fleet - 1) {
        const Cell from = std::countr_zero(fleet);
        if (at(from).kind == kBattleShip)
            forEachMoveFrom(from, [&](Cell, Cell) { ++moves; });
        else
            moves += static_cast<uint64_t>(std::popcount(stepTargets(from)));
    }
    return moves;
}

uint64_t CornerportState::arrivalTurns(PlayerId p) const {
    const int kinds = placeableCount(p);
    if (kinds == 0) return 0;
    const uint64_t occupied = fleets_[0] | fleets_[1];
    uint64_t turns = 0;
    for (uint64_t fleet = fleets_[static_cast<size_t>(p)]; fleet != 0; fleet &= fleet - 1) {
        const Cell from = std::countr_zero(fleet);
        if (at(from).kind != kFreighter) continue;
        const Cell home = homeOf(from);
        if (occupied & bit(home)) continue;  // the port left must be empty
        for (Cell port : portsOf(p)) {
            // The move's own turn is counted with the moves; the placements and
            // "end" are the turns it brings.
            if (port != home && (kTables.around[static_cast<size_t>(from)] & ~occupied & bit(port)))
                turns += static_cast<uint64_t>(kinds);
        }
    }
    return turns;
}

std::vector<int> CornerportState::placeable(PlayerId p) const {
    std::vector<int> kinds;
    for (int k = 0; k < kKinds; ++k) {
        if (count(p, k) < kLimit[static_cast<size_t>(k)]) kinds.push_back(k);
    }
    return kinds;
}

int CornerportState::placeableCount(PlayerId p) const {
    int kinds = 0;
    for (int k = 0; k < kKinds; ++k) kinds += count(p, k) < kLimit[static_cast<size_t>(k)] ? 1 : 0;
    return kinds;
}

Cell CornerportState::placementAfter(Cell from, Cell to) const {
    const Square ship = at(from);
    if (ship.kind != kFreighter || !isPortOf(to, ship.owner)) return NoCell;
    const Cell home = homeOf(from);
    // Arriving home again brings nothing; the port left must be empty.
    if (home == to || !at(home).empty() || placeableCount(ship.owner) == 0) return NoCell;
    return home;
}

void CornerportState::listActions(std::vector<Action>& out) const {
    out.clear();
    if (outcome_.over()) return;
    if (pending_ != NoCell) {
        for (int k : placeable(toMove_)) out.push_back(Action::place(k, pending_));
        out.push_back(Action::endTurn());
        return;
    }
    // Found first and built after, so that the list is allocated once and at
    // its size: a random playout lists a few moves at every step.
    constexpr size_t kMostMoves = 8 * (kLimit[0] + kLimit[1] + kLimit[2]);
    std::array<std::array<int8_t, 2>, kMostMoves> moves;
    size_t found = 0;
    forEachMove(toMove_, [&](Cell from, Cell to) {
        moves[found++] = {static_cast<int8_t>(from), static_cast<int8_t>(to)};
    });
    if (found == 0) {
        out.push_back(Action::pass());
        return;
    }
    out.reserve(found);
    for (size_t i = 0; i < found; ++i) appendAction(out, Action::Kind::Move, moves[i][0], moves[i][1]);
}

std::optional<uint64_t> CornerportState::turnCount() const {
    if (outcome_.over()) return 0;
    if (pending_ != NoCell) return static_cast<uint64_t>(placeableCount(toMove_)) + 1;
    const uint64_t moves = moveCount(toMove_);
    if (moves == 0) return 1;  // the pass
    return moves + arrivalTurns(toMove_);
}

}  // namespace arbiter::cornerport
