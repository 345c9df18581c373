// The rules of Sandkings: the creatures in their corners, turns of as many
// steps as a creature has parts, the connection every step must keep, stings
// and the vertebrae that block them, pieces cut off by a sting, suffocation
// in a corner closed by a chain, and the last creature standing. Notation,
// descriptions, refusals, the position text and the report are in
// sandkings_notation.cpp.
#include "engine/sandkings/sandkings.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace arbiter {

namespace {

// nullptr and a message when two parts of a creature share a figure among
// their stand-ins (the boards could not tell them apart).
std::unique_ptr<Game> makeSandkingsGame(const GameOptions& resolved, std::string& error) {
    using namespace sandkings;
    Rules rules;
    rules.orthogonalBlock = resolved.on("orthogonal-block");
    rules.stingerNearBody = resolved.on("stinger-near-body");
    rules.diagonalSuffocation = resolved.on("diagonal-suffocation");
    rules.doubleSteps = resolved.on("double-steps");
    const char* names[kKinds] = {"stinger", "body", "vertebra"};
    for (int k = 0; k < kKinds; ++k)
        rules.figures[static_cast<size_t>(k)] = resolved.standIn(names[k]).figure;
    // The boards tell the parts apart by figure alone.
    for (int a = 0; a < kKinds; ++a) {
        for (int b = a + 1; b < kKinds; ++b) {
            if (rules.figures[static_cast<size_t>(a)] != rules.figures[static_cast<size_t>(b)])
                continue;
            error = std::string("the stand-ins for ") + names[a] + " and " + names[b] +
                    " share a figure: each part needs a figure of its own";
            return nullptr;
        }
    }
    return std::make_unique<SandkingsGame>(resolved, rules);
}

}  // namespace

GameInfo sandkingsInfo() {
    GameInfo info;
    info.name = "sandkings";
    info.title = "Sandkings: creatures of six parts that sting and suffocate, for 2 to 4 players";
    info.minPlayers = 2;
    info.maxPlayers = sandkings::kMaxSeats;
    info.defaultPlayers = 2;
    info.defaultFiles = info.minFiles = info.maxFiles = sandkings::kSide;
    info.defaultRanks = info.minRanks = info.maxRanks = sandkings::kSide;
    info.options = {
        {"orthogonal-block",
         "a vertebra blocks a stinger only when orthogonally next to its body (off: in any of "
         "the 8 directions)",
         "off",
         {"on", "off"}},
        {"stinger-near-body",
         "a stinger standing next to its own body may sting even a blocking vertebra",
         "off",
         {"on", "off"}},
        {"diagonal-suffocation",
         "the chain that suffocates may be joined diagonally too (off: orthogonally only)",
         "off",
         {"on", "off"}},
        {"double-steps",
         "twice as many steps a turn as the creature has parts",
         "off",
         {"on", "off"}},
    };
    // The colour on the board is the seat's (white for the first and third
    // seats, black for the second and fourth), so the table chooses figures.
    const sandkings::Rules defaults;
    info.standIns = {
        {"stinger", "the stinger", SetPiece{SetColour::White, defaults.figures[0]}, false},
        {"body", "the body", SetPiece{SetColour::White, defaults.figures[1]}, false},
        {"vertebra", "a vertebra", SetPiece{SetColour::White, defaults.figures[2]}, false},
    };
    info.make = makeSandkingsGame;
    return info;
}

