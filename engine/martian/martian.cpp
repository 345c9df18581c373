// The rules of Martian Chess: territories, moves, captures across the canals,
// no undo, merges, calling the clock and the end. Notation, descriptions and
// the report for the players are in martian_notation.cpp.
#include "engine/martian/martian.h"

#include <algorithm>
#include <cassert>

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

constexpr int kDiagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr int kOrthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

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

// Each cell's territory and neighbours, worked out once per board size since
// move generation asks them for every step it takes.
struct MartianState::Board {
    std::array<int8_t, 64> territory{};
    // Per cell, the next cell in each of kOrthogonal's then kDiagonal's
    // directions, or NoCell.
    std::array<std::array<int8_t, 8>, 64> next{};
    // Per territory, its cells in ascending order, so that a player's moves
    // are found without looking at the other territories.
    std::array<std::vector<Cell>, 4> cellsOf;

    explicit Board(int players) {
        const Geometry g = Geometry::rectangle(players == 4 ? 8 : 4, 8);
        for (Cell c = 0; c < g.size(); ++c) {
            const int f = g.file(c), r = g.rank(c);
            int t = r < 4 ? 0 : 1;
            if (players == 4 && f >= 4) t = r < 4 ? 3 : 2;
            territory[static_cast<size_t>(c)] = static_cast<int8_t>(t);
            cellsOf[static_cast<size_t>(t)].push_back(c);
            for (size_t d = 0; d < 4; ++d) {
                next[static_cast<size_t>(c)][d] =
                    static_cast<int8_t>(g.step(c, kOrthogonal[d][0], kOrthogonal[d][1]));
                next[static_cast<size_t>(c)][d + 4] =
                    static_cast<int8_t>(g.step(c, kDiagonal[d][0], kDiagonal[d][1]));
            }
        }
    }
    static const Board& of(int players) {
        static const Board two(2), four(4);
        return players == 4 ? four : two;
    }
    Cell step(Cell from, size_t direction) const {
        return next[static_cast<size_t>(from)][direction];
    }
};

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

int MartianState::resultOf(const Action& a) const {
    if (a.kind != Action::Kind::Move || !geometry_.contains(a.from) || !geometry_.contains(a.to))
        return -1;
    // A move names its two cells and, for a merge, what it makes; nothing else.
    if (!a.path.empty() || a.arg != 0 || !a.payload.empty() || a.piece < -1 || a.piece >= kKinds)
        return -1;
    const int mover = cells_[static_cast<size_t>(a.from)];
    if (mover < 0 || territoryOf(a.from) != toMove_ || a.from == a.to) return -1;
    if (rules_.players == 2 && a.from == noUndoTo_ && a.to == noUndoFrom_) return -1;
    // The geometry of the step: pawns one diagonal, drones one or two straight,
    // queens any distance either way, never through a piece.
    const int df = geometry_.file(a.to) - geometry_.file(a.from);
    const int dr = geometry_.rank(a.to) - geometry_.rank(a.from);
    const int adf = std::abs(df), adr = std::abs(dr);
    const bool straight = df == 0 || dr == 0, diagonal = adf == adr;
    const int distance = std::max(adf, adr);
    bool shaped = false;
    if (mover == Pawn) shaped = diagonal && distance == 1;
    if (mover == Drone) shaped = straight && distance <= 2;
    if (mover == Queen) shaped = straight || diagonal;
    if (!shaped) return -1;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int k = 1; k < distance; ++k) {
        Cell between = geometry_.step(a.from, k * sf, k * sr);
        if (cells_[static_cast<size_t>(between)] >= 0) return -1;
    }
    const int target = cells_[static_cast<size_t>(a.to)];
    // An empty cell anywhere, or a piece in another territory (a capture).
    if (target < 0 || territoryOf(a.to) != toMove_) return a.piece < 0 ? mover : -1;
    // A piece of one's own: only a merge, with field promotion.
    if (!rules_.fieldPromotion) return -1;
    int merged = -1;
    if ((mover == Drone && target == Pawn) || (mover == Pawn && target == Drone)) merged = Queen;
    if (mover == Pawn && target == Pawn) merged = Drone;
    if (merged < 0 || a.piece != merged) return -1;
    for (Cell c = 0; c < geometry_.size(); ++c) {
        if (cells_[static_cast<size_t>(c)] == merged && territoryOf(c) == toMove_) return -1;
    }
    return merged;
}

