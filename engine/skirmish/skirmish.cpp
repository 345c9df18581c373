#include "engine/skirmish/skirmish.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <sstream>

#include "engine/core/text_fields.h"

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
constexpr int kMaxSide = 64;  // cells per side: 8 boards of 8 squares

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

namespace {

// At most three digits: no size, seat or score of Skirmish needs more.
std::optional<int> number(std::string_view text) {
    auto n = text.size() <= 3 ? wholeNumber(text, 999) : std::nullopt;
    return n ? std::optional<int>(static_cast<int>(*n)) : std::nullopt;
}

}  // namespace

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

std::string SkirmishState::describe(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move:
            return geometry_.name(a.from) + (pieceAt(a.to) ? "x" : "-") + geometry_.name(a.to);
        case Action::Kind::Join:
            return playerName(playerCount()) + " joins";
        case Action::Kind::Leave:
            return playerName(a.arg) + " leaves";
        default:
            return encode(a);
    }
}

std::string SkirmishState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move:
            return geometry_.name(a.from) + "-" + geometry_.name(a.to);
        case Action::Kind::Place:
            return "@" + geometry_.name(a.to);
        case Action::Kind::Join:
            return "join";
        case Action::Kind::Leave:
            return "leave:" + std::to_string(a.arg);
        default:
            return "pass";
    }
}

std::optional<Action> SkirmishState::decode(std::string_view text) const {
    if (text == "pass") return Action::pass();
    if (text == "join") return Action::join();
    if (text.substr(0, 6) == "leave:") {
        auto p = number(text.substr(6));
        if (!p) return std::nullopt;
        return Action::leave(*p);
    }
    if (!text.empty() && text[0] == '@') {
        auto to = geometry_.parse(text.substr(1));
        if (!to) return std::nullopt;
        return Action::place(0, *to);
    }
    // "a1-b2", or "a1xb2" as describe() writes a capture; an 'x' right after
    // a rank's digit is the capture sign, elsewhere it is the file x.
    size_t dash = text.find('-');
    for (size_t i = 1; dash == std::string_view::npos && i < text.size(); ++i) {
        if (text[i] == 'x' && text[i - 1] >= '0' && text[i - 1] <= '9') dash = i;
    }
    if (dash == std::string_view::npos) return std::nullopt;
    auto from = geometry_.parse(text.substr(0, dash));
    auto to = geometry_.parse(text.substr(dash + 1));
    if (!from || !to) return std::nullopt;
    return Action::move(*from, *to);
}

std::string SkirmishState::serialize() const {
    std::string s =
        std::to_string(geometry_.files()) + "x" + std::to_string(geometry_.ranks()) + " ";
    for (PlayerId p = 0; p < playerCount(); ++p) {
        s += (p ? "," : "") + std::string(1, static_cast<char>(seats_[static_cast<size_t>(p)])) +
             std::to_string(scores_[static_cast<size_t>(p)]);
    }
    s += " " + std::to_string(toMove_) + " ";
    for (int r = geometry_.ranks() - 1; r >= 0; --r) {
        for (int f = 0; f < geometry_.files(); ++f) {
            PlayerId o = owner_[static_cast<size_t>(geometry_.cell(f, r))];
            s += o == NoPlayer ? '.' : static_cast<char>('a' + o);
        }
        if (r) s += '/';
    }
    return s;
}

