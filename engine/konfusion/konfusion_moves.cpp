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

// The squares that are keyposts when their side is seated: a back rank's
// corners and middle two, on every side.
constexpr auto kMayBeKeypost = [] {
    std::array<bool, kCells> all{};
    for (int s = South; s <= East; ++s) {
        for (int x : {0, 4, 5, kSide - 1})
            all[static_cast<size_t>(fromView(static_cast<Side>(s), x, 0))] = true;
    }
    return all;
}();

// Where a straight move goes, ricochets included, is the same walk whatever
// stands on the board: worked out once per start cell and direction (by
// walkIndex), rather than stepped and bounced for every piece of every
// position. Cells, not sets: small enough to stay in the nearest cache.
struct Path {
    std::array<uint8_t, kMaxPips - 1> cells{};  // the square after each step
    uint8_t backAtStart = 0;   // bit i: step i comes back to the start (a ricochet)
    uint8_t mayBeKeypost = 0;  // bit i: step i is on a square that is a keypost at some table
};
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
        const Cell c = r * kSide + f;
        path.cells[i] = static_cast<uint8_t>(c);
        if (c == from) path.backAtStart |= static_cast<uint8_t>(1u << i);
        if (kMayBeKeypost[static_cast<size_t>(c)])
            path.mayBeKeypost |= static_cast<uint8_t>(1u << i);
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

