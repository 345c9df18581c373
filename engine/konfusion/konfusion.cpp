// The rules of Konfusion: the seats and their keyposts, the die option's
// turns and the end. How the pieces move is in konfusion_moves.cpp; notation,
// descriptions and the report are in konfusion_notation.cpp.
#include "engine/konfusion/konfusion.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace arbiter {

namespace {

// nullptr and a message when two pip counts share a figure among their stand-ins.
std::unique_ptr<Game> makeKonfusionGame(const GameOptions& resolved, std::string& error) {
    // The board shows pips only by the figure: two counts with one figure could not be told apart.
    for (int a = 1; a <= konfusion::kMaxPips; ++a) {
        for (int b = a + 1; b <= konfusion::kMaxPips; ++b) {
            const StandIn& one = resolved.standInOf(std::to_string(a));
            const StandIn& two = resolved.standInOf(std::to_string(b));
            if (one.look.figure != two.look.figure) continue;
            error = "the stand-ins for " + std::to_string(a) + " (" + one.words() + ") and " +
                    std::to_string(b) + " (" + two.words() +
                    ") share a figure: each figure may stand for one pip count only";
            return nullptr;
        }
    }
    return std::make_unique<konfusion::KonfusionGame>(resolved);
}

}  // namespace

GameInfo konfusionInfo() {
    GameInfo info;
    info.name = "konfusion";
    info.title = "Konfusion: dice on a 10x10 board, for 2 to 4 players";
    info.minPlayers = 2;
    info.maxPlayers = 4;
    info.defaultPlayers = 2;
    info.defaultFiles = info.minFiles = info.maxFiles = konfusion::kSide;
    info.defaultRanks = info.minRanks = info.maxRanks = konfusion::kSide;
    info.options = {
        {"die",
         "each turn a rolled die sets how many of your pieces you move",
         "off",
         {"on", "off"}},
    };
    // A die stands on the board as a chess figure, one figure per pip count;
    // the colour is the seat's (white for the first and third seats, black for
    // the second and fourth: South white and North black with two players, so
    // that neighbours never share a colour), so the table chooses only the figures.
    const Figure figures[konfusion::kMaxPips] = {Figure::Pawn, Figure::Knight, Figure::Bishop,
                                                 Figure::Rook, Figure::Queen,  Figure::King};
    for (int pips = 1; pips <= konfusion::kMaxPips; ++pips) {
        info.standIns.push_back({std::to_string(pips), "a die showing " + std::to_string(pips),
                                 SetPiece{SetColour::White, figures[pips - 1]}, false});
    }
    info.make = makeKonfusionGame;
    return info;
}

