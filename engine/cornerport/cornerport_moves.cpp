// Cornerport's moves: how each ship moves, a freighter's arrival in port and
// the placement it brings, the listing of legal actions, applying them,
// perft's count of the last turn and random playouts. Perft and random
// playouts search moves at every step, so the steps are tables and the
// search walks the fleet's bit set.
#include <bit>
#include <cassert>

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
    // The cells one step from c, as a set.
    std::array<uint64_t, 64> around{};
    // The cells one and two squares from c along the straight kSteps (east,
    // north, west, south), each as a set of that cell or none off the board.
    std::array<std::array<uint64_t, 4>, 64> straightOne{};
    std::array<std::array<uint64_t, 4>, 64> straightTwo{};
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
            t.around[c] |= uint64_t{1} << t.next[c][d];
        }
        for (size_t k = 0; k < 4; ++k) {
            const int f = static_cast<int>(c) % kSide, r = static_cast<int>(c) / kSide;
            for (int distance = 1; distance <= 2; ++distance) {
                const int tf = f + kSteps[2 * k][0] * distance;
                const int tr = r + kSteps[2 * k][1] * distance;
                if (tf < 0 || tf >= kSide || tr < 0 || tr >= kSide) break;
                (distance == 1 ? t.straightOne : t.straightTwo)[c][k] = uint64_t{1}
                                                                        << (tr * kSide + tf);
            }
        }
    }
    return t;
}

constexpr StepTables kTables = makeStepTables();

// How far along the cell numbers each of kSteps goes.
constexpr std::array<int, 8> kStepOffsets = [] {
    std::array<int, 8> offsets{};
    for (size_t d = 0; d < 8; ++d) offsets[d] = kSteps[d][1] * kSide + kSteps[d][0];
    return offsets;
}();

// A battle ship's moves as eight bits in the listing's order: bit 2k one
// square along the k-th straight step (east, north, west, south), bit 2k+1
// two squares; and how far along the cell numbers each goes.
constexpr std::array<int, 8> kBattleOffsets = {1, 2, 8, 16, -1, -2, -8, -16};

inline unsigned battleMoves(Cell from, uint64_t own, uint64_t empty) {
    const auto& one = kTables.straightOne[static_cast<size_t>(from)];
    const auto& two = kTables.straightTwo[static_cast<size_t>(from)];
    unsigned moves = 0;
    for (size_t k = 0; k < 4; ++k) {
        // The second square only over an empty first; a sinking ends there.
        const bool first = (one[k] & ~own) != 0;
        const bool second = (one[k] & empty) != 0 && (two[k] & ~own) != 0;
        moves |= (first ? 1u : 0u) << (2 * k) | (second ? 2u : 0u) << (2 * k);
    }
    return moves;
}

// The cells of `set` one step from `c`, as eight bits in the order of kSteps
// (bit d: the cell one step of kSteps[d] away), so that they are walked in
// the listing's order by their lowest bits.
//
// Why: the listing walked the eight steps around every ship and tested each;
// the window's bits are read at once and reordered by a table.
constexpr int kWindowX[8] = {-1, 0, 1, -1, 1, -1, 0, 1};  // the window's bits, as read below
constexpr int kWindowY[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr std::array<uint8_t, 256> kWindowToSteps = [] {
    std::array<uint8_t, 256> steps{};
    for (unsigned window = 0; window < 256; ++window) {
        for (size_t j = 0; j < 8; ++j) {
            if (!((window >> j) & 1)) continue;
            for (size_t d = 0; d < 8; ++d) {
                if (kSteps[d][0] == kWindowX[j] && kSteps[d][1] == kWindowY[j])
                    steps[window] = static_cast<uint8_t>(steps[window] | (1u << d));
            }
        }
    }
    return steps;
}();

inline unsigned stepsInto(uint64_t set, Cell c) {
    const uint64_t near = set & kTables.around[static_cast<size_t>(c)];
    // The cell south-west of c on bit 0: the window on bits 0-2, 8-10, 16-18.
    const uint64_t window = c >= 9 ? near >> (c - 9) : near << (9 - c);
    const auto compact = static_cast<unsigned>((window & 7) | ((window >> 5) & 0x08) |
                                               ((window >> 6) & 0x10) | ((window >> 11) & 0xE0));
    return kWindowToSteps[compact];
}

// How many bits of a ship's move bits are set (no popcount instruction is
// assumed: the package runs on any x86-64).
constexpr std::array<uint8_t, 256> kMoveBitCount = [] {
    std::array<uint8_t, 256> counts{};
    for (unsigned bits = 1; bits < 256; ++bits)
        counts[bits] = static_cast<uint8_t>(counts[bits & (bits - 1)] + 1);
    return counts;
}();

uint64_t bit(Cell c) {
    return uint64_t{1} << c;
}

// The cells a patrol boat (`boat`) or a freighter on `from` may step to,
// given the mover's enemies and the empty cells.
uint64_t stepTargetsOf(Cell from, bool boat, uint64_t enemy, uint64_t empty) {
    const uint64_t around = kTables.around[static_cast<size_t>(from)];
    // A patrol boat enters deep water only to sink a ship.
    return boat ? around & (enemy | (empty & ~kDeepWater)) : around & empty;
}

}  // namespace

