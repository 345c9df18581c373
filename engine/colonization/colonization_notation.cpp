// Colonization in words and text: the notation of actions and positions,
// what the players are told (descriptions, refusals, the report), the record,
// and how the table names its stand-ins.
#include <algorithm>
#include <cassert>
#include <cctype>
#include <sstream>
#include <tuple>

#include "engine/colonization/colonization.h"
#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/core/text_record.h"

namespace arbiter::colonization {

namespace {

constexpr char kLetters[kKinds + 1] = "BPRNK";
constexpr const char* kSingular[kKinds] = {"home planet", "colony", "agricultural station",
                                           "industrial station", "Weapon"};
constexpr const char* kPlural[kKinds] = {"home planets", "colonies", "agricultural stations",
                                         "industrial stations", "Weapons"};
constexpr const char* kWithArticle[kKinds] = {
    "a home planet", "a colony", "an agricultural station", "an industrial station", "a Weapon"};
constexpr const char* kNumbers[] = {"no",   "one", "two",   "three", "four",
                                    "five", "six", "seven", "eight"};

constexpr const char* kShape =
    "a Colonization position is SIZE SEATS MOVER PLIES CELLS: FILESxRANKS (1 to 64 each); each "
    "seat's state in turn order, comma-separated: n (to place a home planet), p (playing), o "
    "(out), b (out and back at a later seat) or l (left), n and p followed by * for a rejoiner, "
    "then w or b for a colour other than the table's for that seat; "
    "the seat to move by its letter (a is the first); the actions played; the ranks from the top "
    "down separated by '/', each a count of empty cells or a piece: its kind B P R N K and its "
    "seat's letter; such as \"8x8 p,n b 1 8/8/8/3Ba4/8/8/8/8\"";

bool validKind(int kind) {
    return kind >= 0 && kind < kKinds;
}

std::string counted(int n, int kind) {
    return std::to_string(n) + " " +
           (n == 1 ? kSingular[static_cast<size_t>(kind)] : kPlural[static_cast<size_t>(kind)]);
}

// A seat's letters, as positions write them: a..z, then aa, ab, ...
std::string seatLetters(PlayerId p) {
    std::string s;
    for (int n = p + 1; n > 0; n = (n - 1) / 26) s.insert(s.begin(), char('a' + (n - 1) % 26));
    return s;
}

std::optional<PlayerId> parseSeatLetters(std::string_view text) {
    if (text.empty() || text.size() > 2) return std::nullopt;
    int n = 0;
    for (char c : text) {
        if (c < 'a' || c > 'z') return std::nullopt;
        n = n * 26 + (c - 'a' + 1);
    }
    return n - 1;
}

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Seats in the players' words: "rejoin 3" is the third seat.
std::optional<PlayerId> seatNumber(std::string_view text) {
    auto n = text.size() <= 3 ? wholeNumber(text, kMaxSeats) : std::nullopt;
    if (!n || *n < 1) return std::nullopt;
    return static_cast<PlayerId>(*n - 1);
}

}  // namespace

std::string ColonizationState::pieceWords(const Square& s) const {
    assert(!s.empty());
    return playerName(s.owner) + "'s " + kSingular[static_cast<size_t>(s.kind)];
}

std::string ColonizationState::productionRefusal(int kind) const {
    if (!validKind(kind)) return "there is no such piece in Colonization";
    if (mayProduce(kind)) return {};
    const PlayerId p = toMove_;
    const int colonies = count(p, kColony), agricultural = count(p, kAgricultural);
    const int industrial = count(p, kIndustrial);
    if (kind == kColony)
        return "you have 8 colonies on the board: produce a station, a second home planet or "
               "nothing";
    if (count(p, kind) >= kLimit[static_cast<size_t>(kind)])
        return std::string("you have both ") + kPlural[static_cast<size_t>(kind)] +
               " on the board already";
    // What the kind replaces is missing (mayProduce).
    switch (kind) {
        case kPlanet:
        case kAgricultural:
            return std::string(kind == kPlanet ? "a second home planet"
                                               : "an agricultural station") +
                   " replaces eight colonies and you have " + counted(colonies, kColony) +
                   " on the board";
        case kIndustrial:
            return "an industrial station replaces eight colonies and two agricultural stations, "
                   "and you have " +
                   counted(colonies, kColony) + " and " + counted(agricultural, kAgricultural) +
                   " on the board";
        default:
            return "a Weapon replaces eight colonies, two agricultural and two industrial "
                   "stations, and you have " +
                   counted(colonies, kColony) + ", " + counted(agricultural, kAgricultural) +
                   " and " + counted(industrial, kIndustrial) + " on the board";
    }
}

std::string ColonizationState::refusal(const Action& a) const {
    if (isLegal(a)) return {};
    if (outcome_.over()) return "the game is over";
    auto seatName = [&](int p) { return "Player " + std::to_string(p + 1); };
    if (a.kind == Action::Kind::Join) {
        if (playerCount() >= kMaxSeats)
            return "every seat is taken: a game has at most " + std::to_string(kMaxSeats);
        if (a.arg < -1 || a.arg >= playerCount()) return "there is no " + seatName(a.arg);
        if (inGame(a.arg)) return seatName(a.arg) + " is still in the game";
        if (seat(a.arg) == Seat::Left) return seatName(a.arg) + " left the game for good";
        return seatName(a.arg) + " has already rejoined";
    }
    if (a.kind == Action::Kind::Leave) {
        if (a.arg < 0 || a.arg >= playerCount()) return "there is no " + seatName(a.arg);
        return seatName(a.arg) + " is no longer in the game";
    }
    const PlayerId p = toMove_;
    const bool onBoard = geometry().contains(a.to);
    if (seat(p) == Seat::Placing) {
        if (a.kind == Action::Kind::Place && a.piece == kPlanet && onBoard && !at(a.to).empty())
            return cellName(a.to) + " is not empty";
        return "you place a home planet first, on any empty square (B@ and the square)";
    }
    switch (a.kind) {
        case Action::Kind::Place: {
            if (!validKind(a.piece)) return "there is no such piece in Colonization";
            if (!onBoard) return "there is no such square";
            if (std::string no = productionRefusal(a.piece); !no.empty()) return no;
            if (!nextToOwnPlanet(a.to, p))
                return cellName(a.to) + " is not next to one of your home planets";
            if (!at(a.to).empty()) return cellName(a.to) + " is not empty";
            break;
        }
        case Action::Kind::Move: {
            if (!geometry().contains(a.from) || at(a.from).owner != p)
                return "you have no piece on " + cellName(a.from);
            if (!onBoard) return "there is no such square";
            const int df = geometry().file(a.to) - geometry().file(a.from);
            const int dr = geometry().rank(a.to) - geometry().rank(a.from);
            if (a.to == a.from || df < -1 || df > 1 || dr < -1 || dr > 1)
                return cellName(a.from) + " and " + cellName(a.to) +
                       " are not neighbours: a piece moves one step";
            if (at(a.to).owner == p) return cellName(a.to) + " holds one of your own pieces";
            if (!at(a.to).empty() && at(a.from).kind != kPlanet)
                return "only a home planet may move onto another society's piece";
            break;
        }
        case Action::Kind::Choice:
            if (a.arg == kActivate &&
                (!onBoard || at(a.to) != Square{kWeapon, static_cast<int8_t>(p)}))
                return "you have no Weapon on " + (onBoard ? cellName(a.to) : "that square");
            break;
        default:
            break;
    }
    return GameState::refusal(a);
}

std::string ColonizationState::describe(const Action& a) const {
    if (a.kind == Action::Kind::Join) {
        const std::string newcomer = playerName(playerCount());
        if (a.arg < 0) return newcomer + " joins";
        return playerName(a.arg) + " rejoins as " + newcomer;
    }
    if (a.kind == Action::Kind::Leave) return playerName(a.arg) + " leaves";
    if (a.kind == Action::Kind::Pass) return "abstains";
    if (!isLegal(a)) return encode(a);  // say no more than is known
    const std::vector<Edit> edits = editsOf(a);
    std::string text;
    switch (a.kind) {
        case Action::Kind::Place: {
            if (seat(toMove_) == Seat::Placing) {
                text = "home planet on " + cellName(a.to);
                break;
            }
            text = std::string(a.piece == kPlanet ? "second home planet"
                                                  : kSingular[static_cast<size_t>(a.piece)]) +
                   " on " + cellName(a.to);
            std::vector<std::string> parts;
            for (int kind = 0; kind < kKinds; ++kind) {
                if (!(replacedBy(a.piece) >> kind & 1u)) continue;
                std::vector<Cell> cells;
                for (const Edit& e : edits) {
                    if (e.before.owner == toMove_ && e.before.kind == kind &&
                        (e.why == Edit::Why::Replaced || e.cell == a.to))
                        cells.push_back(e.cell);
                }
                std::sort(cells.begin(), cells.end(), [&](Cell x, Cell y) {
                    return std::pair(geometry().file(x), geometry().rank(x)) <
                           std::pair(geometry().file(y), geometry().rank(y));
                });
                std::string part = std::string("the ") + kNumbers[cells.size()] + " " +
                                   kPlural[static_cast<size_t>(kind)] + " on";
                for (Cell c : cells) part += " " + cellName(c);
                parts.push_back(part);
            }
            for (size_t i = 0; i < parts.size(); ++i)
                text += (i == 0                  ? ", replacing "
                         : i + 1 == parts.size() ? " and "
                                                 : ", ") +
                        parts[i];
            break;
        }
        case Action::Kind::Move:
            if (at(a.to).empty())
                text = cellName(a.from) + "-" + cellName(a.to);
            else
                text = std::string(kSingular[static_cast<size_t>(at(a.from).kind)]) + " " +
                       cellName(a.from) + "x" + cellName(a.to) + " takes " + pieceWords(at(a.to));
            break;
        case Action::Kind::Choice:
            text = "activates the Weapon on " + cellName(a.to);
            break;
        default:
            return encode(a);
    }
    std::vector<const Edit*> cut;
    for (const Edit& e : edits) {
        if (e.why == Edit::Why::CutOff) cut.push_back(&e);
    }
    std::sort(cut.begin(), cut.end(), [&](const Edit* x, const Edit* y) {
        return std::tuple(x->lost.owner, geometry().file(x->cell), geometry().rank(x->cell)) <
               std::tuple(y->lost.owner, geometry().file(y->cell), geometry().rank(y->cell));
    });
    for (size_t i = 0; i < cut.size(); ++i)
        text += (i == 0 ? "; cut off: " : ", ") + pieceWords(cut[i]->lost) + " on " +
                cellName(cut[i]->cell);
    return text;
}

std::string ColonizationState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Place:
            return std::string(1, validKind(a.piece) ? kLetters[a.piece] : '?') + "@" +
                   cellName(a.to);
        case Action::Kind::Move: {
            const bool takes = geometry().contains(a.to) && !at(a.to).empty();
            return cellName(a.from) + (takes ? "x" : "-") + cellName(a.to);
        }
        case Action::Kind::Pass:
            return "pass";
        case Action::Kind::Choice:
            return "weapon " + cellName(a.to);
        case Action::Kind::Join:
            return a.arg < 0 ? "join" : "rejoin " + std::to_string(a.arg + 1);
        case Action::Kind::Leave:
            return "leave " + std::to_string(a.arg + 1);
        default:
            return "?";
    }
}

