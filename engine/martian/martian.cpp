// The rules of Martian Chess: territories, applying a move, calling the clock
// and the end. Which moves there are is in martian_moves.cpp; notation,
// descriptions and the report for the players are in martian_notation.cpp.
#include "engine/martian/martian.h"

#include <algorithm>
#include <cassert>
#include <tuple>

#include "engine/martian/martian_board.h"

namespace arbiter {

namespace {

// nullptr and a message when two pyramids share a figure among their stand-ins.
std::unique_ptr<Game> makeMartianGame(const GameOptions& resolved, std::string& error) {
    const char* names[martian::kKinds] = {"pawn", "drone", "queen"};
    for (int a = 0; a < martian::kKinds; ++a) {
        for (int b = a + 1; b < martian::kKinds; ++b) {
            const StandIn& one = resolved.standInOf(names[a]);
            const StandIn& two = resolved.standInOf(names[b]);
            std::vector<Figure> figures = one.also;
            figures.push_back(one.look.figure);
            for (Figure f : figures) {
                if (two.shows(f)) {
                    error = "the stand-ins for " + std::string(names[a]) + " (" + one.words() +
                            ") and " + names[b] + " (" + two.words() +
                            ") share a figure: each figure may stand for one pyramid only";
                    return nullptr;
                }
            }
        }
    }
    return std::make_unique<martian::MartianGame>(resolved);
}

}  // namespace

GameInfo martianInfo() {
    GameInfo info;
    info.name = "martian";
    info.title = "Martian Chess: pyramids owned by the territory they stand in, for 2 or 4";
    info.minPlayers = 2;
    info.maxPlayers = 4;
    info.defaultPlayers = 2;
    // The size follows from the players (4x8 for two, 8x8 for four); the
    // default is two players' half board.
    info.playersText = "2 or 4";
    info.surfaceNote = "4x8 cells for two players (half a board), 8x8 for four";
    info.surfaceFor = [](int players) -> std::optional<std::pair<int, int>> {
        if (players == 2) return std::pair(4, 8);
        if (players == 4) return std::pair(8, 8);
        return std::nullopt;
    };
    info.defaultFiles = 4;
    info.defaultRanks = 8;
    info.minFiles = 4;
    info.maxFiles = 8;
    info.minRanks = 8;
    info.maxRanks = 8;
    info.options = {
        {"tie",
         "who wins on equal scores: emptier (the player whose move emptied a territory, with "
         "their partner) or draw (nobody)",
         "emptier",
         {"emptier", "draw"}},
        {"field-promotion",
         "with no queen in your territory, a drone moved onto your pawn or a pawn onto your "
         "drone merge into a queen; with no drone, two pawns merge into a drone",
         "off",
         {"on", "off"}},
        {"calling-clock",
         "a player may call the clock before their move; then seven moves in a row without a "
         "capture end the game",
         "off",
         {"on", "off"}},
    };
    // A set has two queens and four knights and rooks, and two players need
    // six of each size: so a drone is a knight or a rook, a queen a queen, a
    // king or a bishop, of either colour (pyramids belong to nobody).
    info.standIns = {
        {"pawn", "the small pyramid (1 point), either colour",
         SetPiece{SetColour::White, Figure::Pawn}, true},
        {"drone", "the medium pyramid (2 points), either colour",
         StandIn{{SetColour::White, Figure::Knight}, {Figure::Rook}}, true},
        {"queen", "the large pyramid (3 points), either colour",
         StandIn{{SetColour::White, Figure::Queen}, {Figure::King, Figure::Bishop}}, true},
    };
    info.make = makeMartianGame;
    return info;
}

namespace martian {

namespace {


// Each seat's corner of the board and the way into it: two players sit at a1
// and d8 of the half board; four at a1, a8, h8, h1 (clockwise from above).
struct Corner {
    int file, rank, dFile, dRank;
};
Corner cornerOf(int players, PlayerId p) {
    if (players == 2) return p == 0 ? Corner{0, 0, 1, 1} : Corner{3, 7, -1, -1};
    constexpr Corner corners[4] = {{0, 0, 1, 1}, {0, 7, 1, -1}, {7, 7, -1, -1}, {7, 0, -1, 1}};
    return corners[p];
}

}  // namespace

MartianState::MartianState(const Rules& rules, bool /*empty*/)
    : rules_(rules),
      geometry_(Geometry::rectangle(rules.players == 4 ? 8 : 4, 8)),
      board_(&Board::of(rules.players)) {
    assert(rules.players == 2 || rules.players == 4);
    cells_.fill(-1);
}

MartianState::MartianState(const Rules& rules) : MartianState(rules, true) {
    // Each seat's nine pieces fill the 3x3 block in its corner: queens on the
    // corner and its two neighbours, drones on the next diagonal, pawns inside.
    for (PlayerId p = 0; p < rules_.players; ++p) {
        Corner c = cornerOf(rules_.players, p);
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                int kind = i + j <= 1 ? Queen : i + j == 2 ? Drone : Pawn;
                Cell at = geometry_.cell(c.file + i * c.dFile, c.rank + j * c.dRank);
                cells_[static_cast<size_t>(at)] = static_cast<int8_t>(kind);
            }
        }
    }
    settle();
}

