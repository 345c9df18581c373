// The rules of Möbiatus: the ring of the strip's two faces, knight jumps,
// slides through singularities, captures from the far face and their
// chains, and the end. Notation, descriptions and the report are in
// mobiatus_notation.cpp.
#include "engine/mobiatus/mobiatus.h"

#include <algorithm>

#include "engine/mobiatus/mobiatus_chains.h"

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
    const auto mover = static_cast<Side>(toMove_);
    searchChains(board_, mover, [&](const Jump* jumps, int count) {
        Chain& chain = out.emplace_back();
        chain.jumps.assign(jumps, jumps + count);
        chain.after = board_;
        for (const Jump& j : chain.jumps) {
            [[maybe_unused]] Cell taken = NoCell;
            chain.after = rested(chain.after, mover, j.from, j.rest, taken);
            assert(taken == j.taken);
        }
        return !firstOnly;
    });
    return out;
}

template <typename Visit>
void MobiatusState::forEachDistinct(Visit visit) const {
    // Two chains end alike only from the same dot to the same rest, and
    // then exactly when they take the same dots: each stop is the cell
    // behind the dot it took, so the dots taken name every cell the chain
    // made singular. A chain's end is known by its rest and the dots it took
    // (bits by their rank among the enemy's), compared with the other ends
    // from its dot; a plain move's by its rest alone.
    std::array<uint8_t, kCells> rankOfEnemy;  // read only on the enemy's dots
    uint8_t rank = 0;
    board_.dots[static_cast<size_t>(1 - toMove_)].each(
        [&](Cell c) { rankOfEnemy[static_cast<size_t>(c)] = rank++; });
    CellSet restsOfThisDot;
    Cell dot = NoCell;
    std::vector<uint32_t> chainEndsOfThisDot;  // rest << kMaxDots | dots taken
    searchChains(board_, static_cast<Side>(toMove_), [&](const Jump* jumps, int count) {
        const Cell rest = jumps[count - 1].rest;
        if (jumps[0].from != dot) {
            dot = jumps[0].from;
            restsOfThisDot = CellSet();
            chainEndsOfThisDot.clear();
        }
        if (count == 1) {
            if (restsOfThisDot.has(rest)) return true;
            restsOfThisDot.add(rest);
        } else {
            uint32_t end = static_cast<uint32_t>(rest) << kMaxDots;
            for (int i = 0; i + 1 < count; ++i)
                end |= 1u << rankOfEnemy[static_cast<size_t>(jumps[i].taken)];
            if (std::find(chainEndsOfThisDot.begin(), chainEndsOfThisDot.end(), end) !=
                chainEndsOfThisDot.end())
                return true;
            chainEndsOfThisDot.push_back(end);
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
        // As actionOf() makes it, filled where it lies.
        Action& a = appendAction(out, Action::Kind::Move, jumps[0].from, jumps[count - 1].rest);
        for (int i = 0; i + 1 < count; ++i) a.path.push_back(jumps[i].rest);
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
    searchChains(board_, static_cast<Side>(toMove_), [&](const Jump*, int) {
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