std::optional<Action> ColonizationState::decode(std::string_view said) const {
    const std::vector<std::string> words = wordsOf(lowered(said));
    if (words.size() == 2) {
        if (words[0] == "weapon") {
            auto at = geometry().parse(words[1]);
            if (!at) return std::nullopt;
            return Action::choice(kActivate, *at);
        }
        auto seatSaid = seatNumber(words[1]);
        if (!seatSaid) return std::nullopt;
        if (words[0] == "rejoin") return Action::join(*seatSaid);
        if (words[0] == "leave") return Action::leave(*seatSaid);
        return std::nullopt;
    }
    if (words.size() != 1) return std::nullopt;
    const std::string& text = words[0];
    if (text == "pass" || text == "abstain") return Action::pass();
    if (text == "join") return Action::join();
    if (text.size() >= 2 && text[1] == '@') {
        const std::string letters = "bprnkq";
        const size_t kind = letters.find(text[0]);
        auto to = geometry().parse(std::string_view(text).substr(2));
        if (kind == std::string::npos || !to) return std::nullopt;
        return Action::place(static_cast<int>(std::min<size_t>(kind, kWeapon)), *to);
    }
    // "d4-d5", or "d4xd5": an 'x' right after a rank's digit is the capture
    // sign, elsewhere it is a file's letter.
    size_t sign = text.find('-');
    for (size_t i = 1; sign == std::string::npos && i < text.size(); ++i) {
        if (text[i] == 'x' && text[i - 1] >= '0' && text[i - 1] <= '9') sign = i;
    }
    if (sign == std::string::npos) return std::nullopt;
    auto from = geometry().parse(std::string_view(text).substr(0, sign));
    auto to = geometry().parse(std::string_view(text).substr(sign + 1));
    if (!from || !to) return std::nullopt;
    return Action::move(*from, *to);
}