std::unique_ptr<GameState> MartianState::clone() const {
    return std::make_unique<MartianState>(*this);
}

std::string MartianState::playerName(PlayerId p) const {
    return "Player " + std::to_string(p + 1);
}

PlayerId MartianState::territoryOf(Cell c) const {
    return board_->territory[static_cast<size_t>(c)];
}

std::optional<Piece> MartianState::pieceAt(Cell c) const {
    if (!geometry_.contains(c) || cells_[static_cast<size_t>(c)] < 0) return std::nullopt;
    return Piece{cells_[static_cast<size_t>(c)], territoryOf(c)};
}

PlayerResources MartianState::resources(PlayerId p) const {
    PlayerResources r;
    if (p >= 0 && p < rules_.players) r.score = scores_[static_cast<size_t>(p)];
    return r;
}

Appearance MartianState::appearance(Cell c) const {
    if (!geometry_.contains(c) || cells_[static_cast<size_t>(c)] < 0) return std::nullopt;
    return rules_.looks[static_cast<size_t>(cells_[static_cast<size_t>(c)])];
}

int MartianState::teamScore(PlayerId p) const {
    int score = scores_[static_cast<size_t>(p)];
    if (partnerOf(p) != p) score += scores_[static_cast<size_t>(partnerOf(p))];
    return score;
}

void MartianState::apply(const Action& a) {
    assert(isLegal(a));
    if (a.kind == Action::Kind::Choice) {
        clockCount_ = 0;
        calledNow_ = true;
        judge();
        return;
    }
    // apply() takes only legal actions; a move from no piece would count a
    // piece of kind -1 out of its territory, out of bounds: it changes nothing.
    const bool fromNothing = a.kind == Action::Kind::Move &&
                             (a.from < 0 || static_cast<size_t>(a.from) >= cells_.size() ||
                              cells_[static_cast<size_t>(a.from)] < 0);
    assert(!fromNothing && "apply() takes only legal actions");
    if (fromNothing) return;
    calledNow_ = false;
    const PlayerId mover = toMove_;
    if (a.kind == Action::Kind::Move) {
        // Legal, so a merge names what it makes and any other move keeps its piece.
        const int moving = cells_[static_cast<size_t>(a.from)];
        const int result = a.piece >= 0 ? a.piece : moving;
        assert(result == resultOf(a));
        const int target = cells_[static_cast<size_t>(a.to)];
        const PlayerId arrival = territoryOf(a.to);
        const bool capture = target >= 0 && arrival != mover;
        if (capture) scores_[static_cast<size_t>(mover)] += points(target);
        auto& left = held_[static_cast<size_t>(mover)];
        auto& entered = held_[static_cast<size_t>(arrival)];
        --left[static_cast<size_t>(moving)];
        if (target >= 0) --entered[static_cast<size_t>(target)];
        ++entered[static_cast<size_t>(result)];
        occupied_ = (occupied_ & ~(uint64_t{1} << a.from)) | uint64_t{1} << a.to;
        cells_[static_cast<size_t>(a.to)] = static_cast<int8_t>(result);
        cells_[static_cast<size_t>(a.from)] = -1;
        const bool crossed = rules_.players == 2 && arrival != mover;
        noUndoFrom_ = crossed ? a.from : NoCell;
        noUndoTo_ = crossed ? a.to : NoCell;
        if (clockCount_ >= 0) clockCount_ = capture ? 0 : clockCount_ + 1;
    } else {
        noUndoFrom_ = noUndoTo_ = NoCell;  // no undo restricts only the very next move
    }
    toMove_ = (mover + 1) % rules_.players;
    assert(held_ == countHeld() && occupied_ == countOccupied());
    judge();
}

Effect MartianState::effect(const Action& a) const {
    Effect e;
    if (a.kind != Action::Kind::Move) return e;
    const int result = resultOf(a);
    assert(result >= 0);
    const Appearance was = appearance(a.to);
    const CellChange leave{a.from, appearance(a.from), std::nullopt, true, false};
    const CellChange arrive{a.to, was, rules_.looks[static_cast<size_t>(result)], true, false};
    if (a.from < a.to)
        e.changes = {leave, arrive};
    else
        e.changes = {arrive, leave};
    return e;
}

std::array<std::array<int8_t, kKinds>, 4> MartianState::countHeld() const {
    std::array<std::array<int8_t, kKinds>, 4> held{};
    for (Cell c = 0; c < geometry_.size(); ++c) {
        if (const int k = cells_[static_cast<size_t>(c)]; k >= 0)
            ++held[static_cast<size_t>(territoryOf(c))][static_cast<size_t>(k)];
    }
    return held;
}