std::unique_ptr<SkirmishState> SkirmishState::load(std::string_view text, std::string& error,
                                                   SetPiece look) {
    auto fields = splitOn(text, ' ');
    if (fields.size() != 4) {
        error = "a Skirmish state has four fields: size, seats, player to move, cells";
        return nullptr;
    }
    auto size = splitOn(fields[0], 'x');
    auto files = size.size() == 2 ? number(size[0]) : std::nullopt;
    auto ranks = size.size() == 2 ? number(size[1]) : std::nullopt;
    if (!files || !ranks || *files < 2 || *ranks < 2 || *files > kMaxSide || *ranks > kMaxSide) {
        error = "size must be FILESxRANKS, each 2 to 64";
        return nullptr;
    }
    auto seatTexts = splitOn(fields[1], ',');
    if (seatTexts.size() < 2 || seatTexts.size() > static_cast<size_t>(kMaxPlayers)) {
        error = "there must be 2 to 16 seats";
        return nullptr;
    }
    std::unique_ptr<SkirmishState> s(new SkirmishState(Geometry::rectangle(*files, *ranks),
                                                       static_cast<int>(seatTexts.size()), look));
    for (size_t p = 0; p < seatTexts.size(); ++p) {
        std::string_view t = seatTexts[p];
        auto score = t.empty() ? std::nullopt : number(t.substr(1));
        if (!score || (t[0] != 'p' && t[0] != 'n' && t[0] != 'l')) {
            error = "seat " + std::to_string(p + 1) +
                    " must be p, n or l followed by its score, e.g. p0";
            return nullptr;
        }
        s->seats_[p] = static_cast<Seat>(t[0]);
        s->scores_[p] = *score;
    }
    auto rows = splitOn(fields[3], '/');
    if (rows.size() != static_cast<size_t>(*ranks)) {
        error = "there must be one row of cells per rank";
        return nullptr;
    }
    for (int r = 0; r < *ranks; ++r) {
        std::string_view row = rows[static_cast<size_t>(*ranks - 1 - r)];
        if (row.size() != static_cast<size_t>(*files)) {
            error = "rank " + std::to_string(r + 1) + " must have one character per file";
            return nullptr;
        }
        for (int f = 0; f < *files; ++f) {
            char c = row[static_cast<size_t>(f)];
            if (c == '.') continue;
            PlayerId o = c - 'a';
            if (o < 0 || o >= s->playerCount() ||
                s->seats_[static_cast<size_t>(o)] != Seat::Playing) {
                error = std::string("cell ") + s->geometry_.name(s->geometry_.cell(f, r)) +
                        " holds a piece of no playing seat ('" + c + "')";
                return nullptr;
            }
            s->owner_[static_cast<size_t>(s->geometry_.cell(f, r))] = o;
        }
    }
    s->countPieces();
    auto mover = number(fields[2]);
    if (!mover || *mover >= s->playerCount() || (!s->inGame(*mover) && !s->outcome().over())) {
        error = "the player to move must be a seat still in the game";
        return nullptr;
    }
    s->toMove_ = *mover;
    return s;
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

std::unique_ptr<GameState> SkirmishGame::load(std::string_view text, std::string& error) const {
    // The table checks that a loaded state fits its surface (Table::create).
    return SkirmishState::load(text, error, layout_.look);
}

std::string SkirmishGame::exportRecord(const GameRecord& record) const {
    std::ostringstream out;
    for (const auto& [tag, value] : record.tags) out << "[" << tag << " \"" << value << "\"]\n";
    out << "[Start \"" << record.startText << "\"]\n\n";
    // The players' own names, where the tags give them ("Player1" "Ann").
    auto nameOf = [&](PlayerId p, const GameState& s) {
        std::string tag = "Player" + std::to_string(p + 1);
        for (const auto& [t, value] : record.tags) {
            if (t == tag) return value;
        }
        return s.playerName(p);
    };
    std::string error;
    auto state = SkirmishState::load(record.startText, error, layout_.look);
    for (size_t i = 0; state && i < record.actions.size(); ++i) {
        const Action& a = record.actions[i];
        out << i + 1 << ". ";
        if (!a.changesRoster()) out << nameOf(state->toMove(), *state) << ": ";
        out << state->describe(a) << "\n";
        if (!state->isLegal(a)) break;  // a damaged record: say no more than is known
        state->apply(a);
    }
    const Outcome& o = record.outcome;
    out << "\nResult: ";
    std::string who;
    for (PlayerId p : o.winners) who += (who.empty() ? "" : ", ") + std::to_string(p + 1);
    if (!o.over())
        out << "unfinished";
    else if (o.status == Outcome::Status::Win)
        out << (o.winners.size() == 1 ? "won by player " : "won by players ") << who;
    else
        out << "drawn" << (who.empty() ? "" : " among players " + who);
    std::string note = record.outcomeNote.empty() ? o.reason : record.outcomeNote;
    if (!note.empty()) out << " (" << note << ")";
    out << "\n";
    return out.str();
}

}  // namespace skirmish
}  // namespace arbiter
