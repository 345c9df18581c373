// The rules of Colonization: the seats and their opening placements, steps,
// home planets' captures, production and its replacements, the Weapon, the
// removal of pieces cut off from their home planets, joining, rejoining and
// leaving, and the three ways to win. Notation, descriptions, refusals and
// the report are in colonization_notation.cpp.
#include "engine/colonization/colonization.h"

#include <algorithm>
#include <cassert>

namespace arbiter {

namespace {

// One 8x8 board per two players, the boards laid as a rectangle as square
// as the number of boards allows: 6 players are three boards in a row.
std::optional<std::pair<int, int>> boardsForPlayers(int players) {
    if (players < 2 || players > kMaxPlayers) return std::nullopt;
    const int boards = (players + 1) / 2;
    int rows = 1;
    for (int r = 1; r * r <= boards; ++r) {
        if (boards % r == 0) rows = r;
    }
    return std::pair(8 * (boards / rows), 8 * rows);
}

}  // namespace

namespace {

// nullptr and a message when the surface has fewer cells than players, the
// colours option is not a word of w and b, or two kinds share a figure.
std::unique_ptr<Game> makeColonizationGame(const GameOptions& resolved, std::string& error) {
    using namespace colonization;
    if (resolved.files * resolved.ranks < resolved.players) {
        error = "colonization needs a square for each player: " + std::to_string(resolved.players) +
                " players need at least " + std::to_string(resolved.players) + " cells, not " +
                std::to_string(resolved.files) + "x" + std::to_string(resolved.ranks);
        return nullptr;
    }
    Rules rules;
    auto colours = parseColours(resolved.value("colours"));
    if (!colours) {
        error =
            "option colours takes alternate or a word of w and b, one letter per seat in "
            "turn order (such as wwbbwb), not \"" +
            resolved.value("colours") + "\"";
        return nullptr;
    }
    rules.colours = *colours;
    // The boards show a kind only by its figure: two kinds sharing one could
    // not be told apart.
    const GameInfo info = colonizationInfo();
    for (int k = 0; k < kKinds; ++k) {
        const StandIn& look = resolved.standInOf(info.standIns[static_cast<size_t>(k)].piece);
        rules.figures[static_cast<size_t>(k)] = look.look.figure;
        rules.also[static_cast<size_t>(k)] = look.also;
    }
    for (int a = 0; a < kKinds; ++a) {
        for (int b = a + 1; b < kKinds; ++b) {
            const std::string& one = info.standIns[static_cast<size_t>(a)].piece;
            const std::string& two = info.standIns[static_cast<size_t>(b)].piece;
            const StandIn& x = resolved.standInOf(one);
            const StandIn& y = resolved.standInOf(two);
            bool shared = x.shows(y.look.figure);
            for (Figure f : y.also) shared = shared || x.shows(f);
            if (!shared) continue;
            error = "the stand-ins for " + one + " (" + x.words() + ") and " + two + " (" +
                    y.words() + ") share a figure: each figure may stand for one kind only";
            return nullptr;
        }
    }
    return std::make_unique<ColonizationGame>(resolved, rules);
}

}  // namespace

GameInfo colonizationInfo() {
    GameInfo info;
    info.name = "colonization";
    info.title = "Colonization: societies growing and fighting on boards side by side, 2 to 16";
    info.minPlayers = 2;
    info.maxPlayers = kMaxPlayers;
    info.defaultPlayers = 4;
    info.defaultFiles = 16;
    info.defaultRanks = 8;
    info.minFiles = info.minRanks = 1;
    info.maxFiles = info.maxRanks = colonization::kMaxSide;
    info.defaultSurfaceFor = boardsForPlayers;
    info.surfaceNote = "any size; by default one 8x8 board per two players";
    OptionSpec colours;
    colours.name = "colours";
    colours.description =
        "each seat's set colour in turn order: alternate (white, black, white, ...) or a word "
        "of w and b, one letter per seat (wwbbwb); later seats alternate";
    colours.defaultValue = "alternate";
    colours.word = true;
    info.options = {colours};
    const colonization::Rules defaults;
    const char* names[colonization::kKinds] = {"planet", "colony", "agricultural", "industrial",
                                               "weapon"};
    const char* descriptions[colonization::kKinds] = {
        "a home planet", "a colony", "an agricultural station", "an industrial station",
        "a Weapon (a king or a queen); only the figure counts, the colour is the seat's"};
    for (int k = 0; k < colonization::kKinds; ++k) {
        const StandIn look(SetPiece{SetColour::White, defaults.figures[static_cast<size_t>(k)]},
                           defaults.also[static_cast<size_t>(k)]);
        info.standIns.push_back({names[k], descriptions[k], look, k == colonization::kWeapon});
    }
    info.make = makeColonizationGame;
    return info;
}

namespace colonization {

namespace {

constexpr int kSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// A society has at most sixteen pieces: the cells a flood fill reached fit
// here and are searched in a moment.
struct SmallCells {
    std::array<Cell, kAllPieces> cells{};
    int size = 0;
    bool has(Cell c) const {
        return std::find(cells.begin(), cells.begin() + size, c) != cells.begin() + size;
    }
    void add(Cell c) {
        assert(size < kAllPieces);
        cells[static_cast<size_t>(size++)] = c;
    }
};

}  // namespace

SetColour Rules::colourOf(PlayerId seat) const {
    if (seat >= 0 && static_cast<size_t>(seat) < colours.size())
        return colours[static_cast<size_t>(seat)];
    return seat % 2 == 0 ? SetColour::White : SetColour::Black;
}

std::optional<std::vector<SetColour>> parseColours(const std::string& option) {
    if (option == "alternate") return std::vector<SetColour>{};
    if (option.empty() || option.size() > static_cast<size_t>(kMaxSeats)) return std::nullopt;
    std::vector<SetColour> colours;
    for (char c : option) {
        if (c == 'w' || c == 'W')
            colours.push_back(SetColour::White);
        else if (c == 'b' || c == 'B')
            colours.push_back(SetColour::Black);
        else
            return std::nullopt;
    }
    return colours;
}

ColonizationState::ColonizationState(const Rules& rules, Geometry geometry)
    : rules_(std::make_shared<const Rules>(rules)),
      geometry_(std::make_shared<const Geometry>(std::move(geometry))),
      cells_(static_cast<size_t>(geometry_->size())) {}

ColonizationState::ColonizationState(const Rules& rules, int files, int ranks, int players)
    : ColonizationState(rules, Geometry::rectangle(files, ranks)) {
    assert(players >= 2 && players <= kMaxSeats && files * ranks >= players);
    for (int p = 0; p < players; ++p) addSeat(Seat::Placing, false);
    outcome_ = decided(NoPlayer);
}

std::unique_ptr<GameState> ColonizationState::clone() const {
    return std::make_unique<ColonizationState>(*this);
}

void ColonizationState::addSeat(Seat s, bool rejoiner, std::optional<SetColour> colour) {
    assert(playerCount() < kMaxSeats);
    colours_.push_back(colour.value_or(rules_->colourOf(playerCount())));
    seats_.push_back(s);
    rejoiner_.push_back(rejoiner);
    counts_.push_back({});
    planets_.push_back({NoCell, NoCell});
}

void ColonizationState::put(Cell c, Square s) {
    const Square old = at(c);
    if (!old.empty()) {
        --counts_[static_cast<size_t>(old.owner)][static_cast<size_t>(old.kind)];
        if (old.kind == kPlanet) {
            for (Cell& p : planets_[static_cast<size_t>(old.owner)]) {
                if (p == c) p = NoCell;
            }
        }
    }
    if (!s.empty()) {
        int& n = counts_[static_cast<size_t>(s.owner)][static_cast<size_t>(s.kind)];
        ++n;
        assert(n <= kLimit[static_cast<size_t>(s.kind)]);
        if (s.kind == kPlanet) {
            auto& planets = planets_[static_cast<size_t>(s.owner)];
            auto free = std::find(planets.begin(), planets.end(), NoCell);
            assert(free != planets.end());
            *free = c;
        }
    }
    at(c) = s;
}

void ColonizationState::make(const std::vector<Edit>& edits) {
    // Whatever leaves a cell leaves before anything arrives: a piece stepping
    // to a lower cell would otherwise count twice for a moment, past its
    // kind's limit.
    for (const Edit& e : edits) {
        if (!e.before.empty()) put(e.cell, Square{});
    }
    for (const Edit& e : edits) {
        if (!e.after.empty()) put(e.cell, e.after);
    }
}

std::string ColonizationState::playerName(PlayerId p) const {
    return "Player " + std::to_string(p + 1);
}

std::optional<Piece> ColonizationState::pieceAt(Cell c) const {
    if (!geometry_->contains(c) || at(c).empty()) return std::nullopt;
    return Piece{at(c).kind, at(c).owner};
}

int ColonizationState::piecesOf(PlayerId p) const {
    int n = 0;
    for (int k : counts_[static_cast<size_t>(p)]) n += k;
    return n;
}

PlayerResources ColonizationState::resources(PlayerId p) const {
    PlayerResources r;
    if (p < 0 || p >= playerCount()) return r;
    r.score = piecesOf(p);
    for (int k = 0; k < kKinds; ++k)
        r.reserve.push_back(kLimit[static_cast<size_t>(k)] - count(p, k));
    return r;
}

Appearance ColonizationState::appearance(Cell c) const {
    if (!geometry_->contains(c) || at(c).empty()) return std::nullopt;
    return SetPiece{colourOf(at(c).owner), rules_->figures[static_cast<size_t>(at(c).kind)]};
}

bool ColonizationState::inGame(PlayerId p) const {
    if (p < 0 || p >= playerCount()) return false;
    return seat(p) == Seat::Placing || seat(p) == Seat::Playing;
}

PlayerId ColonizationState::nextAfter(PlayerId p) const {
    for (int i = 1; i <= playerCount(); ++i) {
        const PlayerId q = (p + i) % playerCount();
        if (inGame(q)) return q;
    }
    return NoPlayer;
}

bool ColonizationState::nextToOwnPlanet(Cell c, PlayerId p) const {
    for (Cell planet : planets_[static_cast<size_t>(p)]) {
        if (planet == NoCell || planet == c) continue;
        const int df = geometry_->file(c) - geometry_->file(planet);
        const int dr = geometry_->rank(c) - geometry_->rank(planet);
        if (df >= -1 && df <= 1 && dr >= -1 && dr <= 1) return true;
    }
    return false;
}

std::vector<int> ColonizationState::replacedBy(int kind) {
    switch (kind) {
        case kPlanet:
        case kAgricultural:
            return {kColony};
        case kIndustrial:
            return {kColony, kAgricultural};
        case kWeapon:
            return {kColony, kAgricultural, kIndustrial};
        default:
            return {};
    }
}

template <typename Emit>
void ColonizationState::forEachAction(Emit emit) const {
    if (outcome_.over()) return;
    const PlayerId p = toMove_;
    if (seat(p) == Seat::Placing) {
        bool any = false;
        for (Cell c = 0; c < geometry_->size(); ++c) {
            if (at(c).empty()) any = true, emit(Action::Kind::Place, NoCell, c, int{kPlanet});
        }
        if (!any) emit(Action::Kind::Pass, NoCell, NoCell, -1);
        return;
    }
    assert(seat(p) == Seat::Playing);
    std::vector<Cell> weapons;
    int found = 0;
    const int pieces = piecesOf(p);
    for (Cell c = 0; c < geometry_->size() && found < pieces; ++c) {
        const Square s = at(c);
        if (s.owner != p) continue;
        ++found;
        if (s.kind == kWeapon) weapons.push_back(c);
        for (const auto& [df, dr] : kSteps) {
            const Cell to = geometry_->step(c, df, dr);
            if (to == NoCell || at(to).owner == p) continue;
            if (at(to).empty() || s.kind == kPlanet) emit(Action::Kind::Move, c, to, -1);
        }
    }
    // The cells next to a home planet, each once and ascending.
    std::vector<Cell> around;
    for (Cell planet : planets_[static_cast<size_t>(p)]) {
        if (planet == NoCell) continue;
        for (const auto& [df, dr] : kSteps) {
            const Cell c = geometry_->step(planet, df, dr);
            if (c != NoCell && std::find(around.begin(), around.end(), c) == around.end())
                around.push_back(c);
        }
    }
    std::sort(around.begin(), around.end());
    for (int kind = 0; kind < kKinds; ++kind) {
        if (!productionRefusal(kind).empty()) continue;
        const std::vector<int> replaced = replacedBy(kind);
        for (Cell c : around) {
            const Square s = at(c);
            const bool freed = s.owner == p && std::find(replaced.begin(), replaced.end(),
                                                         s.kind) != replaced.end();
            if (s.empty() || freed) emit(Action::Kind::Place, NoCell, c, kind);
        }
    }
    for (Cell w : weapons) emit(Action::Kind::Choice, NoCell, w, -1);
    emit(Action::Kind::Pass, NoCell, NoCell, -1);
}

std::vector<Action> ColonizationState::legalActions() const {
    std::vector<Action> actions;
    actions.reserve(160);
    forEachAction([&](Action::Kind kind, Cell from, Cell to, int piece) {
        switch (kind) {
            case Action::Kind::Move:
                actions.push_back(Action::move(from, to));
                break;
            case Action::Kind::Place:
                actions.push_back(Action::place(piece, to));
                break;
            case Action::Kind::Choice:
                actions.push_back(Action::choice(kActivate, to));
                break;
            default:
                actions.push_back(Action::pass());
        }
    });
    return actions;
}

std::optional<uint64_t> ColonizationState::turnCount() const {
    // Every action is a whole turn: counted as legalActions() lists them.
    uint64_t turns = 0;
    forEachAction([&](Action::Kind, Cell, Cell, int) { ++turns; });
    return turns;
}

std::vector<Action> ColonizationState::rosterActions() const {
    std::vector<Action> actions;
    if (outcome_.over()) return actions;
    if (playerCount() < kMaxSeats) {
        actions.push_back(Action::join());
        for (PlayerId p = 0; p < playerCount(); ++p) {
            if (seat(p) == Seat::Out) actions.push_back(Action::join(p));
        }
    }
    for (PlayerId p = 0; p < playerCount(); ++p) {
        if (inGame(p)) actions.push_back(Action::leave(p));
    }
    return actions;
}

std::string ColonizationState::refusedAfterTimeLimit(const Action& a) const {
    if (a.kind == Action::Kind::Choice && a.arg == kActivate)
        return "the Weapon cannot be used after the time limit";
    return {};
}

void ColonizationState::cutOff(PlayerId seat, std::vector<Edit>& edits) const {
    auto after = [&](Cell c) {
        for (const Edit& e : edits) {
            if (e.cell == c) return e.after;
        }
        return at(c);
    };
    const Square planet{kPlanet, static_cast<int8_t>(seat)};
    int total = piecesOf(seat);
    SmallCells reached;
    for (Cell c : planets_[static_cast<size_t>(seat)]) {
        if (c != NoCell && after(c) == planet) reached.add(c);
    }
    for (const Edit& e : edits) {
        total += (e.after.owner == seat) - (e.before.owner == seat);
        if (e.after == planet && !reached.has(e.cell)) reached.add(e.cell);
    }
    // One flood fill from the home planets through the society's own pieces.
    for (int i = 0; i < reached.size; ++i) {
        const Cell c = reached.cells[static_cast<size_t>(i)];
        for (auto [df, dr] : kSteps) {
            const Cell n = geometry_->step(c, df, dr);
            if (n != NoCell && after(n).owner == seat && !reached.has(n)) reached.add(n);
        }
    }
    assert(reached.size <= total);
    if (reached.size == total) return;
    // Some are cut off: rare, so found by looking at the society's cells.
    std::vector<Cell> cut;
    for (Cell c = 0; c < geometry_->size(); ++c) {
        if (at(c).owner == seat && after(c).owner == seat && !reached.has(c)) cut.push_back(c);
    }
    for (const Edit& e : edits) {
        if (e.after.owner == seat && e.before.owner != seat && !reached.has(e.cell))
            cut.push_back(e.cell);
    }
    for (Cell c : cut) {
        auto e =
            std::find_if(edits.begin(), edits.end(), [&](const Edit& x) { return x.cell == c; });
        if (e == edits.end())
            edits.push_back({c, at(c), Square{}, Edit::Why::CutOff, at(c)});
        else
            *e = {c, e->before, Square{}, Edit::Why::CutOff, e->after};
    }
}

std::vector<Edit> ColonizationState::editsOf(const Action& a) const {
    std::vector<Edit> edits;
    const PlayerId p = toMove_;
    auto set = [&](Cell c, Square after, Edit::Why why) {
        for (Edit& e : edits) {
            if (e.cell == c) {
                e.after = after;
                e.why = why;
                e.lost = why == Edit::Why::Hand ? Square{} : e.lost;
                return;
            }
        }
        edits.push_back({c, at(c), after, why, why == Edit::Why::Hand ? Square{} : at(c)});
    };
    PlayerId victim = NoPlayer;
    switch (a.kind) {
        case Action::Kind::Place:
            if (seat(p) == Seat::Playing) {
                const std::vector<int> replaced = replacedBy(a.piece);
                for (Cell c = 0; c < geometry_->size() && !replaced.empty(); ++c) {
                    const Square s = at(c);
                    if (s.owner == p &&
                        std::find(replaced.begin(), replaced.end(), s.kind) != replaced.end())
                        set(c, Square{}, Edit::Why::Replaced);
                }
            }
            set(a.to, Square{static_cast<int8_t>(a.piece), static_cast<int8_t>(p)},
                Edit::Why::Hand);
            break;
        case Action::Kind::Move:
            victim = at(a.to).owner;
            set(a.from, Square{}, Edit::Why::Hand);
            set(a.to, at(a.from), Edit::Why::Hand);
            break;
        case Action::Kind::Choice:
            for (Cell c = 0; c < geometry_->size(); ++c) {
                const Square s = at(c);
                if (!s.empty() && s.owner != p && s.kind != kPlanet)
                    set(c, Square{}, Edit::Why::Weapon);
            }
            set(a.to, Square{}, Edit::Why::Weapon);
            break;
        case Action::Kind::Leave:
            for (Cell c = 0; c < geometry_->size(); ++c) {
                if (at(c).owner == a.arg) set(c, Square{}, Edit::Why::Hand);
            }
            break;
        default:
            return edits;
    }
    if (a.kind != Action::Kind::Leave) {
        cutOff(p, edits);
        if (victim != NoPlayer) cutOff(victim, edits);
    }
    std::sort(edits.begin(), edits.end(),
              [](const Edit& x, const Edit& y) { return x.cell < y.cell; });
    return edits;
}

void ColonizationState::apply(const Action& a) {
    assert(isLegal(a));
    if (a.kind == Action::Kind::Join) {
        // A rejoiner plays on with the set it had.
        std::optional<SetColour> colour;
        if (a.arg >= 0) {
            seats_[static_cast<size_t>(a.arg)] = Seat::Rejoined;
            colour = colourOf(a.arg);
        }
        addSeat(Seat::Placing, a.arg >= 0, colour);
        outcome_ = decided(NoPlayer);
        return;
    }
    if (a.kind == Action::Kind::Leave) {
        const PlayerId leaver = a.arg;
        // Whose turn comes next is decided while the leaver still has a seat.
        const PlayerId next = toMove_ == leaver ? nextAfter(leaver) : toMove_;
        make(editsOf(a));
        seats_[static_cast<size_t>(leaver)] = Seat::Left;
        if (next != NoPlayer) toMove_ = next;
        outcome_ = decided(NoPlayer);
        return;
    }
    const PlayerId mover = toMove_;
    make(editsOf(a));
    if (a.kind == Action::Kind::Place && seat(mover) == Seat::Placing)
        seats_[static_cast<size_t>(mover)] = Seat::Playing;
    for (PlayerId q = 0; q < playerCount(); ++q) {
        const size_t i = static_cast<size_t>(q);
        if (seats_[i] == Seat::Playing && count(q, kPlanet) == 0) {
            assert(piecesOf(q) == 0);  // cut off, every one
            seats_[i] = Seat::Out;
        }
        if (rejoiner_[i] && count(q, kPlanet) == 2) rejoiner_[i] = false;
    }
    ++plies_;
    outcome_ = decided(mover);
    if (const PlayerId next = nextAfter(mover); next != NoPlayer) toMove_ = next;
}

Effect ColonizationState::effect(const Action& a) const {
    // The Weapon is said, never shown by hand: the players are then told
    // what to take off. A pass and a join change no cell.
    Effect e;
    if (a.kind != Action::Kind::Move && a.kind != Action::Kind::Place &&
        a.kind != Action::Kind::Leave)
        return e;
    auto look = [&](const Square& s) -> Appearance {
        if (s.empty()) return std::nullopt;
        return SetPiece{colourOf(s.owner), rules_->figures[static_cast<size_t>(s.kind)]};
    };
    const std::vector<Edit> edits = editsOf(a);
    // A step whose piece is cut off where it arrives would show on the boards
    // as nothing but a piece lifted, which every piece in the hand is: it is
    // said (arbiterctl do), never read from the boards.
    if (a.kind == Action::Kind::Move &&
        std::any_of(edits.begin(), edits.end(), [&](const Edit& edit) {
            return edit.cell == a.to && edit.before == edit.after;
        }))
        return e;
    for (const Edit& edit : edits) {
        if (edit.before == edit.after) continue;
        e.changes.push_back({edit.cell, look(edit.before), look(edit.after),
                             edit.before != edit.after, edit.why != Edit::Why::Hand});
    }
    return e;
}

std::vector<Cell> ColonizationState::consequences(const Action& a, const GameState&) const {
    std::vector<Cell> cells;
    if (a.changesRoster() || !isLegal(a)) return cells;
    for (const Edit& e : editsOf(a)) {
        if (e.why != Edit::Why::Hand && e.before != e.after) cells.push_back(e.cell);
    }
    return cells;
}

Outcome ColonizationState::decided(PlayerId mover) const {
    for (PlayerId p = 0; p < playerCount(); ++p) {
        if ((mover == NoPlayer || p == mover) && piecesOf(p) == kAllPieces)
            return Outcome::win({p}, playerName(p) + " has all sixteen pieces on the board");
    }
    bool everyonePlaced = true, anyone = false;
    std::vector<PlayerId> counting;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        anyone = anyone || inGame(p);
        // A rejoiner counts for nothing until its second home planet: it
        // neither keeps another from winning nor wins by being left alone.
        if (rejoiner(p)) continue;
        if (seat(p) == Seat::Placing) everyonePlaced = false;
        if (seat(p) == Seat::Playing) counting.push_back(p);
    }
    if (!anyone) return Outcome::draw("no society is left");
    if (everyonePlaced && counting.size() == 1)
        return Outcome::win(counting, "only " + playerName(counting[0]) + "'s society is left");
    return Outcome::ongoing();
}

Outcome ColonizationState::stoppedOutcome(const std::string& why) const {
    const auto [best, most] = leaders(
        playerCount(), [&](PlayerId p) { return inGame(p); },
        [&](PlayerId p) { return piecesOf(p); });
    if (best.empty()) return Outcome::draw(why);
    const std::string pieces = std::to_string(most) + (most == 1 ? " piece" : " pieces");
    if (best.size() == 1)
        return Outcome::win(best, why + ": " + playerName(best[0]) +
                                      " has the most pieces on the board, " + pieces);
    std::string names;
    for (size_t i = 0; i < best.size(); ++i)
        names += (i == 0 ? "" : i + 1 == best.size() ? " and " : ", ") + playerName(best[i]);
    return {Outcome::Status::Draw, best,
            why + ": " + names + " have the most pieces on the board, " + pieces + " each"};
}

ColonizationGame::ColonizationGame(GameOptions resolved, Rules rules)
    : options_(std::move(resolved)), tableRules_(std::move(rules)) {}

std::unique_ptr<GameState> ColonizationGame::start() const {
    return std::make_unique<ColonizationState>(tableRules_, options_.files, options_.ranks,
                                               options_.players);
}

std::unique_ptr<GameState> ColonizationGame::load(std::string_view text, std::string& error) const {
    // The table checks that a loaded state fits its surface (Table::create).
    return ColonizationState::load(text, error, tableRules_);
}

SetPiece ColonizationGame::read(SetPiece sensed) const {
    for (int k = 0; k < kKinds; ++k) {
        const auto& also = tableRules_.also[static_cast<size_t>(k)];
        if (std::find(also.begin(), also.end(), sensed.figure) != also.end())
            return SetPiece{sensed.colour, tableRules_.figures[static_cast<size_t>(k)]};
    }
    return sensed;
}

}  // namespace colonization
}  // namespace arbiter