std::string ColonizationState::serialize() const {
    std::string s =
        std::to_string(geometry().files()) + "x" + std::to_string(geometry().ranks()) + " ";
    for (PlayerId p = 0; p < playerCount(); ++p) {
        s += (p ? "," : "") + std::string(1, static_cast<char>(seat(p)));
        if (rejoiner(p)) s += '*';
        // A rejoiner keeps its set's colour, which may not be its seat's.
        if (colourOf(p) != rules_->colourOf(p)) s += colourOf(p) == SetColour::White ? 'w' : 'b';
    }
    s += " " + seatLetters(toMove_) + " " + std::to_string(plies_) + " ";
    for (int r = geometry().ranks() - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < geometry().files(); ++f) {
            const Square q = at(geometry().cell(f, r));
            if (q.empty()) {
                ++empty;
                continue;
            }
            if (empty) s += std::to_string(empty);
            empty = 0;
            s += kLetters[q.kind] + seatLetters(q.owner);
        }
        if (empty) s += std::to_string(empty);
        if (r) s += '/';
    }
    return s;
}

std::string ColonizationState::putRead(Cell c, std::optional<PlayerId> owner, int kind) {
    if (!owner || *owner >= playerCount())
        return "the piece on " + cellName(c) + " belongs to no seat";
    if (seat(*owner) != Seat::Playing)
        return "the piece on " + cellName(c) + " belongs to " + playerName(*owner) +
               ", who is not playing";
    const int most = kLimit[static_cast<size_t>(kind)];
    if (count(*owner, kind) >= most)
        return playerName(*owner) + " has more than " + std::to_string(most) + " " +
               kPlural[static_cast<size_t>(kind)];
    put(c, Square{static_cast<int8_t>(kind), static_cast<int8_t>(*owner)});
    return {};
}

