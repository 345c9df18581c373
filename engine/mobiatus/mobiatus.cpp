// The rules of Möbiatus: the ring of the strip's two faces, knight jumps,
// slides through singularities, captures from the far face and their
// chains, and the end. Notation, descriptions and the report are in
// mobiatus_notation.cpp.
#include "engine/mobiatus/mobiatus.h"

#include <algorithm>
#include <bit>

namespace arbiter {

namespace {

// nullptr and a message when two of the stand-ins the table needs look alike.
std::unique_ptr<Game> makeMobiatusGame(const GameOptions& resolved, std::string& error) {
    // What stands on the boards must tell every kind apart: the dots always,
    // the markers when they are played; a singularity is read in either colour.
    const bool markers = resolved.on("markers");
    std::vector<std::string> used = {"red", "blue"};
    if (markers) used.insert(used.end(), {"red-circle", "blue-circle", "singularity"});
    for (size_t a = 0; a < used.size(); ++a) {
        for (size_t b = a + 1; b < used.size(); ++b) {
            const SetPiece one = resolved.standIn(used[a]), two = resolved.standIn(used[b]);
            const bool alike =
                one == two || ((used[a] == "singularity" || used[b] == "singularity") &&
                               one.figure == two.figure);
            if (!alike) continue;
            error = "the stand-ins for " + used[a] + " (" + words(one) + ") and " + used[b] + " (" +
                    words(two) + ") look alike: each must be told apart" +
                    (markers ? " (a singularity's figure counts in either colour)" : "");
            return nullptr;
        }
    }
    return std::make_unique<mobiatus::MobiatusGame>(resolved);
}

}  // namespace

GameInfo mobiatusInfo() {
    GameInfo info;
    info.name = "mobiatus";
    info.title = "Möbiatus: knight jumps and far-face captures on a twisted strip";
    info.minPlayers = info.maxPlayers = info.defaultPlayers = 2;
    info.defaultFiles = info.minFiles = info.maxFiles = mobiatus::kFiles;
    info.defaultRanks = info.minRanks = info.maxRanks = mobiatus::kRanks;
    info.options = {
        {"seventy-pairs",
         "after 70 move pairs: draw, or more-pieces (the side with more dots wins)",
         "draw",
         {"draw", "more-pieces"}},
        {"mandatory-capture",
         "when a capture can be made, a capture must be made",
         "off",
         {"on", "off"}},
        {"markers",
         "circles and singularities stand on the boards as pieces too, for boards that tell "
         "pieces apart",
         "off",
         {"on", "off"}},
    };
    const mobiatus::Rules defaults;
    info.standIns = {
        {"red", "a Red dot", defaults.redDot, false},
        {"blue", "a Blue dot", defaults.blueDot, false},
        {"red-circle", "a Red circle (option markers)", defaults.redCircle, false},
        {"blue-circle", "a Blue circle (option markers)", defaults.blueCircle, false},
        {"singularity", "a singularity (option markers; either colour)", defaults.singularity,
         false},
    };
    info.make = makeMobiatusGame;
    return info;
}

namespace mobiatus {

namespace {

// The knight's eight jumps (files, ranks), clockwise from two ranks up and
// one file right. The order is fixed: it decides which of two chains to one
// position is listed, and which target a slide is described from.
constexpr int kJumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                              {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

// The ring's steps, worked out at compile time: the chain search takes them
// for every jump it tries, and the division they take was much of its time.
struct RingSteps {
    std::array<std::array<Cell, 8>, kCells> jumps{};
    std::array<std::array<Cell, 4>, kCells> neighbours{};
    constexpr RingSteps() {
        for (Cell c = 0; c < kCells; ++c) {
            const int x = c % kFiles, y = c / kFiles;
            for (size_t v = 0; v < 8; ++v) {
                const int tx = x + kJumps[v][0];
                const int ty = (y + kJumps[v][1] + kRanks) % kRanks;
                // Files never wrap: off the strip's edge.
                jumps[static_cast<size_t>(c)][v] =
                    tx < 0 || tx >= kFiles ? NoCell : ty * kFiles + tx;
            }
            neighbours[static_cast<size_t>(c)] = {
                x > 0 ? c - 1 : NoCell, x + 1 < kFiles ? c + 1 : NoCell,
                (y + 1) % kRanks * kFiles + x, (y + kRanks - 1) % kRanks * kFiles + x};
        }
    }
};
constexpr RingSteps kRingSteps;

Cell jumpTarget(Cell from, int jump) {
    return kRingSteps.jumps[static_cast<size_t>(from)][static_cast<size_t>(jump)];
}

const std::array<Cell, 4>& neighbours(Cell c) {
    return kRingSteps.neighbours[static_cast<size_t>(c)];
}

// The orthogonally connected singularities containing `t`. Mid-chain the
// mover's own cell is one of them (the capture made it singular) and joins
// the groups beside it, as RULINGS.md has it: counting as occupied keeps the
// dot from resting there, not the cell out of the group.
CellSet groupOf(const CellSet& singular, Cell t) {
    assert(singular.has(t));
    CellSet group;
    std::array<Cell, kCells> stack{};
    size_t top = 0;
    group.add(t);
    stack[top++] = t;
    while (top > 0) {
        const Cell c = stack[--top];
        for (Cell n : neighbours(c)) {
            if (n == NoCell || !singular.has(n) || group.has(n)) continue;
            group.add(n);
            stack[top++] = n;
        }
    }
    return group;
}

// Each way one jump from `p` may go (forEachJump), without the cost of a
// std::function: the search calls it for every dot at every depth.
template <typename Way>
void eachJump(const Board& b, Side mover, Cell p, const CellSet& touched, Way way) {
    const CellSet& own = b.dots[static_cast<size_t>(mover)];
    assert(own.has(p));
    // Jumps into one group share its cells and rests: each group is worked
    // out once, since late in a game the groups are large.
    std::array<CellSet, 8> groups;
    size_t known = 0;
    for (int v = 0; v < 8; ++v) {
        const Cell t = jumpTarget(p, v);
        if (t == NoCell || b.occupied(t) || touched.has(t)) continue;
        CellSet rests, group;
        if (!b.singular.has(t)) {
            if (own.has(opposite(t))) continue;  // an own circle
            rests.add(t);
        } else {
            size_t seen = 0;
            while (seen < known && !groups[seen].has(t)) ++seen;
            if (seen == known) groups[known++] = groupOf(b.singular, t);
            group = groups[seen];
            // A slide through a group holding the dot's own cell would pass
            // through that cell, which the dot never does; mid-chain it is
            // also a singularity this capture made, which the seed forbids
            // the chain to touch again.
            if (group.has(p) || group.meets(touched)) continue;
            group.each([&](Cell g) {
                for (Cell r : neighbours(g)) {
                    if (r == NoCell || group.has(r) || b.occupied(r) || b.singular.has(r) ||
                        own.has(opposite(r)) || touched.has(r))
                        continue;
                    rests.add(r);
                }
            });
        }
        bool goOn = true;
        rests.each([&](Cell r) {
            if (goOn) goOn = way(t, group, r);
        });
        if (!goOn) return;
    }
}

// The depth-first search for every chain of the side to move, in the fixed
// order; `visit(jumps, count, after)` hears each complete one and returns
// whether to go on.
template <typename Visit>
class ChainSearch {
  public:
    ChainSearch(Side mover, Visit& visit) : mover_(mover), visit_(visit) {}

    void run(const Board& board) {
        board.dots[static_cast<size_t>(mover_)].each([&](Cell p) {
            if (!stopped_) from(board, p, CellSet(), 0);
        });
    }

    // Whether any complete chain goes on from the dot on `p`.
    bool from(const Board& b, Cell p, const CellSet& touched, int depth) {
        assert(depth <= kMaxDots);
        bool found = false;
        eachJump(b, mover_, p, touched, [&](Cell t, const CellSet& group, Cell r) {
            found |= rest(b, p, t, group, r, touched, depth);
            return !stopped_;
        });
        return found;
    }

  private:
    // The dot from `p` rests on `r`; a capture must go on.
    bool rest(const Board& b, Cell p, Cell t, const CellSet& group, Cell r, const CellSet& touched,
              int depth) {
        Cell taken = NoCell;
        const Board next = rested(b, mover_, p, r, taken);
        jumps_[static_cast<size_t>(depth)] = {p, t, r, taken};
        if (taken == NoCell) {
            if (!visit_(jumps_.data(), depth + 1, next)) stopped_ = true;
            return true;
        }
        CellSet further = touched;
        further |= group;
        for (Cell c : {p, opposite(p), t, r, taken}) further.add(c);
        return from(next, r, further, depth + 1);
    }

    Side mover_;
    Visit& visit_;
    bool stopped_ = false;
    std::array<Jump, kMaxDots + 1> jumps_{};  // at most ten captures and the last rest
};

template <typename Visit>
void searchChains(const Board& board, Side mover, Visit visit) {
    ChainSearch<Visit> search(mover, visit);
    search.run(board);
}

Action actionOf(const Jump* jumps, int count) {
    assert(count >= 1);
    if (count == 1) return Action::move(jumps[0].from, jumps[0].rest);
    std::vector<Cell> path;
    for (int i = 0; i + 1 < count; ++i) path.push_back(jumps[i].rest);
    return Action::moveVia(jumps[0].from, std::move(path), jumps[count - 1].rest);
}

}  // namespace

Board rested(const Board& b, Side mover, Cell p, Cell r, Cell& taken) {
    Board next = b;
    next.singular.add(p);
    next.singular.add(opposite(p));
    next.dots[static_cast<size_t>(mover)].remove(p);
    next.dots[static_cast<size_t>(mover)].add(r);
    taken = opposite(r);
    CellSet& enemy = next.dots[static_cast<size_t>(1 - mover)];
    if (!enemy.has(taken)) {
        taken = NoCell;
        return next;
    }
    enemy.remove(taken);
    next.singular.add(taken);
    next.singular.add(r);
    return next;
}

bool isKnightsJump(Cell from, Cell to) {
    for (int v = 0; v < 8; ++v) {
        if (jumpTarget(from, v) == to) return true;
    }
    return false;
}

void forEachJump(const Board& b, Side mover, Cell p, const CellSet& touched,
                 const std::function<void(Cell target, const CellSet& group, Cell rest)>& way) {
    eachJump(b, mover, p, touched, [&](Cell t, const CellSet& group, Cell r) {
        way(t, group, r);
        return true;
    });
}

bool canGoOn(const Board& b, Side mover, Cell p, const CellSet& touched) {
    auto first = [](const Jump*, int, const Board&) { return false; };
    ChainSearch<decltype(first)> search(mover, first);
    return search.from(b, p, touched, 0);
}

bool CellSet::empty() const {
    return std::all_of(words.begin(), words.end(), [](uint64_t w) { return w == 0; });
}

int CellSet::count() const {
    int n = 0;
    for (uint64_t w : words) n += std::popcount(w);
    return n;
}

bool CellSet::meets(const CellSet& o) const {
    for (size_t i = 0; i < words.size(); ++i) {
        if (words[i] & o.words[i]) return true;
    }
    return false;
}

int CellSet::lowest(uint64_t bits) {
    return std::countr_zero(bits);
}

CellSet& CellSet::operator|=(const CellSet& o) {
    for (size_t i = 0; i < words.size(); ++i) words[i] |= o.words[i];
    return *this;
}

Action Chain::action() const {
    return actionOf(jumps.data(), static_cast<int>(jumps.size()));
}

MobiatusState::MobiatusState(const Rules& rules, bool /*empty*/) : rules_(rules) {}

MobiatusState::MobiatusState(const Rules& rules) : MobiatusState(rules, true) {
    // Red on ranks 1 and 2, Blue on 16 and 17: their circles on 31-32 and
    // 46-47, so no dot faces a dot.
    for (int x = 0; x < kFiles; ++x) {
        for (int y : {0, 1}) board_.dots[Red].add(y * kFiles + x);
        for (int y : {15, 16}) board_.dots[Blue].add(y * kFiles + x);
    }
    outcome_ = decided();
}

std::unique_ptr<GameState> MobiatusState::clone() const {
    return std::make_unique<MobiatusState>(*this);
}

const Geometry& MobiatusState::geometry() const {
    // Shared: a state copied for every action tried need not copy the cells' map.
    static const Geometry ring = Geometry::ring(kFiles, kRanks);
    return ring;
}

std::string MobiatusState::playerName(PlayerId p) const {
    if (p == Red) return "Red";
    if (p == Blue) return "Blue";
    return "Player " + std::to_string(p + 1);
}

std::optional<Piece> MobiatusState::pieceAt(Cell c) const {
    if (c < 0 || c >= kCells) return std::nullopt;
    const int side = board_.sideAt(c);
    if (side < 0) return std::nullopt;
    return Piece{0, side};
}

PlayerResources MobiatusState::resources(PlayerId p) const {
    PlayerResources r;
    if (p == Red || p == Blue) r.score = dotCount(p);
    return r;
}

Appearance MobiatusState::appearance(Cell c) const {
    if (c < 0 || c >= kCells) return std::nullopt;
    return lookOn(board_, c);
}

Appearance MobiatusState::lookOn(const Board& b, Cell c) const {
    const int side = b.sideAt(c);
    if (side == Red) return rules_.redDot;
    if (side == Blue) return rules_.blueDot;
    if (!rules_.markers) return std::nullopt;
    if (b.singular.has(c)) return rules_.singularity;
    const int behind = b.sideAt(opposite(c));
    if (behind == Red) return rules_.redCircle;
    if (behind == Blue) return rules_.blueCircle;
    return std::nullopt;
}

std::vector<Chain> MobiatusState::chains(bool firstOnly) const {
    std::vector<Chain> out;
    searchChains(board_, static_cast<Side>(toMove_),
                 [&](const Jump* jumps, int count, const Board& after) {
                     out.push_back({{jumps, jumps + count}, after});
                     return !firstOnly;
                 });
    return out;
}

template <typename Visit>
void MobiatusState::forEachDistinct(Visit visit) const {
    // Two plain moves end alike only with the same dot and the same rest; a
    // chain ends like another chain only, and chains are rare: their
    // positions are compared whole.
    CellSet restsOfThisDot;
    Cell dot = NoCell;
    std::vector<Board> chainEnds;
    searchChains(
        board_, static_cast<Side>(toMove_), [&](const Jump* jumps, int count, const Board& after) {
            if (count == 1) {
                if (jumps[0].from != dot) restsOfThisDot = CellSet(), dot = jumps[0].from;
                if (restsOfThisDot.has(jumps[0].rest)) return true;
                restsOfThisDot.add(jumps[0].rest);
            } else {
                if (std::find(chainEnds.begin(), chainEnds.end(), after) != chainEnds.end())
                    return true;
                chainEnds.push_back(after);
            }
            visit(jumps, count);
            return true;
        });
}

void MobiatusState::listActions(std::vector<Action>& out) const {
    out.clear();
    if (outcome_.over()) return;
    out.reserve(64);  // the start has 44: one allocation mostly
    bool anyCapture = false;
    forEachDistinct([&](const Jump* jumps, int count) {
        anyCapture |= count > 1;
        out.push_back(actionOf(jumps, count));
    });
    if (rules_.mandatoryCapture && anyCapture)
        std::erase_if(out, [](const Action& a) { return a.path.empty(); });
}

std::optional<uint64_t> MobiatusState::turnCount() const {
    if (outcome_.over()) return 0;
    uint64_t moves = 0, captures = 0;
    forEachDistinct([&](const Jump*, int count) { ++(count > 1 ? captures : moves); });
    return rules_.mandatoryCapture && captures > 0 ? captures : moves + captures;
}

std::optional<Chain> MobiatusState::chainOf(const Action& a) const {
    if (outcome_.over() || a.kind != Action::Kind::Move || a.piece != -1 || a.arg != 0 ||
        !a.payload.empty())
        return std::nullopt;
    const auto legal = legalActions();
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) return std::nullopt;
    for (Chain& c : chains()) {
        if (c.action() != a) continue;
        // Said the simplest way: a rest that is a knight's jump away is
        // landed on, not slid to. A landing touches fewer cells than a slide
        // to the same rest, so whatever the slide allowed after it still goes.
        for (Jump& j : c.jumps) {
            if (j.slid() && isKnightsJump(j.from, j.rest)) j.target = j.rest;
        }
        return std::move(c);
    }
    assert(false);  // every listed action is a chain found
    return std::nullopt;
}

void MobiatusState::apply(const Action& a) {
    assert(isLegal(a));
    // Stop by stop, without gathering the cells first: perft applies by the million.
    Cell at = a.from;
    for (size_t i = 0; i <= a.path.size(); ++i) {
        const Cell next = i < a.path.size() ? a.path[i] : a.to;
        Cell taken = NoCell;
        board_ = rested(board_, static_cast<Side>(toMove_), at, next, taken);
        assert((taken != NoCell) == (i < a.path.size()));  // every stop, and only they, take
        at = next;
    }
    assert(!board_.singular.has(a.to));  // the last rest takes nothing
    assert(faultOf(board_).empty());
    ++plies_;
    toMove_ = 1 - toMove_;
    outcome_ = decided();
}

Outcome MobiatusState::decided() const {
    const PlayerId other = 1 - toMove_;
    if (dotCount(toMove_) == 0)
        return Outcome::win({other}, playerName(toMove_) + " has no dots left");
    // Asked after every action applied: a chain found is enough, and no words
    // are built while the game goes on.
    bool canMove = false;
    searchChains(board_, static_cast<Side>(toMove_), [&](const Jump*, int, const Board&) {
        canMove = true;
        return false;
    });
    if (!canMove) return Outcome::win({other}, playerName(toMove_) + " has no legal move");
    if (plies_ < kMaxPlies) return Outcome::ongoing();
    const std::string why = std::to_string(kMovePairs) + " move pairs played";
    if (!rules_.morePiecesWins) return Outcome::draw(why);
    return stoppedOutcome(why);
}

Outcome MobiatusState::stoppedOutcome(const std::string& why) const {
    if (!rules_.morePiecesWins) return Outcome::draw(why);
    const int red = dotCount(Red), blue = dotCount(Blue);
    if (red == blue)
        return Outcome::draw(why + ": Red and Blue have " + std::to_string(red) +
                             (red == 1 ? " dot each" : " dots each"));
    const PlayerId more = red > blue ? Red : Blue;
    return Outcome::win({more}, why + ": " + playerName(more) + " has more dots, " +
                                    std::to_string(std::max(red, blue)) + " to " +
                                    std::to_string(std::min(red, blue)));
}

bool MobiatusState::canStillWin(PlayerId p) const {
    return (p == Red || p == Blue) && dotCount(p) > 0;
}

std::vector<Cell> MobiatusState::markedCells() const {
    CellSet marked = board_.singular;
    for (const CellSet& dots : board_.dots) dots.each([&](Cell c) { marked.add(opposite(c)); });
    std::vector<Cell> out;
    marked.each([&](Cell c) { out.push_back(c); });
    return out;
}

MobiatusGame::MobiatusGame(GameOptions resolved) : options_(std::move(resolved)) {
    rules_.morePiecesWins = options_.value("seventy-pairs") == "more-pieces";
    rules_.mandatoryCapture = options_.on("mandatory-capture");
    rules_.markers = options_.on("markers");
    rules_.redDot = options_.standIn("red");
    rules_.blueDot = options_.standIn("blue");
    rules_.redCircle = options_.standIn("red-circle");
    rules_.blueCircle = options_.standIn("blue-circle");
    rules_.singularity = options_.standIn("singularity");
}

std::unique_ptr<GameState> MobiatusGame::start() const {
    return std::make_unique<MobiatusState>(rules_);
}

std::unique_ptr<GameState> MobiatusGame::load(std::string_view text, std::string& error) const {
    return MobiatusState::load(text, error, rules_);
}

SetPiece MobiatusGame::read(SetPiece sensed) const {
    // Sets have two rooks of each colour and a game makes dozens of
    // singularities: both colours stand for them. With markers no other
    // stand-in has that figure (makeMobiatusGame); without, a rook is a stray
    // piece however it is read, unless the table made the dots rooks.
    const Figure figure = rules_.singularity.figure;
    const bool dotsShareIt = rules_.redDot.figure == figure || rules_.blueDot.figure == figure;
    if (sensed.figure == figure && (rules_.markers || !dotsShareIt)) return rules_.singularity;
    return sensed;
}

}  // namespace mobiatus
}  // namespace arbiter
