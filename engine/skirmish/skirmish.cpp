#include "engine/skirmish/skirmish.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace arbiter {

namespace {

std::unique_ptr<Game> makeSkirmishGame(const GameOptions& resolved, std::string& error) {
    skirmish::Layout layout;
    if (resolved.files % 8 != 0 || resolved.ranks % 8 != 0) {
        error = "skirmish is played on whole 8x8 boards: files and ranks must be multiples of 8";
        return nullptr;
    }
    layout.players = resolved.players;
    layout.boardsAcross = resolved.files / 8;
    layout.boardsUp = resolved.ranks / 8;
    layout.pieces = resolved.number("pieces");
    layout.look = resolved.standIn("piece");
    if (!layout.valid()) {
        int boards = (layout.players + 3) / 4;
        error = "skirmish needs a corner for each player, at most 4 players per board: " +
                std::to_string(layout.players) + " players need " + std::to_string(boards) +
                " boards, e.g. --size " + std::to_string(8 * boards) + "x8";
        return nullptr;
    }
    return std::make_unique<skirmish::SkirmishGame>(layout, resolved);
}

}  // namespace

GameInfo skirmishInfo() {
    GameInfo info;
    info.name = "skirmish";
    info.title = "Skirmish, a tiny game for 2 to 16 players";
    info.minPlayers = 2;
    info.maxPlayers = kMaxPlayers;
    info.defaultPlayers = 4;
    info.minFiles = info.minRanks = 8;
    info.maxFiles = info.maxRanks = 64;
    info.options = {
        {"pieces", "pieces each player starts with, packed into a corner", "3", {}, 1, 16}};
    info.standIns = {
        {"piece", "every player's piece (all alike)", SetPiece{SetColour::White, Figure::Pawn}}};
    info.make = makeSkirmishGame;
    return info;
}

