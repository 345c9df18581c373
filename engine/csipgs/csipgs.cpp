// The rules of csipgs Chess: actions, check, the end of the game. Notation,
// descriptions and the report for the players are in csipgs_notation.cpp.
#include "engine/csipgs/csipgs.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>

namespace arbiter {

namespace {

// nullptr and a message when the options do not fit (an impassable square
// that is not a square of the board, or that a King starts on).
std::unique_ptr<Game> makeCsipgsGame(const GameOptions& resolved, std::string& error) {
    if (!csipgs::parseImpassable(resolved.value("impassable"), error)) return nullptr;
    return std::make_unique<csipgs::CsipgsGame>(resolved);
}

}  // namespace

GameInfo csipgsInfo() {
    GameInfo info;
    info.name = "csipgs";
    info.title = "csipgs Chess: designed pieces, treasury, reserves and purchases";
    OptionSpec impassable;
    impassable.name = "impassable";
    impassable.description =
        "squares no piece may enter or ride through, separated by commas (b2,g5), or none";
    impassable.defaultValue = "none";
    impassable.word = true;
    info.options = {{"relay",
                     "designs may carry +relay (price x2): a piece defended by a friendly relay "
                     "piece may also move as it",
                     "off",
                     {"on", "off"}},
                    {"moderated",
                     "each player sees only what their pieces see, on a board of their own; "
                     "arbiter keeps the true position",
                     "off",
                     {"on", "off"}},
                    impassable};
    const char* names[csipgs::kSlots] = {"Pawn", "Rook", "Knight", "Bishop", "King", "Queen"};
    const Figure figures[csipgs::kSlots] = {Figure::Pawn,   Figure::Rook, Figure::Knight,
                                            Figure::Bishop, Figure::King, Figure::Queen};
    for (int s = 0; s < csipgs::kSlots; ++s) {
        info.standIns.push_back({"slot" + std::to_string(s + 1),
                                 std::string("pieces bought from slot ") + std::to_string(s + 1) +
                                     " (first design: " + names[s] + "), in the owner's colour",
                                 SetPiece{SetColour::White, figures[s]}});
    }
    info.make = makeCsipgsGame;
    return info;
}

namespace csipgs {

Action buy(int slot) {
    return Action::choice(kBuy, NoCell, {slot});
}

Action redesign(int slot, const Design& design) {
    std::vector<int> payload = {slot};
    for (char c : design.text()) payload.push_back(c);
    return Action::choice(kRedesign, NoCell, std::move(payload));
}

std::optional<Squareset> parseImpassable(std::string_view text, std::string& error) {
    const Geometry board = Geometry::rectangle(8, 8);
    Squareset squares = 0;
    if (text == "none") return squares;
    const std::string how = "; write squares of the 8x8 board separated by commas (b2,g5), or none";
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view name = text.substr(start, comma - start);
        const auto c = board.parse(name);
        if (!c) {
            error = "option impassable: \"" + std::string(name) + "\" is not a square" + how;
            return std::nullopt;
        }
        if (*c == board.cell(4, 0) || *c == board.cell(4, 7)) {
            error = "option impassable: " + std::string(name) +
                    " cannot be impassable, a King starts there";
            return std::nullopt;
        }
        if ((squares >> *c) & 1) {
            error = "option impassable: " + std::string(name) + " is named twice";
            return std::nullopt;
        }
        squares |= Squareset{1} << *c;
        start = comma + 1;
    }
    return squares;
}

namespace {

constexpr int kFiles = 8;
PlayerId other(PlayerId p) {
    return 1 - p;
}

// The square (df, dr) away on the 8x8 board, or NoCell: inline, because move
// generation asks it for every step of every piece.
inline Cell stepOnBoard(Cell from, int df, int dr) {
    const int f = from % kFiles + df, r = from / kFiles + dr;
    return f >= 0 && f < kFiles && r >= 0 && r < kFiles ? r * kFiles + f : NoCell;
}

}  // namespace

CsipgsState::CsipgsState(Rules rules)
    : rules_(rules), geometry_(Geometry::rectangle(kFiles, kFiles)) {
    for (auto& slots : slots_) slots = Design::starting();
    const int king = internKind(Design::starting()[4], 4);
    for (PlayerId p = 0; p < 2; ++p) {
        Cell c = geometry_.cell(4, p == 0 ? 0 : 7);
        board_.put(c, p, king, true);
    }
    history_ = {key()};
    rememberImpassable();
}

std::unique_ptr<GameState> CsipgsState::clone() const {
    return std::make_unique<CsipgsState>(*this);
}

int CsipgsState::internKind(const Design& d, int slot) {
    for (size_t i = 0; i < kinds_.size(); ++i) {
        if (kinds_[i]->slot == slot && kinds_[i]->design == d) return static_cast<int>(i);
    }
    auto kind = std::make_shared<Kind>();
    kind->design = d;
    kind->slot = slot;
    kind->steps = d.steps();
    kind->attacks = KindAttacks::of(kind->steps, rules_.impassable);
    kind->hash = d.hash() * 31 + static_cast<uint64_t>(slot + 1);
    kinds_.push_back(std::move(kind));
    return static_cast<int>(kinds_.size() - 1);
}

std::optional<Piece> CsipgsState::pieceAt(Cell c) const {
    if (!geometry_.contains(c) || board_.kind[static_cast<size_t>(c)] < 0) return std::nullopt;
    return Piece{board_.kind[static_cast<size_t>(c)], board_.owner[static_cast<size_t>(c)]};
}

PlayerResources CsipgsState::resources(PlayerId p) const {
    PlayerResources r;
    if (p < 0 || p > 1) return r;
    r.treasury = treasury_[static_cast<size_t>(p)];
    r.reserve.assign(kinds_.size(), 0);
    for (int k : reserve_[static_cast<size_t>(p)]) ++r.reserve[static_cast<size_t>(k)];
    return r;
}

Appearance CsipgsState::appearance(Cell c) const {
    auto piece = pieceAt(c);
    if (!piece) return std::nullopt;
    return SetPiece{piece->owner == 0 ? SetColour::White : SetColour::Black,
                    rules_.standIns[static_cast<size_t>(kind(piece->kind).slot)]};
}

int CsipgsState::piecesOf(PlayerId p) const {
    return static_cast<int>(reserve_[static_cast<size_t>(p)].size()) +
           std::popcount(board_.pieces[static_cast<size_t>(p)]);
}

void CsipgsState::listActions(std::vector<Action>& out) const {
    out.clear();
    if (outcome().over()) return;
    out = possibleActions();
}

const std::vector<Action>& CsipgsState::possibleActions() const {
    return actions_.get([&] { return listActions(); });
}

std::vector<Action> CsipgsState::listActions() const {
    std::vector<Action> actions;
    addMoves(board_, toMove_, actions);
    const PlayerId p = toMove_;
    // Transfers: each kind in reserve, to each empty square next to a royal not in check.
    const auto& reserve = reserve_[static_cast<size_t>(p)];
    if (!reserve.empty()) {
        uint64_t squares = 0;
        for (Cell r = 0; r < 64; ++r) {
            if (board_.owner[static_cast<size_t>(r)] != p ||
                !kind(board_.kind[static_cast<size_t>(r)]).design.royal() || attacked(r, other(p)))
                continue;
            for (int df = -1; df <= 1; ++df) {
                for (int dr = -1; dr <= 1; ++dr) {
                    Cell to = geometry_.step(r, df, dr);
                    if (to != NoCell && board_.kind[static_cast<size_t>(to)] < 0 && !impassable(to))
                        squares |= uint64_t{1} << to;
                }
            }
        }
        for (size_t i = 0; i < reserve.size(); ++i) {
            if (i > 0 && reserve[i] == reserve[i - 1]) continue;
            uint64_t left = squares;
            for (Cell to = 0; left; ++to, left >>= 1) {
                if (left & 1) actions.push_back(Action::place(reserve[i], to));
            }
        }
    }
    for (int s = 0; s < kSlots; ++s) {
        if (refusalOfBuy(s).empty()) actions.push_back(buy(s));
    }
    return actions;
}

std::string CsipgsState::refusalOfMove(const Action& a) const {
    if (!geometry_.contains(a.from) || !geometry_.contains(a.to) || a.piece >= 0 || !a.path.empty())
        return "that is not a move on this board";
    if (board_.owner[static_cast<size_t>(a.from)] != toMove_)
        return playerName(toMove_) + " has no piece on " + geometry_.name(a.from);
    std::vector<Action> moves;
    addMoves(board_, toMove_, moves);
    if (std::find(moves.begin(), moves.end(), a) != moves.end()) return {};
    // Said only of a square the mover knows: in the moderated game a move
    // tried at a square not yet found must not give it away (it is a square
    // the piece cannot reach, since a piece sees all it could reach).
    if (impassable(a.to) && ((knownImpassable(toMove_) >> a.to) & 1))
        return geometry_.name(a.to) + " is impassable";
    const Kind& k = kind(board_.kind[static_cast<size_t>(a.from)]);
    std::string name = k.design.name();
    // Whether the piece could go there at all, check aside.
    const Board& board = board_;
    bool reachable = false;
    Powers powers = powersOf(board, a.from);
    const bool capturing = board_.owner[static_cast<size_t>(a.to)] == other(toMove_);
    for (int i = 0; i < powers.count && !reachable; ++i)
        reachable =
            reaches(board, powers.kinds[static_cast<size_t>(i)], toMove_, a.from, a.to, capturing);
    if (reachable && board_.owner[static_cast<size_t>(a.to)] != toMove_)
        return "it would leave " + playerName(toMove_) + "'s only royal piece in check";
    return "the " + name + " (" + k.design.text() + ") on " + geometry_.name(a.from) +
           " cannot go to " + geometry_.name(a.to);
}

std::string CsipgsState::refusalOfTransfer(const Action& a) const {
    const PlayerId p = toMove_;
    const auto& reserve = reserve_[static_cast<size_t>(p)];
    if (a.piece < 0 || a.piece >= static_cast<int>(kinds_.size()) ||
        std::find(reserve.begin(), reserve.end(), a.piece) == reserve.end())
        return playerName(p) + "'s reserve holds no such piece";
    if (!geometry_.contains(a.to) || !a.path.empty() || a.from != NoCell)
        return "that is not a square of this board";
    if (board_.kind[static_cast<size_t>(a.to)] >= 0) return geometry_.name(a.to) + " is not empty";
    if (impassable(a.to)) return geometry_.name(a.to) + " is impassable";
    bool nextToRoyal = false;
    for (int df = -1; df <= 1; ++df) {
        for (int dr = -1; dr <= 1; ++dr) {
            Cell r = geometry_.step(a.to, df, dr);
            if (r == NoCell || (df == 0 && dr == 0)) continue;
            if (board_.owner[static_cast<size_t>(r)] != p ||
                !kind(board_.kind[static_cast<size_t>(r)]).design.royal())
                continue;
            nextToRoyal = true;
            if (!attacked(r, other(p))) return {};
        }
    }
    if (!nextToRoyal)
        return "a reserve piece comes in only next to one of your royal pieces, and " +
               geometry_.name(a.to) + " is next to none";
    return "the royal piece next to " + geometry_.name(a.to) +
           " is in check, and a royal in check cannot bring in reserves";
}

std::string CsipgsState::refusalOfBuy(int slot) const {
    if (slot < 0 || slot >= kSlots) return "there are slots 1 to 6";
    const PlayerId p = toMove_;
    const Design& d = slots_[static_cast<size_t>(p)][static_cast<size_t>(slot)];
    const long price = d.price(), has = treasury_[static_cast<size_t>(p)];
    if (has < price)
        return d.name() + " (slot " + std::to_string(slot + 1) + ") costs " + zorkmids(price) +
               " and " + playerName(p) + " has " + std::to_string(has);
    if (piecesOf(p) >= kMaxPieces)
        return playerName(p) + " has 16 pieces on the board and in reserve, the most allowed";
    if (inCheck(p)) return "no purchases while a royal piece is in check";
    return {};
}

std::optional<Design> CsipgsState::designOf(const Action& a, std::string& error) const {
    std::string text;
    for (size_t i = 1; i < a.payload.size(); ++i) {
        if (a.payload[i] <= ' ' || a.payload[i] > '~') {
            error = "a design is written in letters and '+'";
            return std::nullopt;
        }
        text += static_cast<char>(a.payload[i]);
    }
    return Design::parse(text, error);
}

std::optional<Design> CsipgsState::designOf(const Action& a) const {
    std::string error;
    return designOf(a, error);
}

std::string CsipgsState::refusalOfRedesign(const Action& a) const {
    if (a.payload.empty() || a.payload[0] < 0 || a.payload[0] >= kSlots)
        return "there are slots 1 to 6";
    if (pending_) return playerName(toMove_) + " has already changed a design this turn";
    std::string error;
    auto d = designOf(a, error);
    if (!d) return "that design cannot be built: " + error;
    if (d->relay() && !rules_.relay)
        return "+relay is not allowed at this table (option relay=off)";
    if (*d == slots_[static_cast<size_t>(toMove_)][static_cast<size_t>(a.payload[0])])
        return "slot " + std::to_string(a.payload[0] + 1) + " already holds " + d->text();
    return {};
}

std::string CsipgsState::refusal(const Action& a) const {
    if (outcome().over()) return "the game is over";
    switch (a.kind) {
        case Action::Kind::Move:
            return refusalOfMove(a);
        case Action::Kind::Place:
            return refusalOfTransfer(a);
        case Action::Kind::Choice:
            if (a.arg == kBuy && a.payload.size() == 1 && a.from == NoCell && a.to == NoCell)
                return refusalOfBuy(a.payload[0]);
            if (a.arg == kRedesign && a.from == NoCell && a.to == NoCell)
                return refusalOfRedesign(a);
            return "that is not an action of csipgs Chess";
        case Action::Kind::EndTurn:
            return "a turn ends with its action (a move, a transfer or a purchase); say a design "
                   "change before it";
        default:
            return "that is not an action of csipgs Chess";
    }
}

bool CsipgsState::isLegal(const Action& a) const {
    return refusal(a).empty();
}

void CsipgsState::apply(const Action& a) {
    assert(isLegal(a));
    outcome_.clear();
    actions_.clear();
    const PlayerId p = toMove_;
    switch (a.kind) {
        case Action::Kind::Move:
            board_.move(a.from, a.to);
            break;
        case Action::Kind::Place: {
            auto& reserve = reserve_[static_cast<size_t>(p)];
            reserve.erase(std::find(reserve.begin(), reserve.end(), a.piece));
            board_.put(a.to, p, a.piece, kind(a.piece).design.royal());
            break;
        }
        case Action::Kind::Choice:
            if (a.arg == kRedesign) {
                pending_ = std::make_pair(a.payload[0], *designOf(a));
                return;  // the action is still to come
            } else {
                const int slot = a.payload[0];
                const Design& d = slots_[static_cast<size_t>(p)][static_cast<size_t>(slot)];
                treasury_[static_cast<size_t>(p)] -= d.price();
                auto& reserve = reserve_[static_cast<size_t>(p)];
                reserve.push_back(internKind(d, slot));
                std::sort(reserve.begin(), reserve.end());
            }
            break;
        default:
            return;
    }
    endTurn();
}

void CsipgsState::endTurn() {
    const PlayerId p = toMove_;
    if (pending_) {
        slots_[static_cast<size_t>(p)][static_cast<size_t>(pending_->first)] = pending_->second;
        pending_.reset();
    }
    toMove_ = other(p);
    treasury_[static_cast<size_t>(toMove_)] += 1;  // the next player's credit
    history_.push_back(key());
    repeated_ = std::count(history_.begin(), history_.end(), history_.back()) >= 3;
    rememberImpassable();
}

Squareset CsipgsState::sight(PlayerId p) const {
    Squareset seen = 0;
    if (p < 0 || p > 1) return seen;
    auto see = [&](Cell c) { seen |= Squareset{1} << c; };
    for (Cell from = 0; from < 64; ++from) {
        if (board_.owner[static_cast<size_t>(from)] != p) continue;
        see(from);
        // Every step the piece may take, whatever its mode: a square it could
        // move to is seen even when it could not capture there, and so on.
        Powers powers = powersOf(board_, from);
        for (int i = 0; i < powers.count; ++i) {
            for (const Step& s : kind(powers.kinds[static_cast<size_t>(i)]).steps) {
                const int df = s.df, dr = p == 0 ? s.dr : -s.dr;
                for (Cell to = stepOnBoard(from, df, dr); to != NoCell;
                     to = stepOnBoard(to, df, dr)) {
                    see(to);
                    if (!s.ride || impassable(to) || board_.kind[static_cast<size_t>(to)] >= 0)
                        break;
                }
            }
        }
        if (!kind(board_.kind[static_cast<size_t>(from)]).design.royal()) continue;
        // A royal piece sees where reserves may come in, and feels who attacks it.
        for (int df = -1; df <= 1; ++df) {
            for (int dr = -1; dr <= 1; ++dr) {
                if (Cell c = stepOnBoard(from, df, dr); c != NoCell) see(c);
            }
        }
        for (Cell enemy = 0; enemy < 64; ++enemy) {
            if (board_.owner[static_cast<size_t>(enemy)] != other(p)) continue;
            Powers theirs = powersOf(board_, enemy);
            for (int i = 0; i < theirs.count; ++i) {
                if (reaches(board_, theirs.kinds[static_cast<size_t>(i)], other(p), enemy, from,
                            true))
                    see(enemy);
            }
        }
    }
    return seen;
}

Squareset CsipgsState::knownImpassable(PlayerId p) const {
    if (!rules_.moderated) return rules_.impassable;
    return p == 0 || p == 1 ? seenImpassable_[static_cast<size_t>(p)] : 0;
}

void CsipgsState::rememberImpassable() {
    if (!rules_.moderated || !rules_.impassable) return;
    for (PlayerId p = 0; p < 2; ++p)
        seenImpassable_[static_cast<size_t>(p)] |= sight(p) & rules_.impassable;
}

std::vector<Cell> CsipgsState::markedCells() const {
    std::vector<Cell> cells;
    if (rules_.moderated) return cells;
    for (Cell c = 0; c < 64; ++c) {
        if (impassable(c)) cells.push_back(c);
    }
    return cells;
}

View CsipgsState::view(PlayerId p) const {
    View v = wholeView(*this, p);
    const Squareset known = knownImpassable(p);
    for (Cell c = 0; c < 64; ++c) v.impassable[static_cast<size_t>(c)] = (known >> c) & 1;
    if (!rules_.moderated) return v;
    const Squareset seen = sight(p);
    for (Cell c = 0; c < 64; ++c) {
        if ((seen >> c) & 1) continue;
        v.visible[static_cast<size_t>(c)] = false;
        v.pieces[static_cast<size_t>(c)].reset();
        v.looks[static_cast<size_t>(c)].reset();
    }
    for (PlayerId q = 0; q < 2; ++q) v.resourcesSeen[static_cast<size_t>(q)] = q == p;
    return v;
}

Effect CsipgsState::effect(const Action& a) const {
    Effect e;
    if (a.kind == Action::Kind::Move) {
        CellChange from{a.from, appearance(a.from), std::nullopt, true, false};
        CellChange to{a.to, appearance(a.to), appearance(a.from), true, false};
        e.changes = a.from < a.to ? std::vector{from, to} : std::vector{to, from};
    } else if (a.kind == Action::Kind::Place) {
        const Kind& k = kind(a.piece);
        e.changes = {{a.to, std::nullopt,
                      SetPiece{toMove_ == 0 ? SetColour::White : SetColour::Black,
                               rules_.standIns[static_cast<size_t>(k.slot)]},
                      true, false}};
    }
    return e;  // purchases and design changes are said, not shown
}

Outcome CsipgsState::outcome() const {
    return outcome_.get([&] { return outcomeNow(); });
}

Outcome CsipgsState::outcomeNow() const {
    Outcome o;
    for (PlayerId p = 0; p < 2 && !o.over(); ++p) {
        if (royals(p) == 0)
            o = Outcome::win({other(p)}, playerName(p) + " has no royal piece left");
    }
    if (!o.over() && repeated_) o = Outcome::draw("threefold repetition");
    if (!o.over() && possibleActions().empty()) {
        bool mate = royals(toMove_) == 1 && inCheck(toMove_);
        o = Outcome::win({other(toMove_)},
                         mate ? "checkmate" : playerName(toMove_) + " has no possible action");
    }
    return o;
}

uint64_t CsipgsState::key() const {
    uint64_t h = 1469598103934665603ull;
    auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull + (v >> 29); };
    for (size_t c = 0; c < 64; ++c) {
        mix(board_.kind[c] < 0
                ? 0
                : kind(board_.kind[c]).hash * 3 + static_cast<uint64_t>(board_.owner[c]));
    }
    for (PlayerId p = 0; p < 2; ++p) {
        std::vector<uint64_t> reserve;
        for (int k : reserve_[static_cast<size_t>(p)]) reserve.push_back(kind(k).hash);
        std::sort(reserve.begin(), reserve.end());
        mix(0xA5A5 + static_cast<uint64_t>(p));
        for (uint64_t r : reserve) mix(r);
        mix(static_cast<uint64_t>(treasury_[static_cast<size_t>(p)]));
        for (const Design& d : slots_[static_cast<size_t>(p)]) mix(d.hash());
    }
    mix(static_cast<uint64_t>(toMove_));
    return h;
}

CsipgsGame::CsipgsGame(GameOptions resolved) : options_(std::move(resolved)) {
    rules_.relay = options_.on("relay");
    rules_.moderated = options_.on("moderated");
    std::string error;
    rules_.impassable = parseImpassable(options_.value("impassable"), error).value_or(0);
    for (int s = 0; s < kSlots; ++s)
        rules_.standIns[static_cast<size_t>(s)] =
            options_.standIn("slot" + std::to_string(s + 1)).figure;
}

std::unique_ptr<GameState> CsipgsGame::start() const {
    return std::make_unique<CsipgsState>(rules_);
}

std::unique_ptr<GameState> CsipgsGame::load(std::string_view text, std::string& error) const {
    return CsipgsState::load(text, error, rules_);
}

}  // namespace csipgs
}  // namespace arbiter