uint64_t CornerportState::stepTargets(Cell from) const {
    const Square ship = at(from);
    const uint64_t own = fleets_[static_cast<size_t>(ship.owner)];
    const uint64_t enemy = fleets_[static_cast<size_t>(1 - ship.owner)];
    return stepTargetsOf(from, ship.kind == kPatrolBoat, enemy, ~(own | enemy));
}

inline unsigned CornerportState::moveBits(Cell from, const std::array<int, 8>*& offsets) const {
    const Square ship = at(from);
    const uint64_t own = fleets_[static_cast<size_t>(ship.owner)];
    const uint64_t enemy = fleets_[static_cast<size_t>(1 - ship.owner)];
    const uint64_t empty = ~(own | enemy);
    const bool battle = ship.kind == kBattleShip;
    offsets = battle ? &kBattleOffsets : &kStepOffsets;
    return battle ? battleMoves(from, own, empty)
                  : stepsInto(stepTargetsOf(from, ship.kind == kPatrolBoat, enemy, empty), from);
}

template <typename Emit>
void CornerportState::forEachMoveFrom(Cell from, Emit emit) const {
    const std::array<int, 8>* offsets = nullptr;
    for (unsigned left = moveBits(from, offsets); left; left &= left - 1)
        emit(from, from + (*offsets)[static_cast<size_t>(std::countr_zero(left))]);
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
    // The kept list grows to its largest once.
    out.reserve(8 * (kLimit[0] + kLimit[1] + kLimit[2]));
    forEachMove(toMove_,
                [&](Cell from, Cell to) { appendAction(out, Action::Kind::Move, from, to); });
    if (out.empty()) out.push_back(Action::pass());
}

std::optional<uint64_t> CornerportState::turnCount() const {
    if (outcome_.over()) return 0;
    if (pending_ != NoCell) return static_cast<uint64_t>(placeableCount(toMove_)) + 1;
    const uint64_t moves = moveCount(toMove_);
    if (moves == 0) return 1;  // the pass
    return moves + arrivalTurns(toMove_);
}

void CornerportState::apply(const Action& a) {
    assert(isLegal(a));
    switch (a.kind) {
        case Action::Kind::Move:
            moveShip(a.from, a.to);
            break;
        case Action::Kind::Place:
            assert(a.to == pending_);
            placeShip(a.piece);
            break;
        default:  // the end of a turn, or a pass
            endTurnOrPass();
            break;
    }
}

void CornerportState::moveShip(Cell from, Cell to) {
    const PlayerId mover = toMove_;
    const Square ship = at(from);
    const Square sunk = at(to);
    Cell home = NoCell;
    bool turnEnds = true;
    if (ship.kind == kFreighter) {
        const Cell placement = placementAfter(from, to);
        // A freighter arriving on an own port makes it its home, whether or
        // not anything is placed.
        home = isPortOf(to, mover) ? to : homeOf(from);
        if (placement != NoCell) {
            pending_ = placement;
            turnEnds = false;
        }
    }
    // As put() twice would, without its tests: the ship leaves its cell for
    // one that is empty or holds an enemy ship.
    if (!sunk.empty()) {
        --counts_[static_cast<size_t>(sunk.owner)][static_cast<size_t>(sunk.kind)];
        fleets_[static_cast<size_t>(sunk.owner)] &= ~bit(to);
    }
    cells_[static_cast<size_t>(to)] = ship;
    cells_[static_cast<size_t>(from)] = Square{};
    homes_[static_cast<size_t>(to)] = static_cast<int8_t>(home);
    homes_[static_cast<size_t>(from)] = static_cast<int8_t>(NoCell);
    fleets_[static_cast<size_t>(mover)] ^= bit(from) | bit(to);
    closeAction(mover, turnEnds);
}