namespace sandkings {

namespace {

// The two edges that meet at each corner, and the two that do not.
struct CornerEdges {
    CellSet one, other, far;
};
constexpr std::array<CornerEdges, 4> kCornerEdges = {{
    {kRank1, kFileA, kRank8 | kFileH},  // a1
    {kRank8, kFileA, kRank1 | kFileH},  // a8
    {kRank8, kFileH, kRank1 | kFileA},  // h8
    {kRank1, kFileH, kRank8 | kFileA},  // h1
}};

// The cells a chain touching both edges of kCornerEdges[corner] can close:
// none beyond its farthest file and rank from the corner, since from there a
// straight line reaches a far edge without crossing it.
CellSet closable(CellSet chain, size_t corner) {
    assert(chain != 0);
    // The files the chain stands on, as the eight bits of one rank.
    CellSet files = chain | (chain >> 32);
    files |= files >> 16;
    files |= files >> 8;
    files &= kRank1;
    const int minFile = firstOf(files), maxFile = lastOf(files) % kSide;
    const int minRank = firstOf(chain) / kSide, maxRank = lastOf(chain) / kSide;
    const bool west = corner <= 1, south = corner == 0 || corner == 3;
    const int firstFile = west ? 0 : minFile, lastFile = west ? maxFile : kSide - 1;
    const int firstRank = south ? 0 : minRank, lastRank = south ? maxRank : kSide - 1;
    const CellSet fileRange = (kRank1 >> (kSide - 1 - lastFile)) & (kRank1 << firstFile) & kRank1;
    const CellSet rankRange =
        (~CellSet{0} >> (kSide * (kSide - 1 - lastRank))) & (~CellSet{0} << (kSide * firstRank));
    return fileRange * kFileA & rankRange;
}

constexpr unsigned bitOf(PlayerId p) {
    return 1u << p;
}

}  // namespace

Corner cornerOf(int players, PlayerId seat) {
    assert(players >= 2 && players <= kMaxSeats && seat >= 0 && seat < players);
    if (players == 2) return seat == 0 ? SouthWest : NorthEast;
    return static_cast<Corner>(seat);
}

SandkingsState::SandkingsState(const Rules& rules, int players, bool)
    : rules_(rules),
      geometry_(std::make_shared<const Geometry>(Geometry::rectangle(kSide, kSide))),
      players_(players) {
    assert(players >= 2 && players <= kMaxSeats);
}

SandkingsState::SandkingsState(const Rules& rules, int players)
    : SandkingsState(rules, players, true) {
    for (PlayerId p = 0; p < players; ++p) {
        const Corner corner = cornerOf(players, p);
        // The corner cell and the direction towards the middle of the board.
        const int file = corner == SouthWest || corner == NorthWest ? 0 : kSide - 1;
        const int rank = corner == SouthWest || corner == SouthEast ? 0 : kSide - 1;
        const int df = file == 0 ? 1 : -1, dr = rank == 0 ? 1 : -1;
        const Cell body = geometry_->cell(file + df, rank + dr);
        put(geometry_->cell(file, rank), kStinger, p);
        put(body, kBody, p);
        for (auto [f, r] : {std::pair(-1, 0), std::pair(1, 0), std::pair(0, -1), std::pair(0, 1)})
            put(geometry_->step(body, f, r), kVertebra, p);
        seatsIn_ |= bitOf(p);
    }
    beginTurnAfter(players - 1);
    assert(toMove_ == 0 && allowed_ == rules_.stepsFor(kMaxParts));
}

std::unique_ptr<GameState> SandkingsState::clone() const {
    return std::make_unique<SandkingsState>(*this);
}

void SandkingsState::put(Cell c, int kind, PlayerId owner) {
    assert(geometry_->contains(c) && kindAt(c) < 0);
    pieces_[static_cast<size_t>(owner)] |= only(c);
    kinds_[static_cast<size_t>(kind)] |= only(c);
}

int SandkingsState::kindAt(Cell c) const {
    for (int k = 0; k < kKinds; ++k) {
        if (has(kinds_[static_cast<size_t>(k)], c)) return k;
    }
    return -1;
}

PlayerId SandkingsState::ownerAt(Cell c) const {
    for (PlayerId p = 0; p < players_; ++p) {
        if (has(piecesOf(p), c)) return p;
    }
    return NoPlayer;
}

CellSet SandkingsState::occupied() const {
    return kinds_[kStinger] | kinds_[kBody] | kinds_[kVertebra];
}

std::string SandkingsState::playerName(PlayerId p) const {
    if (players_ == 2) return p == 0 ? "White" : "Black";
    constexpr const char* kCornerNames[4] = {"South-west", "North-west", "North-east",
                                             "South-east"};
    if (p < 0 || p >= players_) return "Player " + std::to_string(p + 1);
    return kCornerNames[cornerOf(players_, p)];
}

std::optional<Piece> SandkingsState::pieceAt(Cell c) const {
    if (!geometry_->contains(c)) return std::nullopt;
    const int kind = kindAt(c);
    if (kind < 0) return std::nullopt;
    return Piece{kind, ownerAt(c)};
}

PlayerResources SandkingsState::resources(PlayerId p) const {
    PlayerResources r;
    if (p >= 0 && p < players_) r.score = partsOf(p);
    return r;
}

Appearance SandkingsState::appearance(Cell c) const {
    if (!geometry_->contains(c)) return std::nullopt;
    const int kind = kindAt(c);
    if (kind < 0) return std::nullopt;
    return SetPiece{ownerAt(c) % 2 == 0 ? SetColour::White : SetColour::Black,
                    rules_.figures[static_cast<size_t>(kind)]};
}

bool SandkingsState::inGame(PlayerId p) const {
    return p >= 0 && p < players_ && (seatsIn_ & bitOf(p));
}

bool SandkingsState::canStillWin(PlayerId p) const {
    if (!inGame(p)) return false;
    if (outcome_.over()) return outcome_.status == Outcome::Status::Win && outcome_.winners[0] == p;
    // With three or more creatures the others may still destroy one another.
    if (countOf(seatsIn_) > 2) return true;
    // Against one other creature, a win needs a stinger or enough parts for a
    // chain that closes a corner around the other body: a2 b2 b1 around a1,
    // or a2 b1 when diagonal joins count.
    const int chain = rules_.diagonalSuffocation ? 2 : 3;
    return (piecesOf(p) & kinds_[kStinger]) != 0 || partsOf(p) >= chain;
}

bool SandkingsState::isLegal(const Action& a) const {
    if (outcome_.over()) return false;
    switch (a.kind) {
        case Action::Kind::Move:
            return stepRefusal(a).empty();
        case Action::Kind::EndTurn:
            return made_ > 0 && a == Action::endTurn();
        case Action::Kind::Pass:
            return made_ == 0 && a == Action::pass() && !hasStep(toMove_);
        default:
            return false;
    }
}

std::string SandkingsState::stepRefusal(const Action& a) const {
    assert(a.kind == Action::Kind::Move);
    const PlayerId p = toMove_;
    if (a.piece != -1 || !a.path.empty() || a.arg != 0 || !a.payload.empty())
        return "a step moves one piece one square and nothing more";
    if (!geometry_->contains(a.from) || !geometry_->contains(a.to))
        return "there is no such square";
    if (ownerAt(a.from) != p) return "you have no piece on " + cellName(a.from);
    if (!has(kingNeighbours(only(a.from)), a.to))
        return cellName(a.from) + " and " + cellName(a.to) +
               " are not neighbours: a piece steps one square";
    const PlayerId target = ownerAt(a.to);
    if (target == p) return cellName(a.to) + " holds one of your own pieces";
    if (target != NoPlayer) {
        if (kindAt(a.from) != kStinger)
            return "only the stinger may step onto another creature's piece";
        if (!has(reach(p, a.from, blockers(p)), a.to))
            return "the vertebra on " + cellName(a.to) +
                   " is next to its body and blocks your stinger";
    }
    if (!staysJoined(p, a.from, a.to)) {
        const CellSet after = (piecesOf(p) & ~only(a.from)) | only(a.to);
        const CellSet body = has(kinds_[kBody], a.from) ? only(a.to) : bodyOf(p);
        const Cell cut = firstOf(after & ~flood(body, after, true));
        const int kind = cut == a.to ? kindAt(a.from) : kindAt(cut);
        constexpr const char* kParts[kKinds] = {"stinger", "body", "vertebra"};
        return std::string("that step leaves your ") + kParts[kind] + " on " + cellName(cut) +
               " cut off from your body";
    }
    return {};
}

unsigned SandkingsState::closedBy(PlayerId p, CellSet chain, size_t corner,
                                  const std::array<CellSet, kMaxSeats>& pieces, CellSet bodies,
                                  unsigned seatsIn, bool diagonal) {
    const CellSet mine = pieces[static_cast<size_t>(p)];
    // A creature in its own corner touches both edges at every step:
    // the flood of the open board below was most of perft's time.
    if (!(closable(chain, corner) & bodies & ~mine)) return 0;
    // An orthogonal chain stops a king's steps; a chain joined diagonally
    // stops only orthogonal ones.
    const CellSet open = ~chain;
    const CellSet closed = open & ~flood(kCornerEdges[corner].far & open, open, !diagonal);
    if (!(closed & bodies)) return 0;
    unsigned suffocated = 0;
    for (PlayerId q = 0; q < kMaxSeats; ++q) {
        if (q != p && (seatsIn & bitOf(q)) && (pieces[static_cast<size_t>(q)] & closed & bodies))
            suffocated |= bitOf(q);
    }
    return suffocated;
}

unsigned SandkingsState::suffocatedBy(PlayerId p, const std::array<CellSet, kMaxSeats>& pieces,
                                      CellSet bodies, unsigned seatsIn, bool diagonal) {
    const CellSet mine = pieces[static_cast<size_t>(p)];
    unsigned suffocated = 0;
    for (size_t i = 0; i < kCornerEdges.size(); ++i) {
        const CornerEdges& corner = kCornerEdges[i];
        if (!(mine & corner.one) || !(mine & corner.other)) continue;
        // No chain of p's closes more than all its pieces together could.
        if (!(closable(mine, i) & bodies & ~mine)) continue;
        // Each chain of p's pieces that touches both edges of the corner on
        // its own closes the cells behind it: those that cannot get to the
        // far edges past it.
        for (CellSet left = mine & corner.one; left;) {
            const CellSet chain = flood(only(firstOf(left)), mine, diagonal);
            left &= ~chain;
            if (chain & corner.other)
                suffocated |= closedBy(p, chain, i, pieces, bodies, seatsIn, diagonal);
        }
    }
    return suffocated;
}

unsigned SandkingsState::suffocatedByStep(Cell to, bool bodyMoved, unsigned seatsIn) const {
    const PlayerId p = toMove_;
    const CellSet mine = piecesOf(p), bodies = kinds_[kBody];
    const bool diagonal = rules_.diagonalSuffocation;
    unsigned suffocated = 0;
    // The mover's chains that do not hold `to` are what is left of its
    // chains before the step, and close no more than those did: nothing.
    CellSet chain = 0;  // the chain through `to`, sought when a corner may need it
    for (size_t i = 0; i < kCornerEdges.size(); ++i) {
        const CornerEdges& corner = kCornerEdges[i];
        if (!(mine & corner.one) || !(mine & corner.other)) continue;
        if (!(closable(mine, i) & bodies & ~mine)) continue;
        if (!chain) chain = flood(only(to), mine, diagonal);
        if ((chain & corner.one) && (chain & corner.other))
            suffocated |= closedBy(p, chain, i, pieces_, bodies, seatsIn, diagonal);
    }
    // The others' chains are as they were or less, and closed no body in:
    // only the mover's body, walking, can be found behind one.
    for (PlayerId q = 0; bodyMoved && q < players_; ++q) {
        if (q != p && (seatsIn & bitOf(q)))
            suffocated |= suffocatedBy(q, pieces_, bodies, seatsIn, diagonal) & bitOf(p);
    }
    return suffocated;
}

Aftermath SandkingsState::aftermath(Cell from, Cell to) const {
    const PlayerId p = toMove_;
    assert(ownerAt(from) == p);
    Aftermath m;
    m.pieces = pieces_;
    m.kinds = kinds_;
    auto takeOff = [&m](CellSet cells) {
        for (CellSet& s : m.pieces) s &= ~cells;
        for (CellSet& s : m.kinds) s &= ~cells;
    };
    m.victim = has(occupied(), to) ? ownerAt(to) : NoPlayer;
    if (m.victim != NoPlayer) {
        m.stungKind = kindAt(to);
        takeOff(only(to));
    }
    const int kind = kindAt(from);
    m.pieces[static_cast<size_t>(p)] = (m.pieces[static_cast<size_t>(p)] & ~only(from)) | only(to);
    m.kinds[static_cast<size_t>(kind)] =
        (m.kinds[static_cast<size_t>(kind)] & ~only(from)) | only(to);
    if (m.victim != NoPlayer) {
        const CellSet rest = m.pieces[static_cast<size_t>(m.victim)];
        if (m.stungKind == kBody) {
            m.creatureStung = rest;
        } else {
            m.cutOff = rest & ~flood(rest & m.kinds[kBody], rest, true);
        }
        takeOff(m.creatureStung | m.cutOff);
    }
    // Suffocation is judged on the position the sting left, every chain at
    // once: a creature suffocated here still suffocates others here.
    m.kindsBeforeSuffocation = m.kinds;
    unsigned seatsIn = seatsIn_;
    if (m.stungKind == kBody) seatsIn &= ~bitOf(m.victim);
    for (PlayerId q = 0; q < players_; ++q) {
        if (seatsIn & bitOf(q))
            m.suffocatedSeats |=
                suffocatedBy(q, m.pieces, m.kinds[kBody], seatsIn, rules_.diagonalSuffocation);
    }
    for (PlayerId q = 0; q < players_; ++q) {
        if (m.suffocatedSeats & bitOf(q)) m.suffocatedCells |= m.pieces[static_cast<size_t>(q)];
    }
    takeOff(m.suffocatedCells);
    return m;
}

void SandkingsState::beginTurnAfter(PlayerId after, bool stepsJudged) {
    made_ = 0;
    allowed_ = 0;
    for (int i = 1; i <= players_; ++i) {
        const PlayerId q = (after + i) % players_;
        if (!inGame(q)) continue;
        toMove_ = q;
        allowed_ = rules_.stepsFor(partsOf(q));
        break;
    }
    // A playout's turns begin while the game goes on, and it goes on while
    // two creatures are in and whether they can step is left to the playout.
    if (stepsJudged || countOf(seatsIn_) < 2) {
        outcome_ = decided(stepsJudged);
    } else {
        assert(!outcome_.over());
    }
}

Outcome SandkingsState::decided(bool stepsJudged) const {
    const int left = countOf(seatsIn_);
    if (left == 0) return Outcome::draw("no creature is left");
    if (left == 1)
        return Outcome::win({toMove_}, "only " + playerName(toMove_) + "'s creature is left");
    // Nobody can ever step again when no creature can step now: every turn
    // would be a pass and change nothing.
    if (stepsJudged && made_ == 0 && !hasStep(toMove_)) {
        for (PlayerId q = 0; q < players_; ++q) {
            if (q != toMove_ && inGame(q) && hasStep(q)) return Outcome::ongoing();
        }
        return Outcome::draw("no creature can step");
    }
    return Outcome::ongoing();
}

Effect SandkingsState::effect(const Action& a) const {
    Effect e;
    if (a.kind != Action::Kind::Move || !isLegal(a)) return e;
    const Aftermath m = aftermath(a.from, a.to);
    if (!has(m.pieces[static_cast<size_t>(toMove_)], a.to)) return e;  // said, see the header
    auto look = [&](Cell c) -> Appearance {
        for (PlayerId q = 0; q < players_; ++q) {
            if (!has(m.pieces[static_cast<size_t>(q)], c)) continue;
            for (int k = 0; k < kKinds; ++k) {
                if (has(m.kinds[static_cast<size_t>(k)], c))
                    return SetPiece{q % 2 == 0 ? SetColour::White : SetColour::Black,
                                    rules_.figures[static_cast<size_t>(k)]};
            }
        }
        return std::nullopt;
    };
    const CellSet rest = m.consequences();
    for (CellSet cells = rest | only(a.from) | only(a.to); cells; cells &= cells - 1) {
        const Cell c = firstOf(cells);
        e.changes.push_back({c, appearance(c), look(c), true, has(rest, c)});
    }
    return e;
}

std::vector<Cell> SandkingsState::consequences(const Action& a, const GameState&) const {
    std::vector<Cell> cells;
    if (a.kind != Action::Kind::Move || !isLegal(a)) return cells;
    for (CellSet rest = aftermath(a.from, a.to).consequences(); rest; rest &= rest - 1)
        cells.push_back(firstOf(rest));
    return cells;
}

SandkingsGame::SandkingsGame(GameOptions resolved, Rules rules)
    : options_(std::move(resolved)), rules_(rules) {}

std::unique_ptr<GameState> SandkingsGame::start() const {
    return std::make_unique<SandkingsState>(rules_, options_.players);
}

std::unique_ptr<GameState> SandkingsGame::load(std::string_view text, std::string& error) const {
    return SandkingsState::load(text, error, rules_);
}

}  // namespace sandkings
}  // namespace arbiter
