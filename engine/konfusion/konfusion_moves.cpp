// How Konfusion's pieces move: each pip count's walks with their ricochets,
// stops and jumps, the sets of cells they reach, and the moves listed and
// counted from them. The rest of the rules are in konfusion.cpp.
#include "engine/konfusion/konfusion.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace arbiter::konfusion {

namespace {

// Each pip count's directions in a seat's own view (x to its right, y
// forward), and how many steps it takes.
struct Dir {
    int dx, dy;
};
constexpr Dir kOne[] = {{0, 1}, {-1, 0}, {1, 0}};
constexpr Dir kTwo[] = {{-1, 1}, {1, 1}};
constexpr Dir kThree[] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
constexpr Dir kFour[] = {{-1, 1}, {1, 1}, {-1, -1}, {1, -1}};
constexpr Dir kFive[] = {{-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {1, 0}, {-1, -1}, {0, -1}, {1, -1}};

struct Directions {
    const Dir* begin;
    int count;
};
constexpr Directions directionsOf(int pips) {
    switch (pips) {
        case 1:
            return {kOne, 3};
        case 2:
            return {kTwo, 2};
        case 3:
            return {kThree, 4};
        case 4:
            return {kFour, 4};
        default:
            return {kFive, 8};
    }
}

// A direction in a seat's view, on the board: each side's view is the
// board turned so that its own edge is at the bottom.
constexpr Dir absolute(Side s, Dir d) {
    switch (s) {
        case South:
            return d;
        case West:
            return {d.dy, -d.dx};
        case North:
            return {-d.dx, -d.dy};
        case East:
            return {-d.dy, d.dx};
    }
    return d;
}

// Where a straight move goes, ricochets included, is the same walk whatever
// stands on the board: worked out once per start cell and direction (by
// walkIndex), rather than stepped and bounced for every piece of every
// position. Cells, not sets: small enough to stay in the nearest cache.
using Path = std::array<uint8_t, 8>;  // the cell after each step (the first five)
constexpr int walkIndex(Dir d) {
    return (d.dx + 1) * 3 + d.dy + 1;
}
constexpr Path makePath(Cell from, Dir step) {
    Path path{};
    int f = from % kSide, r = from / kSide;
    for (size_t i = 0; i < kMaxPips - 1; ++i) {
        // A step off the board turns back (a ricochet).
        if (f + step.dx < 0 || f + step.dx >= kSide) step.dx = -step.dx;
        if (r + step.dy < 0 || r + step.dy >= kSide) step.dy = -step.dy;
        f += step.dx;
        r += step.dy;
        path[i] = static_cast<uint8_t>(r * kSide + f);
    }
    return path;
}
constexpr auto kPaths = [] {
    std::array<std::array<Path, 9>, kCells> all{};
    for (Cell from = 0; from < kCells; ++from) {
        for (int dx = -1; dx <= 1; ++dx) {
            for (int dy = -1; dy <= 1; ++dy)
                all[static_cast<size_t>(from)][static_cast<size_t>(walkIndex({dx, dy}))] =
                    makePath(from, {dx, dy});
        }
    }
    return all;
}();

// Per side and pip count (1..5), the walkIndex of each of its directions on
// the board: what absolute() and walkIndex() give, looked up once per piece.
struct SideWalks {
    std::array<uint8_t, 8> index{};
    int count = 0;
};
constexpr auto kSideWalks = [] {
    std::array<std::array<SideWalks, kMaxPips - 1>, 4> all{};
    for (int s = 0; s < 4; ++s) {
        for (int p = 1; p < kMaxPips; ++p) {
            const Directions dirs = directionsOf(p);
            SideWalks& w = all[static_cast<size_t>(s)][static_cast<size_t>(p - 1)];
            w.count = dirs.count;
            for (int d = 0; d < dirs.count; ++d)
                w.index[static_cast<size_t>(d)] =
                    static_cast<uint8_t>(walkIndex(absolute(static_cast<Side>(s), dirs.begin[d])));
        }
    }
    return all;
}();

}  // namespace

namespace {
// Bits set in a word, by adding neighbouring fields: without a popcount
// instruction in the target (no -mpopcnt), std::popcount is a library call,
// and every listing counts each piece's destinations.
int bitsSet(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}
}  // namespace

int CellSet::count() const {
    return bitsSet(static_cast<uint64_t>(bits)) + bitsSet(static_cast<uint64_t>(bits >> 64));
}

CellSet CellSet::around() const {
    // Along a rank the stride is 1, across it kStride: the rank's neighbours
    // with the set itself, moved a rank up and down, hold the diagonals too,
    // in four shifts rather than eight.
    const Bits side = bits << 1 | bits >> 1;
    const Bits row = side | bits;
    return {side | row << kStride | row >> kStride};
}

template <bool kRead>
CellSet KonfusionState::straightDestinations(Cell from, Side side, int pips, PlayerId owner,
                                             bool firstOnly, CellSet* read) const {
    const SideWalks& dirs = kSideWalks[static_cast<size_t>(side)][static_cast<size_t>(pips - 1)];
    const auto& paths = kPaths[static_cast<size_t>(from)];
    const Seating& seats = seating();
    const CellSet start = CellSet::of(from);
    CellSet out, looked;
    for (int d = 0; d < dirs.count; ++d) {
        const Path& path = paths[dirs.index[static_cast<size_t>(d)]];
        // Up to the first piece before the last step, the start not counting
        // (the piece has been lifted from it): early stops on keyposts before
        // it, and the square just before it unless it is the first.
        int i = 0;
        for (; i < pips - 1; ++i) {
            const Cell c = path[static_cast<size_t>(i)];
            if (c == from) continue;
            if constexpr (kRead) looked |= CellSet::of(c);
            if (cells_[static_cast<size_t>(c)]) break;
            if (seats.keypostAt[static_cast<size_t>(c)]) out |= CellSet::of(c);
        }
        if (i < pips - 1 && i >= 1) out |= CellSet::of(path[static_cast<size_t>(i - 1)]);
        // The last square, jumped to: anything but one's own piece.
        const Cell last = path[static_cast<size_t>(pips - 1)];
        if constexpr (kRead) looked |= CellSet::of(last);
        const uint8_t there = cells_[static_cast<size_t>(last)];
        if (!there || there >> 3 != owner) out |= CellSet::of(last);
        if (firstOnly && !(out & ~start).empty()) break;
    }
    if constexpr (kRead) *read |= looked;
    return out & ~start;
}

template <bool kRead>
CellSet KonfusionState::walkDestinations(Cell from, CellSet own, CellSet* read) const {
    const CellSet start = CellSet::of(from);
    const CellSet open = (CellSet::board() & ~occupied_) | start;  // the start is lifted
    const CellSet keyposts = seating().keyposts;
    CellSet reach = start, stops, walked = start;
    // Every square before the last is empty; any of them may be a keypost to stop on.
    for (int step = 1; step < kMaxPips && !reach.empty(); ++step) {
        reach = reach.around() & open;
        stops |= reach & keyposts;
        if constexpr (kRead) walked |= reach;
    }
    const CellSet last = reach.around() & CellSet::board() & ~own;
    // Each step looked at the squares around those reached before it.
    if constexpr (kRead) *read |= walked.around() & CellSet::board();
    return (stops | last) & ~start;
}

CellSet KonfusionState::destinations(Cell from, bool firstOnly) const {
    if (from < 0 || from >= kCells || !pipsAt(from)) return {};
    const PlayerId owner = ownerAt(from);
    const CellSet own = own_[static_cast<size_t>(owner)];
    const int pips = pipsAt(from);
    if (pips == kMaxPips) return walkDestinations<false>(from, own, nullptr);
    return straightDestinations<false>(from, sideOf(owner), pips, owner, firstOnly, nullptr);
}

CellSet KonfusionState::destinationsReading(Cell from, CellSet& read) const {
    assert(from >= 0 && from < kCells && pipsAt(from));
    const PlayerId owner = ownerAt(from);
    const CellSet own = own_[static_cast<size_t>(owner)];
    const int pips = pipsAt(from);
    read = {};
    const CellSet to = pips == kMaxPips ? walkDestinations<true>(from, own, &read)
                                        : straightDestinations<true>(from, sideOf(owner), pips,
                                                                     owner, false, &read);
    read &= ~CellSet::of(from);  // the piece's own square changes only as it moves
    return to;
}

int KonfusionState::pipsAfter(Cell from, Cell to) const {
    const int pips = pipsAt(from);
    // A 1 on its far rank becomes a 6 first, so a 1 reaching a far keypost is a 6.
    if (pips == 1 && onFarRank(sideOf(ownerAt(from)), to)) return kMaxPips;
    if (seating().keyposts.has(to)) return std::min(pips + 1, kMaxPips);
    return pips;
}

bool KonfusionState::hasMove(PlayerId p, bool unmovedOnly) const {
    bool found = false;
    own_[static_cast<size_t>(p)].each([&](Cell c) {
        if (found || (unmovedOnly && movedAlready(c))) return;
        found = !destinations(c, true).empty();
    });
    return found;
}

bool KonfusionState::moverCanMove() const {
    if (moverCanMove_ < 0) moverCanMove_ = hasMove(toMove_, false);
    return moverCanMove_ > 0;
}

std::optional<ChanceDraw> KonfusionState::chance() const {
    if (!rules_.die || roll_ != 0 || outcome_.over() || !moverCanMove()) return std::nullopt;
    return ChanceDraw{1, kMaxPips};
}

size_t KonfusionState::reachOfEachPiece(Reach& reach) const {
    size_t pieces = 0, moves = 0;
    own_[static_cast<size_t>(toMove_)].each([&](Cell from) {
        const CellSet to = movedAlready(from) ? CellSet{} : destinations(from);
        reach[pieces++] = to.bits;
        moves += static_cast<size_t>(to.count());
    });
    return moves;
}

// The move at the chosen index is found by the counts of each piece's
// destinations; only it becomes an action. The order is listActions()'s.
const Action* KonfusionState::chooseListed(const std::function<uint64_t(uint64_t)>& pick,
                                           std::vector<Action>& list) const {
    if (outcome_.over()) return nullptr;
    if (chance()) return GameState::chooseListed(pick, list);
    Reach reach;
    const size_t moves = reachOfEachPiece(reach);
    const bool closing = midTurn() || moves == 0;
    uint64_t chosen = pick(moves + (closing ? 1 : 0));
    assert(chosen < moves + (closing ? 1 : 0));
    if (list.empty()) list.emplace_back();
    Action& a = list[0];
    if (chosen == moves) {
        a = midTurn() ? Action::endTurn() : Action::pass();
        return &a;
    }
    size_t piece = 0;
    bool found = false;
    own_[static_cast<size_t>(toMove_)].each([&](Cell from) {
        const CellSet to{reach[piece++]};
        const auto count = static_cast<uint64_t>(to.count());
        if (found || chosen >= count) {
            if (!found) chosen -= count;
            return;
        }
        found = true;
        to.each([&](Cell c) {
            if (chosen-- == 0) a = Action::move(from, c);
        });
    });
    assert(found);
    return &a;
}

void KonfusionState::listActions(std::vector<Action>& out) const {
    if (outcome_.over()) return out.clear();
    if (chance()) {
        // The die decides before the player acts: its six faces are what may come.
        out.clear();
        out.reserve(kMaxPips);
        for (int v = 0; v < kMaxPips; ++v) out.push_back(Action::chance({v}));
        return;
    }
    // Each piece's destinations are found first, so that the actions are
    // built in one allocation of the right size: an Action is large to move.
    Reach reach;
    const size_t moves = reachOfEachPiece(reach);
    ActionWriter list(out, moves + 1);
    size_t pieces = 0;
    own_[static_cast<size_t>(toMove_)].each([&](Cell from) {
        CellSet{reach[pieces++]}.each([&](Cell to) { list.next(Action::Kind::Move, from, to); });
    });
    if (midTurn())
        list.next(Action::Kind::EndTurn);
    else if (moves == 0)
        list.next(Action::Kind::Pass);
}

std::optional<uint64_t> KonfusionState::turnCount() const {
    if (outcome_.over()) return 0;
    if (rules_.die) return turnCountWithDie();
    uint64_t moves = 0;
    own_[static_cast<size_t>(toMove_)].each(
        [&](Cell from) { moves += static_cast<uint64_t>(destinations(from).count()); });
    return moves ? moves : 1;  // without a move, the pass is the turn
}

}  // namespace arbiter::konfusion