std::unique_ptr<ColonizationState> ColonizationState::load(std::string_view text,
                                                           std::string& error, const Rules& rules) {
    auto fail = [&](std::string why) {
        error = std::move(why);
        return nullptr;
    };
    const auto fields = splitOn(text, ' ');
    if (fields.size() != 5) return fail(std::string("five fields are wanted: ") + kShape);
    const auto size = splitOn(fields[0], 'x');
    auto side = [](std::string_view t) {
        return t.size() <= 2 ? wholeNumber(t, kMaxSide) : std::nullopt;
    };
    const auto files = size.size() == 2 ? side(size[0]) : std::nullopt;
    const auto ranks = size.size() == 2 ? side(size[1]) : std::nullopt;
    if (!files || !ranks || *files < 1 || *ranks < 1)
        return fail("the size must be FILESxRANKS, each 1 to 64, such as 16x8");
    const auto seatTexts = splitOn(fields[1], ',');
    if (seatTexts.size() < 2 || seatTexts.size() > static_cast<size_t>(kMaxSeats))
        return fail("there must be 2 to " + std::to_string(kMaxSeats) + " seats, comma-separated");
    std::unique_ptr<ColonizationState> s(new ColonizationState(
        rules, Geometry::rectangle(static_cast<int>(*files), static_cast<int>(*ranks))));
    for (size_t i = 0; i < seatTexts.size(); ++i) {
        const std::string_view t = seatTexts[i];
        const std::string seatName = "seat " + std::to_string(i + 1);
        if (t.empty() || t.size() > 3 || std::string_view("npobl").find(t[0]) == std::string::npos)
            return fail(seatName + " must be n, p, o, b or l, not \"" + std::string(t) + "\"");
        std::string_view rest = t.substr(1);
        const bool star = !rest.empty() && rest[0] == '*';
        if (star) rest.remove_prefix(1);
        if (star && t[0] != 'n' && t[0] != 'p')
            return fail(seatName + ": only n and p take a * for a rejoiner");
        std::optional<SetColour> colour;
        if (rest == "w") colour = SetColour::White;
        if (rest == "b") colour = SetColour::Black;
        if (!rest.empty() && !colour)
            return fail(seatName +
                        ": after its state only * (a rejoiner) and a colour w or b may "
                        "follow, not \"" +
                        std::string(t) + "\"");
        s->addSeat(static_cast<Seat>(t[0]), star, colour);
    }
    auto mover = parseSeatLetters(fields[2]);
    if (!mover || *mover >= s->playerCount())
        return fail("the seat to move must be one of the seats' letters, a to " +
                    seatLetters(s->playerCount() - 1));
    auto plies = fields[3].size() <= 9 ? wholeNumber(fields[3], 999999999) : std::nullopt;
    if (!plies) return fail("the actions played must be a whole number");
    auto readPiece = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const char* letter = std::find(kLetters, kLetters + kKinds, at[0]);
        if (letter == kLetters + kKinds) {
            why = rankName(rank) + ": '" + std::string(1, at[0]) +
                  "' is no piece (B, P, R, N or K and a seat's letter)";
            return 0;
        }
        size_t end = 1;
        while (end < at.size() && at[end] >= 'a' && at[end] <= 'z') ++end;
        const auto owner = parseSeatLetters(at.substr(1, end - 1));
        const Cell c = s->geometry().cell(file, rank);
        std::string fault = s->putRead(c, owner, static_cast<int>(letter - kLetters));
        if (fault.empty()) return end;
        why = std::move(fault);
        return 0;
    };
    auto words = [&](const PlacementFault& fault) {
        using FaultKind = PlacementFault::Kind;
        const std::string where = rankName(fault.rank);
        if (fault.kind == FaultKind::RankCount)
            return "there must be one row of cells per rank: " + std::to_string(*ranks) + ", not " +
                   std::to_string(fault.count);
        if (fault.kind == FaultKind::BadCount)
            return where + ": a count of empty cells is 1 to " + std::to_string(*files);
        if (fault.kind == FaultKind::TooWide)
            return where + " has more cells than the " + std::to_string(*files) + " files";
        return fault.words();
    };
    const PlacementShape shape{static_cast<int>(*files), static_cast<int>(*ranks), kMaxSide,
                               EmptyCounts::Number};
    if (!readPlacement(fields[4], shape, readPiece, words, error)) return nullptr;
    for (PlayerId p = 0; p < s->playerCount(); ++p) {
        if (s->seat(p) != Seat::Playing) continue;
        if (s->count(p, kPlanet) == 0)
            return fail(s->playerName(p) + " is playing but has no home planet on the board");
        if (s->rejoiner(p) && s->count(p, kPlanet) == 2)
            return fail(s->playerName(p) +
                        " has two home planets, so no longer counts as a rejoiner");
        std::vector<Edit> cut;
        s->cutOff(p, cut);
        if (!cut.empty())
            return fail(s->pieceWords(cut.front().lost) + " on " + s->cellName(cut.front().cell) +
                        " is cut off from its home planets");
    }
    s->toMove_ = *mover;
    s->plies_ = static_cast<int>(*plies);
    s->outcome_ = s->decided(NoPlayer);
    if (!s->outcome_.over() && !s->inGame(*mover))
        return fail("the seat to move, " + s->playerName(*mover) + ", is not in the game");
    return s;
}