uint64_t MartianState::countOccupied() const {
    uint64_t occupied = 0;
    for (Cell c = 0; c < geometry_.size(); ++c) {
        if (cells_[static_cast<size_t>(c)] >= 0) occupied |= uint64_t{1} << c;
    }
    return occupied;
}

void MartianState::settle() {
    static_assert(sizeof(occupied_) * 8 >= std::tuple_size_v<decltype(cells_)>);
    held_ = countHeld();
    occupied_ = countOccupied();
    judge();
}

MartianState::End MartianState::decided(PlayerId& emptied) const {
    for (PlayerId p = 0; p < rules_.players; ++p) {
        const auto& kinds = held_[static_cast<size_t>(p)];
        if (kinds[Pawn] + kinds[Drone] + kinds[Queen] == 0) {
            emptied = p;
            return End::Emptied;
        }
    }
    if (clockCount_ >= kClockMoves) return End::Clock;
    return End::No;
}

void MartianState::judge() {
    emptied_ = NoPlayer;
    end_ = decided(emptied_);
    if (end_ != End::No || calledNow_) return;
    for (PlayerId p = 0; p < rules_.players; ++p) {
        if (hasMove(p, p == toMove_)) return;
    }
    end_ = End::Stuck;
}

Outcome MartianState::outcome() const {
    // Whoever emptied a territory made the last move, and every seat always
    // plays, so the seat before the one to move ended the game.
    const PlayerId last = (toMove_ + rules_.players - 1) % rules_.players;
    std::string why;
    PlayerId decider = NoPlayer;
    const PlayerId emptied = emptied_;
    switch (end_) {
        case End::No:
            return Outcome::ongoing();
        case End::Emptied:
            why = playerName(emptied) + "'s territory is empty";
            decider = last;
            break;
        case End::Clock:
            why = "seven moves in a row without a capture since the clock was called";
            break;
        case End::Stuck:
            why = "no player can move";
            break;
    }
    // Decided by the (team) scores; a tie by the emptier, unless tie=draw.
    const PlayerId first = 0, second = 1;
    const int a = teamScore(first), b = teamScore(second);
    auto team = [&](PlayerId p) {
        std::vector<PlayerId> who = {p};
        if (partnerOf(p) != p) who.push_back(partnerOf(p));
        std::sort(who.begin(), who.end());
        return who;
    };
    const std::string score =
        std::to_string(std::max(a, b)) + " to " + std::to_string(std::min(a, b));
    if (a != b) return Outcome::win(team(a > b ? first : second), why + "; " + score);
    if (decider != NoPlayer && !rules_.equalScoresDraw)
        return Outcome::win(team(decider), why + "; " + score + ", and " + playerName(decider) +
                                               "'s move emptied it, which wins the tie");
    return Outcome::draw(why + "; equal scores, " + score);
}

bool MartianState::canStillWin(PlayerId p) const {
    // Points stay in play while any piece does: anyone may still come out ahead.
    return p >= 0 && p < rules_.players && !outcome().over();
}

std::vector<PlayerId> MartianState::opponents(PlayerId p) const {
    if (rules_.players == 2) return {1 - p};
    const PlayerId a = (p + 1) % 4, b = (p + 3) % 4;
    return {std::min(a, b), std::max(a, b)};
}

Outcome MartianState::stoppedOutcome(const std::string& why) const {
    const int a = teamScore(0), b = teamScore(1);
    if (a == b) return Outcome::draw(why + "; equal scores, " + std::to_string(a) + " each");
    std::vector<PlayerId> who = {a > b ? 0 : 1};
    if (rules_.players == 4) who.push_back(who[0] + 2);
    return Outcome::win(
        who, why + "; " + std::to_string(std::max(a, b)) + " to " + std::to_string(std::min(a, b)));
}

std::unique_ptr<GameState> MartianGame::start() const {
    return std::make_unique<MartianState>(rules_);
}

std::unique_ptr<GameState> MartianGame::load(std::string_view text, std::string& error) const {
    return MartianState::load(text, error, rules_);
}

MartianGame::MartianGame(GameOptions resolved) : options_(std::move(resolved)) {
    rules_.players = options_.players == 4 ? 4 : 2;
    rules_.equalScoresDraw = options_.value("tie") == "draw";
    rules_.fieldPromotion = options_.on("field-promotion");
    rules_.callingClock = options_.on("calling-clock");
    const char* names[kKinds] = {"pawn", "drone", "queen"};
    for (int k = 0; k < kKinds; ++k)
        rules_.looks[static_cast<size_t>(k)] = options_.standIn(names[k]);
}

}  // namespace martian
}  // namespace arbiter