namespace konfusion {

namespace {

Seating makeSeating(int players) {
    Seating s;
    s.players = players;
    s.seatAt.fill(NoPlayer);
    const Side two[] = {South, North};
    const Side more[] = {South, West, North, East};
    for (PlayerId p = 0; p < players; ++p) {
        const Side side = players == 2 ? two[p] : more[p];
        s.sideOf[static_cast<size_t>(p)] = side;
        s.seatAt[static_cast<size_t>(side)] = p;
        for (Cell c : keypostsOf(side)) {
            s.keyposts |= CellSet::of(c);
            s.keypostAt[static_cast<size_t>(c)] = true;
        }
    }
    for (PlayerId p = 0; p < players; ++p) {
        const Side across = opposite(s.sideOf[static_cast<size_t>(p)]);
        if (s.seatAt[static_cast<size_t>(across)] == NoPlayer) continue;
        for (Cell c : keypostsOf(across)) s.toHold[static_cast<size_t>(p)] |= CellSet::of(c);
    }
    return s;
}

}  // namespace

const Seating& Seating::of(int players) {
    assert(players >= 2 && players <= 4);
    static const std::array<Seating, 3> seatings = {makeSeating(2), makeSeating(3), makeSeating(4)};
    return seatings[static_cast<size_t>(players - 2)];
}

std::array<Cell, 4> keypostsOf(Side s) {
    std::array<Cell, 4> cells = {fromView(s, 0, 0), fromView(s, 4, 0), fromView(s, 5, 0),
                                 fromView(s, 9, 0)};
    std::sort(cells.begin(), cells.end());
    return cells;
}

bool onFarRank(Side s, Cell c) {
    switch (s) {
        case South:
            return c / kSide == kSide - 1;
        case West:
            return c % kSide == kSide - 1;
        case North:
            return c / kSide == 0;
        case East:
            return c % kSide == 0;
    }
    return false;
}

KonfusionState::KonfusionState(const Rules& rules, bool /*empty*/)
    : rules_(rules), seating_(&Seating::of(rules.players)) {
    assert(rules.players >= 2 && rules.players <= 4);
}

KonfusionState::KonfusionState(const Rules& rules) : KonfusionState(rules, true) {
    // Each seat's 18 dice on its three back rows, as it sees them.
    struct Row {
        int y, firstX;
        std::array<int, 8> pips;
        int count;
    };
    constexpr Row rows[] = {{0, 1, {2, 3, 4, 5, 6, 4, 3, 2}, 8},
                            {1, 2, {1, 1, 2, 2, 1, 1}, 6},
                            {2, 3, {1, 1, 1, 1}, 4}};
    for (PlayerId p = 0; p < rules_.players; ++p) {
        for (const Row& row : rows) {
            for (int i = 0; i < row.count; ++i) {
                const Cell c = fromView(sideOf(p), row.firstX + i, row.y);
                assert(pipsAt(c) == 0);  // the seats' dice never overlap
                put(c, p, row.pips[static_cast<size_t>(i)]);
            }
        }
    }
}

std::unique_ptr<GameState> KonfusionState::clone() const {
    return std::make_unique<KonfusionState>(*this);
}

const Geometry& KonfusionState::geometry() const {
    // Shared: a state copied for every action tried need not copy the cells' map.
    static const Geometry board = Geometry::rectangle(kSide, kSide);
    return board;
}

std::string KonfusionState::playerName(PlayerId p) const {
    static const char* const names[4] = {"South", "West", "North", "East"};
    if (p < 0 || p >= rules_.players) return "Player " + std::to_string(p + 1);
    return names[sideOf(p)];
}

PlayerId KonfusionState::ownerAt(Cell c) const {
    const uint8_t code = cells_[static_cast<size_t>(c)];
    return code ? code >> 3 : NoPlayer;
}

std::optional<Piece> KonfusionState::pieceAt(Cell c) const {
    if (c < 0 || c >= kCells || !pipsAt(c)) return std::nullopt;
    return Piece{pipsAt(c), ownerAt(c)};
}

int KonfusionState::pipsOnBoard(PlayerId p) const {
    int total = 0;
    own_[static_cast<size_t>(p)].each([&](Cell c) { total += pipsAt(c); });
    return total;
}

PlayerResources KonfusionState::resources(PlayerId p) const {
    PlayerResources r;
    if (p >= 0 && p < rules_.players) r.score = pipsOnBoard(p);
    return r;
}

Appearance KonfusionState::appearance(Cell c) const {
    if (c < 0 || c >= kCells || !pipsAt(c)) return std::nullopt;
    const SetColour colour = ownerAt(c) % 2 == 0 ? SetColour::White : SetColour::Black;
    return SetPiece{colour, rules_.looks[static_cast<size_t>(pipsAt(c) - 1)]};
}

void KonfusionState::put(Cell c, PlayerId owner, int pips) {
    assert(pips >= 1 && pips <= kMaxPips && owner >= 0 && owner < rules_.players);
    cells_[static_cast<size_t>(c)] = static_cast<uint8_t>(owner << 3 | pips);
    own_[static_cast<size_t>(owner)] |= CellSet::of(c);
    occupied_ |= CellSet::of(c);
}

void KonfusionState::clear(Cell c) {
    if (!pipsAt(c)) return;
    own_[static_cast<size_t>(ownerAt(c))] &= ~CellSet::of(c);
    occupied_ &= ~CellSet::of(c);
    cells_[static_cast<size_t>(c)] = 0;
}

bool KonfusionState::movedAlready(Cell c) const {
    return std::find(moved_.begin(), moved_.begin() + movedCount_, c) !=
           moved_.begin() + movedCount_;
}

std::vector<Cell> KonfusionState::movedThisTurn() const {
    return {moved_.begin(), moved_.begin() + movedCount_};
}

bool KonfusionState::isLegal(const Action& a) const {
    if (outcome_.over() || a.piece != -1 || a.arg != 0 || !a.path.empty()) return false;
    switch (a.kind) {
        case Action::Kind::Move:
            if (chance() || !a.payload.empty() || a.from < 0 || a.from >= kCells || a.to < 0 ||
                a.to >= kCells)
                return false;
            return ownerAt(a.from) == toMove_ && !movedAlready(a.from) &&
                   destinations(a.from).has(a.to);
        case Action::Kind::Chance:
            return a.from == NoCell && a.to == NoCell && a.payload.size() == 1 && chance() &&
                   a.payload[0] >= 0 && a.payload[0] < kMaxPips;
        case Action::Kind::Pass:
        case Action::Kind::EndTurn: {
            if (a.from != NoCell || a.to != NoCell || !a.payload.empty()) return false;
            if (a.kind == Action::Kind::EndTurn) return midTurn();
            return !midTurn() && !chance() && !moverCanMove();
        }
        default:
            return false;
    }
}

void KonfusionState::endTurn() {
    toMove_ = (toMove_ + 1) % rules_.players;
    roll_ = 0;
    movedCount_ = 0;
}

void KonfusionState::apply(const Action& a) {
    assert(isLegal(a));
    moverCanMove_ = -1;
    const PlayerId mover = toMove_;
    switch (a.kind) {
        case Action::Kind::Chance:
            roll_ = a.payload[0] + 1;
            return;  // the roll decides nothing about the end
        case Action::Kind::Move: {
            assert(!rules_.die || roll_ > movedCount_);
            movePiece(a.from, a.to);
            bool turnOver = true;
            if (rules_.die && !outcome_.over()) {
                turnOver = movedCount_ == roll_ || !hasMove(mover, true);
            }
            if (turnOver) endTurn();
            break;
        }
        default:  // a pass or the end of a turn of the die option
            endTurn();
            break;
    }
    if (!outcome_.over() && stuck()) outcome_ = Outcome::draw("no player can move");
}

void KonfusionState::movePiece(Cell from, Cell to) {
    moverCanMove_ = -1;
    const PlayerId mover = toMove_;
    const int pips = pipsAfter(from, to);
    const PlayerId victim = ownerAt(to);
    if (victim != NoPlayer) {
        assert(victim != mover);
        captured_[static_cast<size_t>(mover)] += pipsAt(to);
        clear(to);
    }
    clear(from);
    put(to, mover, pips);
    if (holdsKeyposts(mover))
        outcome_ = keypostWin(mover);
    else if (victim != NoPlayer && own_[static_cast<size_t>(victim)].empty())
        outcome_ = removal();
    if (rules_.die && !outcome_.over()) moved_[static_cast<size_t>(movedCount_++)] = to;
}

bool KonfusionState::stuck() const {
    // Only a seat to move without a move can find everyone else without one:
    // asked so, it costs one piece's moves on almost every turn.
    if (movedCount_ > 0 || moverCanMove()) return false;
    for (PlayerId p = 0; p < rules_.players; ++p) {
        if (hasMove(p, false)) return false;
    }
    return true;
}

bool KonfusionState::holdsKeyposts(PlayerId p) const {
    const CellSet target = seating().toHold[static_cast<size_t>(p)];
    return !target.empty() && (own_[static_cast<size_t>(p)] & target) == target;
}

Outcome KonfusionState::keypostWin(PlayerId p) const {
    assert(holdsKeyposts(p));
    const Side target = opposite(sideOf(p));
    std::string where;
    for (Cell c : keypostsOf(target)) where += (where.empty() ? "" : ", ") + cellName(c);
    return Outcome::win({p}, playerName(p) + " holds " +
                                 playerName(seating().seatAt[static_cast<size_t>(target)]) +
                                 "'s four keyposts (" + where + ")");
}

Outcome KonfusionState::removal() const {
    std::vector<PlayerId> all, left;
    std::string gone;
    for (PlayerId p = 0; p < rules_.players; ++p) {
        all.push_back(p);
        if (!own_[static_cast<size_t>(p)].empty())
            left.push_back(p);
        else
            gone += (gone.empty() ? "" : " and ") + playerName(p);
    }
    assert(!gone.empty());
    const std::string why =
        gone + (left.size() + 1 < all.size() ? " have" : " has") + " no pieces left";
    if (rules_.players == 2 && left.size() == 1) return Outcome::win(left, why);
    return byPips(all, why);
}

Outcome KonfusionState::decided(PlayerId lastMover) const {
    // The last mover is the only one whose move can newly take all four, but
    // a loaded position may show anyone holding them.
    for (int i = 0; i < rules_.players; ++i) {
        const PlayerId p = (lastMover + i) % rules_.players;
        if (holdsKeyposts(p)) return keypostWin(p);
    }
    for (PlayerId p = 0; p < rules_.players; ++p) {
        if (own_[static_cast<size_t>(p)].empty()) return removal();
    }
    return Outcome::ongoing();
}

Outcome KonfusionState::byPips(const std::vector<PlayerId>& among, const std::string& why) const {
    assert(!among.empty());
    auto key = [&](PlayerId p) { return std::pair(pipsOnBoard(p), captured(p)); };
    auto best = key(among.front());
    for (PlayerId p : among) best = std::max(best, key(p));
    std::vector<PlayerId> top, onPips;
    for (PlayerId p : among) {
        if (key(p) == best) top.push_back(p);
        if (key(p).first == best.first) onPips.push_back(p);
    }
    auto names = [&](const std::vector<PlayerId>& who) {
        std::string text;
        for (size_t i = 0; i < who.size(); ++i)
            text += (i == 0 ? "" : i + 1 == who.size() ? " and " : ", ") + playerName(who[i]);
        return text;
    };
    const std::string pips = std::to_string(best.first);
    const std::string took = std::to_string(best.second);
    if (top.size() == 1 && onPips.size() == 1)
        return Outcome::win(
            top, why + "; " + names(top) + " has the most pips on the board (" + pips + ")");
    if (top.size() == 1)
        return Outcome::win(top, why + "; " + names(onPips) + " have " + pips +
                                     " pips on the board each, and " + names(top) +
                                     " captured the most (" + took + ")");
    Outcome o =
        Outcome::draw(why + "; " + names(top) + " tie with " + pips + " pips on the board and " +
                      took + " captured each: a draw between them");
    o.winners = top;
    return o;
}

bool KonfusionState::canStillWin(PlayerId p) const {
    return p >= 0 && p < rules_.players && !own_[static_cast<size_t>(p)].empty();
}

std::vector<PlayerId> KonfusionState::opponents(PlayerId p) const {
    if (rules_.players == 2) return {1 - p};
    std::vector<PlayerId> others;
    for (PlayerId q = 0; q < rules_.players; ++q) {
        if (q != p) others.push_back(q);
    }
    return byPips(others, "").winners;
}

Outcome KonfusionState::stoppedOutcome(const std::string& why) const {
    std::vector<PlayerId> all;
    for (PlayerId p = 0; p < rules_.players; ++p) all.push_back(p);
    return byPips(all, why);
}

Effect KonfusionState::effect(const Action& a) const {
    Effect e;
    if (a.kind != Action::Kind::Move) return e;
    assert(isLegal(a));
    const SetColour colour = toMove_ % 2 == 0 ? SetColour::White : SetColour::Black;
    const SetPiece landed{colour, rules_.looks[static_cast<size_t>(pipsAfter(a.from, a.to) - 1)]};
    const CellChange leave{a.from, appearance(a.from), std::nullopt, true, false};
    const CellChange arrive{a.to, appearance(a.to), landed, true, false};
    if (a.from < a.to)
        e.changes = {leave, arrive};
    else
        e.changes = {arrive, leave};
    return e;
}

KonfusionGame::KonfusionGame(GameOptions resolved) : options_(std::move(resolved)) {
    rules_.players = options_.players;
    rules_.die = options_.on("die");
    for (int pips = 1; pips <= kMaxPips; ++pips)
        rules_.looks[static_cast<size_t>(pips - 1)] = options_.standIn(std::to_string(pips)).figure;
}

std::unique_ptr<GameState> KonfusionGame::start() const {
    return std::make_unique<KonfusionState>(rules_);
}

std::unique_ptr<GameState> KonfusionGame::load(std::string_view text, std::string& error) const {
    return KonfusionState::load(text, error, rules_);
}

}  // namespace konfusion
}  // namespace arbiter