template <typename Visit>
void MartianState::forEachMove(PlayerId p, bool honourNoUndo, Visit visit) const {
    const bool noUndo = honourNoUndo && rules_.players == 2 && noUndoTo_ != NoCell;
    std::array<bool, kKinds> have{};
    if (rules_.fieldPromotion) {
        for (Cell c = 0; c < geometry_.size(); ++c) {
            int k = cells_[static_cast<size_t>(c)];
            if (k >= 0 && territoryOf(c) == p) have[static_cast<size_t>(k)] = true;
        }
    }
    bool going = true;
    // Returns whether the way on is open (the cell is empty).
    auto consider = [&](Cell from, int mover, Cell to) {
        const int target = cells_[static_cast<size_t>(to)];
        if (noUndo && from == noUndoTo_ && to == noUndoFrom_) return target < 0;
        if (target < 0 || territoryOf(to) != p) {
            going = going && visit(from, to, -1);
            return target < 0;
        }
        if (!rules_.fieldPromotion) return false;
        if (!have[Queen] &&
            ((mover == Drone && target == Pawn) || (mover == Pawn && target == Drone)))
            going = going && visit(from, to, int{Queen});
        if (!have[Drone] && mover == Pawn && target == Pawn)
            going = going && visit(from, to, int{Drone});
        return false;
    };
    for (Cell from : board_->cellsOf[static_cast<size_t>(p)]) {
        if (!going) break;
        const int mover = cells_[static_cast<size_t>(from)];
        if (mover < 0) continue;
        if (mover == Pawn) {
            for (size_t d = 4; d < 8; ++d) {
                Cell to = board_->step(from, d);
                if (to != NoCell) consider(from, mover, to);
            }
        } else if (mover == Drone) {
            for (size_t d = 0; d < 4; ++d) {
                Cell to = board_->step(from, d);
                if (to != NoCell && consider(from, mover, to)) {
                    Cell further = board_->step(to, d);
                    if (further != NoCell) consider(from, mover, further);
                }
            }
        } else {
            for (size_t d = 0; d < 8; ++d) {
                for (Cell to = board_->step(from, d); to != NoCell; to = board_->step(to, d)) {
                    if (!consider(from, mover, to)) break;
                }
            }
        }
    }
}

void MartianState::addMoves(std::vector<Action>& out) const {
    out.reserve(out.size() + 64);  // rarely more; growing would move every Action
    forEachMove(toMove_, true, [&](Cell from, Cell to, int becomes) {
        // Built in place: a temporary Action would be moved and destroyed.
        Action& a = out.emplace_back();
        a.kind = Action::Kind::Move;
        a.from = from;
        a.to = to;
        a.piece = becomes;
        return true;
    });
}

bool MartianState::hasMove(PlayerId p, bool honourNoUndo) const {
    bool found = false;
    forEachMove(p, honourNoUndo, [&](Cell, Cell, int) {
        found = true;
        return false;
    });
    return found;
}

std::optional<uint64_t> MartianState::turnCount() const {
    PlayerId emptied = NoPlayer;
    if (end(emptied) != End::No) return 0;
    uint64_t moves = 0;
    forEachMove(toMove_, true, [&](Cell, Cell, int) {
        ++moves;
        return true;
    });
    if (moves == 0) return 1;  // the pass
    // Calling the clock leads to the same moves again, each a turn with the call.
    const bool mayCall = rules_.callingClock && clockCount_ < 0 && !calledNow_;
    return mayCall ? 2 * moves : moves;
}

std::vector<Action> MartianState::legalActions() const {
    std::vector<Action> out;
    // The moves found show the game goes on, unless a territory is empty or
    // the clock has run out; only without them need end() look further.
    PlayerId emptied = NoPlayer;
    if (decided(emptied) != End::No) return out;
    addMoves(out);
    if (out.empty() && end(emptied) != End::No) return out;
    if (out.empty()) {
        out.push_back(Action::pass());  // the others can still move, or the game would be over
    } else if (rules_.callingClock && clockCount_ < 0) {
        out.push_back(Action::choice(kCallClock));
    }
    return out;
}

std::string MartianState::refusal(const Action& a) const {
    if (outcome().over()) return "the game is over";
    switch (a.kind) {
        case Action::Kind::Move:
            return resultOf(a) >= 0 ? std::string() : moveRefusal(a);
        case Action::Kind::Pass: {
            std::vector<Action> moves;
            addMoves(moves);
            return moves.empty() ? std::string()
                                 : "you may pass only when you have no move; you have " +
                                       std::to_string(moves.size());
        }
        case Action::Kind::Choice:
            if (a.arg != kCallClock || a.to != NoCell || !a.payload.empty())
                return "Martian Chess has no such choice; the only one is calling the clock";
            if (!rules_.callingClock)
                return "calling the clock is not played at this table (option calling-clock)";
            if (clockCount_ >= 0) return "the clock is already called";
            {
                std::vector<Action> moves;
                addMoves(moves);
                if (moves.empty()) return "you have no move to make after calling the clock";
            }
            return {};
        case Action::Kind::EndTurn:
            return calledNow_ ? "after calling the clock you must still move"
                              : "a turn of Martian Chess is one move";
        default:
            return "Martian Chess has no such action";
    }
}