namespace skirmish {

namespace {

constexpr int kSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// The offsets (file, rank) of the first `n` cells packed into a corner: nearest
// the corner first, so three pieces make the corner and its two edge neighbours.
std::vector<std::pair<int, int>> cornerCells(int n) {
    std::vector<std::pair<int, int>> cells;
    for (int x = 0; x < 8; ++x) {
        for (int y = 0; y < 8; ++y) cells.emplace_back(x, y);
    }
    std::stable_sort(cells.begin(), cells.end(), [](auto a, auto b) {
        int ra = std::max(a.first, a.second), rb = std::max(b.first, b.second);
        if (ra != rb) return ra < rb;
        if (a.first + a.second != b.first + b.second)
            return a.first + a.second < b.first + b.second;
        return a.first > b.first;
    });
    cells.resize(static_cast<size_t>(n));
    return cells;
}

std::vector<std::array<Cell, 8>> neighboursOf(const Geometry& geometry) {
    std::vector<std::array<Cell, 8>> table(static_cast<size_t>(geometry.size()));
    for (Cell c = 0; c < geometry.size(); ++c) {
        for (size_t i = 0; i < 8; ++i)
            table[static_cast<size_t>(c)][i] = geometry.step(c, kSteps[i][0], kSteps[i][1]);
    }
    return table;
}

}  // namespace

bool Layout::valid() const {
    const Layout& l = *this;
    int boards = l.boardsAcross * l.boardsUp;
    return l.players >= 2 && l.players <= kMaxPlayers && l.boardsAcross >= 1 && l.boardsUp >= 1 &&
           l.boardsAcross * 8 <= kMaxSide && l.boardsUp * 8 <= kMaxSide &&
           l.players <= 4 * boards && l.pieces >= 1 && l.pieces <= 16;
}

SkirmishState::SkirmishState(Geometry geometry, int players, SetPiece look)
    : geometry_(std::move(geometry)),
      neighbours_(std::make_shared<const Neighbours>(neighboursOf(geometry_))),
      owner_(static_cast<size_t>(geometry_.size()), NoPlayer),
      seats_(static_cast<size_t>(players), Seat::Playing),
      scores_(static_cast<size_t>(players), 0),
      pieces_(static_cast<size_t>(players), 0),
      words_((geometry_.size() + 63) / 64),
      look_(look) {}

void SkirmishState::countPieces() {
    std::fill(pieces_.begin(), pieces_.end(), 0);
    cellsOf_.assign(seats_.size() * static_cast<size_t>(words_), 0);
    for (Cell c = 0; c < geometry_.size(); ++c) {
        const PlayerId owner = owner_[static_cast<size_t>(c)];
        if (owner == NoPlayer) continue;
        ++pieces_[static_cast<size_t>(owner)];
        mark(owner, c);
    }
}

void SkirmishState::mark(PlayerId p, Cell c) {
    const auto word =
        static_cast<size_t>(p) * static_cast<size_t>(words_) + static_cast<size_t>(c / 64);
    cellsOf_[word] |= uint64_t{1} << (c % 64);
}

void SkirmishState::unmark(PlayerId p, Cell c) {
    const auto word =
        static_cast<size_t>(p) * static_cast<size_t>(words_) + static_cast<size_t>(c / 64);
    cellsOf_[word] &= ~(uint64_t{1} << (c % 64));
}

SkirmishState::SkirmishState(const Layout& layout)
    : SkirmishState(Geometry::rectangle(8 * layout.boardsAcross, 8 * layout.boardsUp),
                    layout.players, layout.look) {
    assert(layout.valid());
    int boards = layout.boardsAcross * layout.boardsUp;
    auto offsets = cornerCells(layout.pieces);
    for (PlayerId p = 0; p < layout.players; ++p) {
        int board = p % boards;
        int corner = (p / boards) % 4;
        int originFile = 8 * (board % layout.boardsAcross);
        int originRank = 8 * (board / layout.boardsAcross);
        bool right = corner == 1 || corner == 2;
        bool top = corner >= 2;
        for (auto [x, y] : offsets) {
            int file = originFile + (right ? 7 - x : x);
            int rank = originRank + (top ? 7 - y : y);
            owner_[static_cast<size_t>(geometry_.cell(file, rank))] = p;
        }
    }
    countPieces();
}

std::unique_ptr<GameState> SkirmishState::clone() const {
    return std::make_unique<SkirmishState>(*this);
}

std::string SkirmishState::playerName(PlayerId p) const {
    return "Player " + std::to_string(p + 1);
}

std::optional<Piece> SkirmishState::pieceAt(Cell c) const {
    if (!geometry_.contains(c) || owner_[static_cast<size_t>(c)] == NoPlayer) return std::nullopt;
    return Piece{0, owner_[static_cast<size_t>(c)]};
}

PlayerResources SkirmishState::resources(PlayerId p) const {
    PlayerResources r;
    if (p >= 0 && p < playerCount()) r.score = scores_[static_cast<size_t>(p)];
    return r;
}

Appearance SkirmishState::appearance(Cell c) const {
    if (!pieceAt(c)) return std::nullopt;
    return look_;
}

Effect SkirmishState::effect(const Action& a) const {
    // A step empties its cell and fills its target; a placement fills one cell.
    // Roster changes are rare enough to be worked out the long way.
    Effect e;
    auto owner = [&](Cell c) { return owner_[static_cast<size_t>(c)]; };
    if (a.kind == Action::Kind::Move) {
        CellChange from{a.from, look_, std::nullopt, true, false};
        CellChange to{a.to, owner(a.to) == NoPlayer ? Appearance() : Appearance(look_), look_, true,
                      false};
        if (a.from < a.to)
            e.changes = {from, to};
        else
            e.changes = {to, from};
        return e;
    }
    if (a.kind == Action::Kind::Place) {
        e.changes = {{a.to, std::nullopt, look_, true, false}};
        return e;
    }
    if (a.kind == Action::Kind::Pass) return e;
    return GameState::effect(a);
}

bool SkirmishState::inGame(PlayerId p) const {
    if (p < 0 || p >= playerCount()) return false;
    Seat s = seats_[static_cast<size_t>(p)];
    return s == Seat::Placing || (s == Seat::Playing && piecesOf(p) > 0);
}

PlayerId SkirmishState::nextAfter(PlayerId p) const {
    for (int i = 1; i <= playerCount(); ++i) {
        PlayerId q = (p + i) % playerCount();
        if (inGame(q)) return q;
    }
    return NoPlayer;
}

void SkirmishState::listActions(std::vector<Action>& out) const {
    out.clear();
    if (outcome().over()) return;
    if (seats_[static_cast<size_t>(toMove_)] == Seat::Placing) {
        for (Cell c = 0; c < geometry_.size(); ++c) {
            if (owner_[static_cast<size_t>(c)] == NoPlayer)
                appendAction(out, Action::Kind::Place, NoCell, c, 0);
        }
    } else {
        const uint64_t* cells = cellsOf(toMove_);
        for (int word = 0; word < words_; ++word) {
            for (uint64_t bits = cells[word]; bits; bits &= bits - 1) {
                const Cell c = 64 * word + std::countr_zero(bits);
                for (Cell to : (*neighbours_)[static_cast<size_t>(c)]) {
                    if (to != NoCell && owner_[static_cast<size_t>(to)] != toMove_)
                        appendAction(out, Action::Kind::Move, c, to);
                }
            }
        }
    }
    if (out.empty()) out.push_back(Action::pass());
}

std::optional<uint64_t> SkirmishState::turnCount() const {
    if (outcome().over()) return 0;
    uint64_t turns = 0;
    const bool placing = seats_[static_cast<size_t>(toMove_)] == Seat::Placing;
    for (Cell c = 0; c < geometry_.size(); ++c) {
        const PlayerId owner = owner_[static_cast<size_t>(c)];
        if (placing) {
            turns += owner == NoPlayer;
            continue;
        }
        if (owner != toMove_) continue;
        for (Cell to : (*neighbours_)[static_cast<size_t>(c)])
            turns += to != NoCell && owner_[static_cast<size_t>(to)] != toMove_;
    }
    return turns ? turns : 1;  // else a pass
}

std::vector<Action> SkirmishState::rosterActions() const {
    std::vector<Action> actions;
    if (outcome().over()) return actions;
    if (playerCount() < kMaxPlayers) actions.push_back(Action::join());
    for (PlayerId p = 0; p < playerCount(); ++p) {
        if (inGame(p)) actions.push_back(Action::leave(p));
    }
    return actions;
}

void SkirmishState::apply(const Action& a) {
    assert(isLegal(a));
    switch (a.kind) {
        case Action::Kind::Join:
            seats_.push_back(Seat::Placing);
            scores_.push_back(0);
            pieces_.push_back(0);
            cellsOf_.resize(cellsOf_.size() + static_cast<size_t>(words_), 0);
            return;
        case Action::Kind::Leave: {
            PlayerId leaver = a.arg;
            // Whose turn comes next is decided while the leaver still has a seat.
            PlayerId next = toMove_ == leaver ? nextAfter(leaver) : toMove_;
            seats_[static_cast<size_t>(leaver)] = Seat::Left;
            std::replace(owner_.begin(), owner_.end(), leaver, NoPlayer);
            pieces_[static_cast<size_t>(leaver)] = 0;
            std::fill_n(cellsOf_.begin() + leaver * words_, words_, 0);
            toMove_ = next;
            return;
        }
        case Action::Kind::Move: {
            PlayerId& target = owner_[static_cast<size_t>(a.to)];
            if (target != NoPlayer) {
                ++scores_[static_cast<size_t>(toMove_)];
                --pieces_[static_cast<size_t>(target)];
                unmark(target, a.to);
            }
            target = toMove_;
            owner_[static_cast<size_t>(a.from)] = NoPlayer;
            unmark(toMove_, a.from);
            mark(toMove_, a.to);
            break;
        }
        case Action::Kind::Place:
            owner_[static_cast<size_t>(a.to)] = toMove_;
            ++pieces_[static_cast<size_t>(toMove_)];
            mark(toMove_, a.to);
            seats_[static_cast<size_t>(toMove_)] = Seat::Playing;
            break;
        case Action::Kind::Pass:
        case Action::Kind::Remove:
        case Action::Kind::Choice:
        case Action::Kind::EndTurn:
        case Action::Kind::Chance:
            break;
    }
    PlayerId next = nextAfter(toMove_);
    if (next != NoPlayer) toMove_ = next;
}

Outcome SkirmishState::outcome() const {
    // Counted before any list is built: perft and playouts ask at every step.
    int left = 0;
    PlayerId last = NoPlayer;
    for (PlayerId p = 0; p < playerCount() && left < 2; ++p) {
        if (inGame(p)) {
            ++left;
            last = p;
        }
    }
    if (left == 1) return Outcome::win({last}, "last player standing");
    if (left == 0) return Outcome::draw("no player is left");
    return Outcome::ongoing();
}

Outcome SkirmishState::stoppedOutcome(const std::string& why) const {
    const std::vector<PlayerId> best =
        leaders(
            playerCount(), [&](PlayerId p) { return inGame(p); },
            [&](PlayerId p) { return scores_[static_cast<size_t>(p)]; })
            .players;
    if (best.size() == 1) return Outcome::win(best, why + ", highest score");
    return {Outcome::Status::Draw, best, why + ", equal highest scores"};
}

std::unique_ptr<GameState> SkirmishGame::start() const {
    return std::make_unique<SkirmishState>(layout_);
}

SkirmishGame::SkirmishGame(Layout layout) : layout_(layout) {
    GameOptions wanted;
    wanted.players = layout.players;
    wanted.files = 8 * layout.boardsAcross;
    wanted.ranks = 8 * layout.boardsUp;
    wanted.values["pieces"] = std::to_string(layout.pieces);
    wanted.standIns["piece"] = layout.look;
    std::string error;
    options_ = wanted.resolved(skirmishInfo(), error).value_or(wanted);
}

}  // namespace skirmish
}  // namespace arbiter
