// The rules of Cornerport: the ports and deep water, which squares a ship
// strikes, the win and the two draws. The moves, a freighter's arrival in
// port and the placement it brings, and applying actions are in
// cornerport_moves.cpp; notation, descriptions, refusals and the report in
// cornerport_notation.cpp.
#include "engine/cornerport/cornerport.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace arbiter {

namespace {

const char* const kStandInNames[cornerport::kKinds] = {"patrol", "battleship", "freighter"};

}  // namespace

namespace {

// nullptr and a message when two kinds of ship share a figure among their stand-ins.
std::unique_ptr<Game> makeCornerportGame(const GameOptions& resolved, std::string& error) {
    using namespace cornerport;
    // The boards show a kind only by its figure: two kinds sharing one could
    // not be told apart.
    Rules rules;
    for (int k = 0; k < kKinds; ++k)
        rules.figures[static_cast<size_t>(k)] = resolved.standIn(kStandInNames[k]).figure;
    for (int a = 0; a < kKinds; ++a) {
        for (int b = a + 1; b < kKinds; ++b) {
            if (rules.figures[static_cast<size_t>(a)] != rules.figures[static_cast<size_t>(b)])
                continue;
            error = std::string("the stand-ins for ") + kStandInNames[a] + " (" +
                    resolved.standInOf(kStandInNames[a]).words() + ") and " + kStandInNames[b] +
                    " (" + resolved.standInOf(kStandInNames[b]).words() +
                    ") share a figure: each figure may stand for one kind only";
            return nullptr;
        }
    }
    return std::make_unique<CornerportGame>(resolved, rules);
}

}  // namespace

GameInfo cornerportInfo() {
    GameInfo info;
    info.name = "cornerport";
    info.title = "Cornerport: ships racing between corner ports and sinking each other, for 2";
    info.minPlayers = info.maxPlayers = info.defaultPlayers = 2;
    const cornerport::Rules defaults;
    const char* descriptions[cornerport::kKinds] = {"a patrol boat", "a battle ship",
                                                    "a freighter"};
    for (int k = 0; k < cornerport::kKinds; ++k) {
        info.standIns.push_back(
            {kStandInNames[k], descriptions[k],
             StandIn(SetPiece{SetColour::White, defaults.figures[static_cast<size_t>(k)]}), false});
    }
    info.make = makeCornerportGame;
    return info;
}

