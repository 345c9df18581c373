// The rules of Colonization: the seats, applying an action, joining,
// rejoining and leaving, and the three ways to win. What the player to move
// may do is listed in colonization_actions.cpp; what an action changes on the
// cells (production's replacements, the Weapon, the pieces cut off from their
// home planets) in colonization_edits.cpp; notation, descriptions, refusals
// and the report in colonization_notation.cpp.
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

Neighbourhood::Neighbourhood(Geometry g)
    : geometry(std::move(g)),
      neighbours(static_cast<size_t>(geometry.size())),
      ascending(static_cast<size_t>(geometry.size())),
      onSurface(static_cast<size_t>(geometry.size())) {
    for (Cell c = 0; c < geometry.size(); ++c) {
        const size_t i = static_cast<size_t>(c);
        for (size_t d = 0; d < std::size(kSteps); ++d) {
            neighbours[i][d] = geometry.step(c, kSteps[d][0], kSteps[d][1]);
            if (neighbours[i][d] != NoCell) onSurface[i] |= static_cast<uint8_t>(1u << d);
        }
        auto& sorted = ascending[i];
        sorted = neighbours[i];
        const auto last = std::remove(sorted.begin(), sorted.end(), NoCell);
        std::sort(sorted.begin(), last);
        std::fill(last, sorted.end(), NoCell);
    }
}

namespace {

// ringHangsTogether() for every ring, worked out once by a flood fill.
constexpr std::array<bool, 256> ringsHangingTogether() {
    std::array<bool, 256> table{};
    for (unsigned ring = 0; ring < 256; ++ring) {
        unsigned reached = ring & (0u - ring);  // the lowest cell, if any
        for (unsigned grown = 0; grown != reached;) {
            grown = reached;
            for (unsigned d = 0; d < 8; ++d) {
                if ((reached >> d & 1u) == 0) continue;
                unsigned touching = 1u << (d + 1) % 8 | 1u << (d + 7) % 8;
                if (d % 2 == 0) touching |= 1u << (d + 2) % 8 | 1u << (d + 6) % 8;
                reached |= touching & ring;
            }
        }
        table[ring] = reached == ring;
    }
    return table;
}

constexpr std::array<bool, 256> kRingsHangingTogether = ringsHangingTogether();

}  // namespace

bool ringHangsTogether(unsigned ring) {
    assert(ring < 256);
    return kRingsHangingTogether[ring];
}

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
      surface_(std::make_shared<const Neighbourhood>(std::move(geometry))),
      cells_(static_cast<size_t>(surface_->geometry.size())),
      open_(surface_->onSurface) {
    open_.push_back(0);  // the sink put() writes to for neighbours off the surface
}

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
    societies_.emplace_back();
}

std::string ColonizationState::playerName(PlayerId p) const {
    return "Player " + std::to_string(p + 1);
}

std::optional<Piece> ColonizationState::pieceAt(Cell c) const {
    if (!geometry().contains(c) || at(c).empty()) return std::nullopt;
    return Piece{at(c).kind, at(c).owner};
}

int ColonizationState::piecesOf(PlayerId p) const {
    int n = 0;
    for (int k : societies_[static_cast<size_t>(p)].counts) n += k;
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
    if (!geometry().contains(c) || at(c).empty()) return std::nullopt;
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
    if (!makeQuickly(a)) make(editsOf(a));
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
    // No action is legal once the game is over: it went on until now, and
    // mostly still does, with nothing then to assign.
    assert(!outcome_.over());
    if (Outcome now = decided(mover); now.over()) outcome_ = std::move(now);
    if (const PlayerId next = nextAfter(mover); next != NoPlayer) toMove_ = next;
}

Outcome ColonizationState::decided(PlayerId mover) const {
    for (PlayerId p = mover == NoPlayer ? 0 : mover; p < playerCount(); ++p) {
        if (societies_[static_cast<size_t>(p)].size == kAllPieces)
            return Outcome::win({p}, playerName(p) + " has all sixteen pieces on the board");
        if (mover != NoPlayer) break;  // only the mover can have just completed
    }
    bool everyonePlaced = true, anyone = false;
    int counting = 0;  // asked after every action: counted, not gathered
    PlayerId counted = NoPlayer;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        anyone = anyone || inGame(p);
        // A rejoiner counts for nothing until its second home planet: it
        // neither keeps another from winning nor wins by being left alone.
        if (rejoiner(p)) continue;
        if (seat(p) == Seat::Placing) everyonePlaced = false;
        if (seat(p) == Seat::Playing) ++counting, counted = p;
    }
    if (!anyone) return Outcome::draw("no society is left");
    if (everyonePlaced && counting == 1)
        return Outcome::win({counted}, "only " + playerName(counted) + "'s society is left");
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