// Per side, pip count (1..5) and start, every square a straight mover's walks
// may look at, the start left out: whatever stands elsewhere, its
// destinations are the same. Its walks looked at as far as their first
// blocker only, but kept through a playout this looser set is walked again
// hardly more often (2.38 pieces a step rather than 2.31), and costs no work.
constexpr auto kStraightRead = [] {
    std::array<std::array<std::array<CellSet::Bits, kCells>, kMaxPips - 1>, 4> all{};
    for (size_t side = 0; side < 4; ++side) {
        for (size_t pips = 1; pips < kMaxPips; ++pips) {
            const SideWalks& dirs = kSideWalks[side][pips - 1];
            for (Cell from = 0; from < kCells; ++from) {
                CellSet::Bits read = 0;
                for (int d = 0; d < dirs.count; ++d) {
                    const Path& path =
                        kPaths[static_cast<size_t>(from)][dirs.index[static_cast<size_t>(d)]];
                    for (size_t i = 0; i < pips; ++i) read |= CellSet::kBitOf[path.cells[i]];
                }
                all[side][pips - 1][static_cast<size_t>(from)] =
                    read & ~CellSet::kBitOf[static_cast<size_t>(from)];
            }
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

namespace {
constexpr uint64_t kEachByte = 0x0101010101010101ull;
// The place of the `index`-th bit set in `x` (from 0; fewer than popcount(x)),
// in a fixed number of steps: the bytes' counts added up by one
// multiplication, the byte found by comparing all eight at once, then the
// bit within it. A 6's destinations are most of the board, and clearing
// bits one by one up to the chosen one was a seventh of a playout.
int placeOfSetBit(uint64_t x, int index) {
    uint64_t perByte = x - ((x >> 1) & 0x5555555555555555ull);
    perByte = (perByte & 0x3333333333333333ull) + ((perByte >> 2) & 0x3333333333333333ull);
    perByte = (perByte + (perByte >> 4)) & 0x0f0f0f0f0f0f0f0full;
    const uint64_t upTo = perByte * kEachByte;  // byte i: the bits set in bytes 0..i
    // The bytes whose running count is at most `index` (all below 128) come
    // before the one that holds the bit.
    const uint64_t atMost =
        ((static_cast<uint64_t>(index) * kEachByte | 0x8080808080808080ull) - upTo) &
        0x8080808080808080ull;
    const int byte = static_cast<int>(((atMost >> 7) * kEachByte) >> 56);
    assert(byte < 8);
    const int before = byte == 0 ? 0 : static_cast<int>((upTo >> (8 * (byte - 1))) & 0xff);
    uint64_t bits = (x >> (8 * byte)) & 0xff;
    for (int skip = index - before; skip > 0; --skip) bits &= bits - 1;
    return 8 * byte + std::countr_zero(bits);
}
}  // namespace

Cell CellSet::nth(int index) const {
    assert(index >= 0 && index < count());
    const auto low = static_cast<uint64_t>(bits);
    const int inLow = bitsSet(low);
    if (index < inLow) return cellOf(placeOfSetBit(low, index));
    return cellOf(64 + placeOfSetBit(static_cast<uint64_t>(bits >> 64), index - inLow));
}

CellSet CellSet::around() const {
    // Along a rank the stride is 1, across it kStride: the rank's neighbours
    // with the set itself, moved a rank up and down, hold the diagonals too,
    // in four shifts rather than eight.
    const Bits side = bits << 1 | bits >> 1;
    const Bits row = side | bits;
    return {side | row << kStride | row >> kStride};
}

namespace {

// All ones when `yes`, else none: a square added or not without a branch,
// where whether it is taken varies from walk to walk and a branch would
// guess wrong half the time.
CellSet::Bits allIf(bool yes) {
    return CellSet::Bits{0} - CellSet::Bits{yes};
}

// The straight walks of a piece of kPips (1..5) from `from`: per direction,
// whether each square before the last step is taken read at once into bits
// (the start, lifted, is not), the first piece among them found by its bit.
// Then early stops on keyposts before it, the square just before it unless
// it is the first, and the last square unless one's own piece is on it.
template <int kPips>
CellSet straightWalks(const std::array<uint8_t, kCells>& cells, const Seating& seats, Cell from,
                      Side side, PlayerId owner, bool firstOnly) {
    constexpr int kBefore = kPips - 1;
    const SideWalks& dirs = kSideWalks[static_cast<size_t>(side)][kPips - 1];
    const auto& paths = kPaths[static_cast<size_t>(from)];
    const CellSet start = CellSet::of(from);
    CellSet out;
    for (int d = 0; d < dirs.count; ++d) {
        const Path& path = paths[dirs.index[static_cast<size_t>(d)]];
        unsigned taken = 0;
        for (int i = 0; i < kBefore; ++i)
            taken |= static_cast<unsigned>(cells[path.cells[static_cast<size_t>(i)]] != 0) << i;
        taken &= ~unsigned{path.backAtStart};
        const int blocker = std::countr_zero(taken | 1u << kBefore);  // kBefore: none
        // Squares that may be keyposts are few: most walks pass none.
        for (unsigned stops = path.mayBeKeypost & ((1u << blocker) - 1); stops != 0;
             stops &= stops - 1) {
            const uint8_t c = path.cells[static_cast<size_t>(std::countr_zero(stops))];
            if (seats.keypostAt[c]) out |= CellSet::of(c);
        }
        const bool stopBefore = blocker >= 1 && blocker < kBefore;
        out.bits |=
            CellSet::kBitOf[path.cells[static_cast<size_t>(blocker > 0 ? blocker - 1 : 0)]] &
            allIf(stopBefore);
        const uint8_t last = path.cells[kBefore];
        const uint8_t there = cells[last];
        out.bits |= CellSet::kBitOf[last] & allIf(!there || there >> 3 != owner);
        if (firstOnly && !(out & ~start).empty()) break;
    }
    return out & ~start;
}

}  // namespace

CellSet KonfusionState::straightDestinations(Cell from, Side side, int pips, PlayerId owner,
                                             bool firstOnly) const {
    switch (pips) {
        case 1:
            return straightWalks<1>(cells_, seating(), from, side, owner, firstOnly);
        case 2:
            return straightWalks<2>(cells_, seating(), from, side, owner, firstOnly);
        case 3:
            return straightWalks<3>(cells_, seating(), from, side, owner, firstOnly);
        case 4:
            return straightWalks<4>(cells_, seating(), from, side, owner, firstOnly);
        default:
            assert(pips == 5);
            return straightWalks<5>(cells_, seating(), from, side, owner, firstOnly);
    }
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
    return straightDestinations(from, sideOf(owner), pips, owner, firstOnly);
}

CellSet KonfusionState::destinationsReading(Cell from, CellSet& read) const {
    assert(from >= 0 && from < kCells && pipsAt(from));
    const PlayerId owner = ownerAt(from);
    const int pips = pipsAt(from);
    if (pips == kMaxPips) {
        read = {};
        const CellSet to = walkDestinations<true>(from, own_[static_cast<size_t>(owner)], &read);
        read &= ~CellSet::of(from);  // the piece's own square changes only as it moves
        return to;
    }
    const Side side = sideOf(owner);
    read = {kStraightRead[static_cast<size_t>(side)][static_cast<size_t>(pips - 1)]
                         [static_cast<size_t>(from)]};
    return straightDestinations(from, side, pips, owner, false);
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