std::string MartianState::moveRefusal(const Action& a) const {
    if (!geometry_.contains(a.from) || !geometry_.contains(a.to)) return "no such cell";
    if (!a.path.empty() || a.arg != 0 || !a.payload.empty() || a.piece < -1 || a.piece >= kKinds)
        return "a move of Martian Chess names two cells and, for a merge, the pyramid it makes";
    const int mover = cells_[static_cast<size_t>(a.from)];
    if (mover < 0) return "there is no piece on " + cellName(a.from);
    if (territoryOf(a.from) != toMove_)
        return "the piece on " + cellName(a.from) + " stands in " +
               playerName(territoryOf(a.from)) +
               "'s territory: you move only pieces in your own (" + territoryText(toMove_) + ")";
    if (rules_.players == 2 && a.from == noUndoTo_ && a.to == noUndoFrom_)
        return "no undo: the piece just moved across the canal to " + cellName(a.from) +
               " may not go straight back to " + cellName(a.to);
    const int target = cells_[static_cast<size_t>(a.to)];
    if (target >= 0 && territoryOf(a.to) == toMove_) {
        if (!rules_.fieldPromotion)
            return "the piece on " + cellName(a.to) +
                   " is in your own territory: you capture only across a canal";
        const int sum = points(mover) + points(target);
        if (sum > points(Queen))
            return "the piece on " + cellName(a.to) +
                   " is in your own territory: you capture only across a canal, and only a drone "
                   "and a pawn, or two pawns, merge";
        if (a.piece < 0)
            return "a merge names the piece it makes: " +
                   encode(Action::move(a.from, a.to, sum - 1));
        return "this merge is not allowed: a drone and a pawn make a queen only when you have no "
               "queen, two pawns make a drone only when you have no drone, and the move must be "
               "one the piece can make";
    }
    if (a.piece >= 0) return "only a merge of two of your own pieces makes a new piece";
    static const char* shapes[kKinds] = {"a pawn moves one square diagonally",
                                         "a drone moves one or two squares straight, not jumping",
                                         ("a queen moves any distance straight or diagonally, "
                                          "not jumping")};
    return std::string("that is not a move: ") + shapes[mover];
}

void MartianState::apply(const Action& a) {
    assert(isLegal(a));
    if (a.kind == Action::Kind::Choice) {
        clockCount_ = 0;
        calledNow_ = true;
        return;
    }
    calledNow_ = false;
    const PlayerId mover = toMove_;
    if (a.kind == Action::Kind::Move) {
        const int result = resultOf(a);
        const int target = cells_[static_cast<size_t>(a.to)];
        const bool capture = target >= 0 && territoryOf(a.to) != mover;
        if (capture) scores_[static_cast<size_t>(mover)] += points(target);
        cells_[static_cast<size_t>(a.to)] = static_cast<int8_t>(result);
        cells_[static_cast<size_t>(a.from)] = -1;
        const bool crossed = rules_.players == 2 && territoryOf(a.to) != mover;
        noUndoFrom_ = crossed ? a.from : NoCell;
        noUndoTo_ = crossed ? a.to : NoCell;
        if (clockCount_ >= 0) clockCount_ = capture ? 0 : clockCount_ + 1;
    } else {
        noUndoFrom_ = noUndoTo_ = NoCell;  // no undo restricts only the very next move
    }
    toMove_ = (mover + 1) % rules_.players;
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

MartianState::End MartianState::decided(PlayerId& emptied) const {
    std::array<bool, 4> occupied{};
    for (Cell c = 0; c < geometry_.size(); ++c) {
        if (cells_[static_cast<size_t>(c)] >= 0)
            occupied[static_cast<size_t>(territoryOf(c))] = true;
    }
    for (PlayerId p = 0; p < rules_.players; ++p) {
        if (!occupied[static_cast<size_t>(p)]) {
            emptied = p;
            return End::Emptied;
        }
    }
    if (clockCount_ >= kClockMoves) return End::Clock;
    return End::No;
}

MartianState::End MartianState::end(PlayerId& emptied) const {
    if (End e = decided(emptied); e != End::No) return e;
    if (calledNow_) return End::No;
    for (PlayerId p = 0; p < rules_.players; ++p) {
        if (hasMove(p, p == toMove_)) return End::No;
    }
    return End::Stuck;
}

Outcome MartianState::outcome() const {
    // Whoever emptied a territory made the last move, and every seat always
    // plays, so the seat before the one to move ended the game.
    const PlayerId last = (toMove_ + rules_.players - 1) % rules_.players;
    std::string why;
    PlayerId decider = NoPlayer;
    PlayerId emptied = NoPlayer;
    switch (end(emptied)) {
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