namespace cornerport {

namespace {

constexpr int kSide = 8;

int fileOf(Cell c) {
    return c % kSide;
}
int rankOf(Cell c) {
    return c / kSide;
}
// The cell `df` files and `dr` ranks from `c`, or NoCell off the board.
Cell stepFrom(Cell c, int df, int dr) {
    const int f = fileOf(c) + df, r = rankOf(c) + dr;
    if (f < 0 || f >= kSide || r < 0 || r >= kSide) return NoCell;
    return r * kSide + f;
}

}  // namespace

CornerportState::CornerportState(const Rules& rules, bool /*empty*/)
    : rules_(rules), geometry_(Geometry::rectangle(kSide, kSide)) {
    homes_.fill(static_cast<int8_t>(NoCell));
}

CornerportState::CornerportState(const Rules& rules) : CornerportState(rules, true) {
    // Each player's freighter on the own port of their back rank.
    put(portsOf(kWhite)[0], Square{kFreighter, kWhite}, portsOf(kWhite)[0]);
    put(portsOf(kBlack)[1], Square{kFreighter, kBlack}, portsOf(kBlack)[1]);
    outcome_ = decided();
}

std::unique_ptr<GameState> CornerportState::clone() const {
    return std::make_unique<CornerportState>(*this);
}

std::string CornerportState::playerName(PlayerId p) const {
    return p == kWhite ? "White" : "Black";
}

std::optional<Piece> CornerportState::pieceAt(Cell c) const {
    if (!geometry_.contains(c) || at(c).empty()) return std::nullopt;
    return Piece{at(c).kind, at(c).owner};
}

PlayerResources CornerportState::resources(PlayerId p) const {
    PlayerResources r;
    if (p != kWhite && p != kBlack) return r;
    for (int k = 0; k < kKinds; ++k)
        r.reserve.push_back(kLimit[static_cast<size_t>(k)] - count(p, k));
    return r;
}

Appearance CornerportState::appearance(Cell c) const {
    if (!geometry_.contains(c) || at(c).empty()) return std::nullopt;
    return SetPiece{at(c).owner == kWhite ? SetColour::White : SetColour::Black,
                    rules_.figures[static_cast<size_t>(at(c).kind)]};
}

int CornerportState::shipsOf(PlayerId p) const {
    int n = 0;
    for (int k = 0; k < kKinds; ++k) n += count(p, k);
    return n;
}

void CornerportState::put(Cell c, Square s, Cell home) {
    const Square was = at(c);
    if (!was.empty()) --counts_[static_cast<size_t>(was.owner)][static_cast<size_t>(was.kind)];
    if (!s.empty()) ++counts_[static_cast<size_t>(s.owner)][static_cast<size_t>(s.kind)];
    cells_[static_cast<size_t>(c)] = s;
    assert((s.kind == kFreighter) == (home != NoCell));
    homes_[static_cast<size_t>(c)] = static_cast<int8_t>(home);
    const uint64_t bit = uint64_t{1} << c;
    fleets_[0] &= ~bit;
    fleets_[1] &= ~bit;
    if (!s.empty()) fleets_[static_cast<size_t>(s.owner)] |= bit;
}

bool CornerportState::strikes(Cell from, Cell target) const {
    const Square ship = at(from);
    const int df = fileOf(target) - fileOf(from), dr = rankOf(target) - rankOf(from);
    const int adf = std::abs(df), adr = std::abs(dr);
    if (ship.kind == kPatrolBoat) return std::max(adf, adr) == 1;
    if (ship.kind != kBattleShip || (df != 0 && dr != 0)) return false;
    const int distance = adf + adr;
    if (distance == 1) return true;
    if (distance != 2) return false;
    return at(stepFrom(from, df / 2, dr / 2)).empty();
}

Effect CornerportState::effect(const Action& a) const {
    Effect e;
    if (a.kind == Action::Kind::Place) {
        const SetPiece look{toMove_ == kWhite ? SetColour::White : SetColour::Black,
                            rules_.figures[static_cast<size_t>(a.piece)]};
        e.changes.push_back({a.to, std::nullopt, look, true, false});
        return e;
    }
    if (a.kind != Action::Kind::Move) return e;
    const CellChange leave{a.from, appearance(a.from), std::nullopt, true, false};
    const CellChange arrive{a.to, appearance(a.to), appearance(a.from), true, false};
    if (a.from < a.to)
        e.changes = {leave, arrive};
    else
        e.changes = {arrive, leave};
    return e;
}

bool CornerportState::deepWaterDraw(PlayerId side) const {
    const PlayerId other = 1 - side;
    const uint64_t others = fleets_[static_cast<size_t>(other)];
    if (count(side, kPatrolBoat) == 0 || count(side, kBattleShip) > 0 ||
        count(side, kFreighter) > 0 || others == 0 || (others & ~kDeepWater) != 0)
        return false;
    // Every way out of deep water, judged in the position after it: a square
    // the patrol boats strike and no other of the leaver's ships protects is
    // no way out.
    std::vector<Action> moves;
    addMoves(other, moves);
    for (const Action& m : moves) {
        if (deepWater(m.to)) continue;
        CornerportState after = *this;
        after.put(m.to, at(m.from), homeOf(m.from));
        after.put(m.from, Square{});
        bool struck = false, protectedBy = false;
        for (Cell c = 0; c < kSide * kSide; ++c) {
            const Square s = after.at(c);
            if (s.empty() || c == m.to || !after.strikes(c, m.to)) continue;
            if (s.owner == side) struck = true;
            if (s.owner == other) protectedBy = true;
        }
        if (!struck || protectedBy) return false;
    }
    return true;
}

Outcome CornerportState::decided() const {
    for (PlayerId p : {kWhite, kBlack}) {
        if (fleets_[static_cast<size_t>(p)] == 0)
            return Outcome::win({1 - p}, playerName(p) + " has no ship left on the board");
    }
    // In the middle of a turn the mover's freighter stands on its own port, in
    // coastal water, so neither draw can hold; the placement decides later.
    if (pending_ != NoCell) return Outcome::ongoing();
    for (PlayerId side : {kWhite, kBlack}) {
        if (deepWaterDraw(side))
            return Outcome::draw(playerName(side) + " has only patrol boats, and " +
                                 playerName(1 - side) +
                                 " cannot leave deep water without stepping where a patrol boat "
                                 "would sink it unprotected");
    }
    return Outcome::ongoing();
}

bool CornerportState::canStillWin(PlayerId p) const {
    return (p == kWhite || p == kBlack) && !outcome_.over() && shipsOf(p) > 0;
}

std::unique_ptr<GameState> CornerportGame::start() const {
    return std::make_unique<CornerportState>(rules_);
}

std::unique_ptr<GameState> CornerportGame::load(std::string_view text, std::string& error) const {
    return CornerportState::load(text, error, rules_);
}

CornerportGame::CornerportGame(GameOptions resolved, Rules rules)
    : options_(std::move(resolved)), rules_(rules) {}

}  // namespace cornerport
}  // namespace arbiter