void CornerportState::placeShip(int kind) {
    // A placed freighter's home is the port it was placed on.
    put(pending_, Square{static_cast<int8_t>(kind), static_cast<int8_t>(toMove_)},
        kind == kFreighter ? pending_ : NoCell);
    pending_ = NoCell;
    closeAction(toMove_, true);
}

void CornerportState::endTurnOrPass() {
    pending_ = NoCell;
    closeAction(toMove_, true);
}

void CornerportState::closeAction(PlayerId mover, bool turnEnds) {
    if (turnEnds) toMove_ = 1 - mover;
    // Most actions can end nothing: a random playout spent as long on
    // building and assigning an ongoing outcome as on the rest of apply().
    if (mayBeDecided()) outcome_ = decided();
}

PlayoutCount CornerportState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    // The game cannot be stuck: an ongoing game always lists a move, a pass,
    // or a placement's choices.
    PlayoutCount count;
    while (!outcome_.over()) {
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        if (pending_ != NoCell)
            playRandomPlacement(random, trace);
        else
            playRandomMove(random, trace);
        ++count.actions;
        // As completesTurn: only a freighter's arrival leaves a turn open.
        if (pending_ == NoCell || outcome_.over()) ++count.turns;
    }
    return count;
}

void CornerportState::playRandomMove(SeededRandom& random, uint64_t* trace) {
    // Each ship's moves, in the listing's order: at most a full fleet.
    struct ShipMoves {
        Cell from;
        unsigned bits;
        const std::array<int, 8>* offsets;
    };
    std::array<ShipMoves, kLimit[0] + kLimit[1] + kLimit[2]> ships;
    size_t shipCount = 0;
    uint64_t moves = 0;
    for (uint64_t fleet = fleets_[static_cast<size_t>(toMove_)]; fleet != 0; fleet &= fleet - 1) {
        assert(shipCount < ships.size());
        ShipMoves& ship = ships[shipCount++];
        ship.from = std::countr_zero(fleet);
        ship.bits = moveBits(ship.from, ship.offsets);
        moves += kMoveBitCount[ship.bits];
    }
    if (moves == 0) {
        // The pass, listed alone, is still drawn.
        random.below(1);
        if (trace) traceAction(*trace, Action::pass());
        endTurnOrPass();
        return;
    }
    uint64_t pick = random.below(moves);
    const ShipMoves* ship = ships.data();
    for (; pick >= kMoveBitCount[ship->bits]; ++ship) pick -= kMoveBitCount[ship->bits];
    unsigned bits = ship->bits;
    for (; pick > 0; --pick) bits &= bits - 1;
    const Cell to = ship->from + (*ship->offsets)[static_cast<size_t>(std::countr_zero(bits))];
    if (trace) traceAction(*trace, Action::move(ship->from, to));
    moveShip(ship->from, to);
}

void CornerportState::playRandomPlacement(SeededRandom& random, uint64_t* trace) {
    // The kinds that may be placed, in order, then "end".
    unsigned kinds = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (count(toMove_, k) < kLimit[static_cast<size_t>(k)]) kinds |= 1u << k;
    }
    uint64_t pick = random.below(uint64_t{kMoveBitCount[kinds]} + 1);
    if (pick == kMoveBitCount[kinds]) {
        if (trace) traceAction(*trace, Action::endTurn());
        endTurnOrPass();
        return;
    }
    for (; pick > 0; --pick) kinds &= kinds - 1;
    const int kind = std::countr_zero(kinds);
    if (trace) traceAction(*trace, Action::place(kind, pending_));
    placeShip(kind);
}

}  // namespace arbiter::cornerport