std::vector<std::string> ColonizationState::report() const {
    std::vector<std::string> lines;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        std::string line =
            playerName(p) + " (" + (colourOf(p) == SetColour::White ? "white" : "black") + "): ";
        switch (seat(p)) {
            case Seat::Placing:
                line += "to place a home planet";
                break;
            case Seat::Playing: {
                const int n = piecesOf(p);
                line += std::to_string(n) + (n == 1 ? " piece" : " pieces") + " on the board";
                std::string kinds;
                for (int k = 0; k < kKinds; ++k) {
                    if (count(p, k) > 0)
                        kinds += (kinds.empty() ? ": " : ", ") + counted(count(p, k), k);
                }
                line += kinds;
                break;
            }
            case Seat::Out:
                line += "out";
                break;
            case Seat::Rejoined:
                line += "out, rejoined at a later seat";
                break;
            case Seat::Left:
                line += "left";
                break;
        }
        if (rejoiner(p)) line += " (rejoined: counts as back once it has two home planets)";
        lines.push_back(line);
    }
    if (outcome_.over())
        lines.push_back("the game is over: " + outcome_.reason);
    else
        lines.push_back(playerName(toMove_) + " is to move");
    return lines;
}

std::string ColonizationGame::lookName(SetPiece look) const {
    for (int k = 0; k < kKinds; ++k) {
        const auto& also = tableRules_.also[static_cast<size_t>(k)];
        if (look.figure == tableRules_.figures[static_cast<size_t>(k)] ||
            std::find(also.begin(), also.end(), look.figure) != also.end())
            return words(look) + " (" + kWithArticle[static_cast<size_t>(k)] + ")";
    }
    return words(look);
}

std::string ColonizationGame::exportRecord(const GameRecord& record) const {
    std::string error;
    auto state = ColonizationState::load(record.startText, error, tableRules_);
    std::ostringstream out;
    out << textRecord(record, state.get());
    if (state) {
        out << "Pieces on the board:";
        for (PlayerId p = 0; p < state->playerCount(); ++p)
            out << (p ? ", " : " ") << state->playerName(p) << " " << state->piecesOf(p);
        out << "\n";
    }
    return out.str();
}

}  // namespace arbiter::colonization
