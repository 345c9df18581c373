// Cornerport in words and text: the notation of actions and positions, what
// the players are told and why an action is refused, the report, the record,
// and the names of the stand-ins.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/core/text_record.h"
#include "engine/cornerport/cornerport.h"

namespace arbiter::cornerport {

namespace {

// The letters of the position text and of placements: the default stand-ins'
// figures, upper case for White, whatever figures a table chooses.
constexpr char kLetters[kKinds] = {'P', 'R', 'B'};
const char* const kNames[kKinds] = {"patrol boat", "battle ship", "freighter"};
const char* const kPlural[kKinds] = {"patrol boats", "battle ships", "freighters"};
const char* const kWithArticle[kKinds] = {"a patrol boat", "a battle ship", "a freighter"};

int kindOfLetter(char c) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int k = 0; k < kKinds; ++k) {
        if (kLetters[k] == c) return k;
    }
    return -1;
}

std::string notAShip(int rank, char c) {
    return rankName(rank) + ": '" + std::string(1, c) +
           "' is not a ship (P, R, B for White; p, r, b for Black) or a count of empty squares";
}

std::string counted(int n, int kind) {
    return std::to_string(n) + " " + (n == 1 ? kNames[kind] : kPlural[kind]);
}

// A cell name of this 8x8 board at the front of `text` ("e4"), or nullopt.
std::optional<Cell> leadingCell(const Geometry& g, std::string_view text, size_t& used) {
    size_t i = 0;
    while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) && text[i] != 'x')
        ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    used = i;
    if (i == 0) return std::nullopt;
    return g.parse(text.substr(0, i));
}

}  // namespace

// --- Actions ---------------------------------------------------------------

std::string CornerportState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move: {
            if (!geometry_.contains(a.from) || !geometry_.contains(a.to)) return "?";
            return cellName(a.from) + (at(a.to).empty() ? "-" : "x") + cellName(a.to);
        }
        case Action::Kind::Place:
            if (a.piece < 0 || a.piece >= kKinds || !geometry_.contains(a.to)) return "?";
            return std::string(1, kLetters[a.piece]) + "@" + cellName(a.to);
        case Action::Kind::EndTurn:
            return "end";
        case Action::Kind::Pass:
            return "pass";
        default:
            return "?";
    }
}

std::optional<Action> CornerportState::decode(std::string_view text) const {
    if (text == "end") return Action::endTurn();
    if (text == "pass") return Action::pass();
    // "R@a8": a kind's letter and the port.
    if (text.size() >= 3 && text[1] == '@') {
        const int kind = kindOfLetter(text[0]);
        auto port = geometry_.parse(text.substr(2));
        if (kind < 0 || !port) return std::nullopt;
        return Action::place(kind, *port);
    }
    // "g2-h1", "g2h1", "c2xd3": two cells, perhaps a sign between.
    size_t used = 0;
    auto from = leadingCell(geometry_, text, used);
    if (!from) return std::nullopt;
    text.remove_prefix(used);
    if (!text.empty() && (text[0] == '-' || text[0] == 'x')) text.remove_prefix(1);
    auto to = leadingCell(geometry_, text, used);
    if (!to || used != text.size()) return std::nullopt;
    return Action::move(*from, *to);
}

std::string CornerportState::describe(const Action& a) const {
    return describe(a, Wording::Announced);
}

std::string CornerportState::describe(const Action& a, Wording wording) const {
    if (!isLegal(a)) return encode(a);
    switch (a.kind) {
        case Action::Kind::Move: {
            const Square ship = at(a.from);
            const Square target = at(a.to);
            std::string out = std::string(kNames[ship.kind]) + " " + encode(a);
            if (!target.empty())
                return out + " sinks " + playerName(target.owner) + "'s " + kNames[target.kind];
            if (ship.kind != kFreighter || !isPortOf(a.to, toMove_) || homeOf(a.from) == a.to)
                return out;
            out += " arrives in port";
            const Cell home = homeOf(a.from);
            if (placementAfter(a.from, a.to) != NoCell) {
                if (wording == Wording::Recorded) return out;
                // The players' only cue at the table: say what may come on and how to decline.
                const std::vector<int> kinds = placeable(toMove_);
                std::string ships;
                for (size_t i = 0; i < kinds.size(); ++i)
                    ships += std::string(i == 0                  ? ""
                                         : i + 1 == kinds.size() ? " or "
                                                                 : ", ") +
                             kWithArticle[kinds[i]];
                return out + "; may place " + ships + " from off the board on " + cellName(home) +
                       ", or nothing (end)";
            }
            if (!at(home).empty())
                return out + "; " + cellName(home) + " is not empty, so nothing is placed";
            return out + "; every kind is on the board to its limit, so nothing is placed";
        }
        case Action::Kind::Place:
            return std::string("places ") + kWithArticle[a.piece] + " on " + cellName(a.to);
        case Action::Kind::EndTurn:
            return "places nothing on " + cellName(pending_);
        case Action::Kind::Pass:
            return "has no move and passes";
        default:
            return encode(a);
    }
}

// --- Refusals --------------------------------------------------------------

std::string CornerportState::refusal(const Action& a) const {
    if (isLegal(a)) return {};
    if (outcome_.over()) return "the game is over";
    if (pending_ != NoCell && a.kind != Action::Kind::Place && a.kind != Action::Kind::EndTurn) {
        std::string kinds;
        for (int k : placeable(toMove_))
            kinds += std::string(kinds.empty() ? "" : ", ") + encode(Action::place(k, pending_));
        return "your freighter has just arrived in port: place a ship on " + cellName(pending_) +
               " (" + kinds + ") or place nothing (end)";
    }
    switch (a.kind) {
        case Action::Kind::Move:
            return moveRefusal(a);
        case Action::Kind::Place:
            return placeRefusal(a);
        case Action::Kind::EndTurn:
            return "a turn of Cornerport is one move; \"end\" places nothing after a freighter "
                   "arrives in port";
        case Action::Kind::Pass: {
            std::vector<Action> moves;
            addMoves(toMove_, moves);
            return "you may pass only when you have no move; you have " +
                   std::to_string(moves.size());
        }
        default:
            return "Cornerport has no such action";
    }
}

std::string CornerportState::moveRefusal(const Action& a) const {
    if (!geometry_.contains(a.from) || !geometry_.contains(a.to)) return "no such square";
    if (!a.path.empty() || a.arg != 0 || !a.payload.empty() || a.piece != -1)
        return "a move of Cornerport names two squares and nothing else";
    const Square ship = at(a.from);
    const Square target = at(a.to);
    if (ship.empty()) return "there is no ship on " + cellName(a.from);
    if (a.from == a.to) return "a move goes to another square";
    if (ship.owner != toMove_)
        return "the " + std::string(kNames[ship.kind]) + " on " + cellName(a.from) + " is " +
               playerName(ship.owner) + "'s";
    if (!target.empty() && target.owner == toMove_)
        return "the " + std::string(kNames[target.kind]) + " on " + cellName(a.to) +
               " is your own: you sink only your opponent's ships";
    const int adf = std::abs(a.to % 8 - a.from % 8), adr = std::abs(a.to / 8 - a.from / 8);
    const bool step = std::max(adf, adr) == 1;
    switch (ship.kind) {
        case kFreighter:
            if (!target.empty())
                return "a freighter never sinks a ship: it moves only onto an empty square";
            return "a freighter moves one square in any direction";
        case kPatrolBoat:
            if (!step) return "a patrol boat moves one square in any direction";
            return "a patrol boat may enter deep water only to sink a ship";
        default:
            if ((adf != 0 && adr != 0) || adf + adr > 2)
                return "a battle ship moves one or two squares straight, never diagonally";
            return "a battle ship does not jump: " + cellName((a.from + a.to) / 2) +
                   " is in the way";
    }
}

std::string CornerportState::placeRefusal(const Action& a) const {
    if (a.from != NoCell || a.arg != 0 || !a.path.empty() || !a.payload.empty())
        return "a placement names a kind of ship and a port, such as R@a8";
    if (a.piece < 0 || a.piece >= kKinds)
        return "there is no such kind of ship: P (patrol boat), R (battle ship) or B (freighter)";
    if (pending_ == NoCell)
        return "you place a ship only when your freighter arrives in your other port, on the port "
               "it left, and only if that port is empty";
    if (a.to != pending_)
        return "the ship goes on the port your freighter left, " + cellName(pending_) +
               ", not on " + (geometry_.contains(a.to) ? cellName(a.to) : "that square");
    return "you have all " + std::to_string(kLimit[static_cast<size_t>(a.piece)]) + " " +
           kPlural[a.piece] + " on the board already";
}

// --- Positions -------------------------------------------------------------

std::string CornerportState::serialize() const {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            const Square s = at(r * 8 + f);
            if (s.empty()) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            const char letter = kLetters[s.kind];
            out += s.owner == kWhite
                       ? letter
                       : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
        }
        if (empty) out += std::to_string(empty);
        if (r > 0) out += '/';
    }
    out += toMove_ == kWhite ? " w " : " b ";
    out += pending_ == NoCell ? "-" : cellName(pending_);
    std::string homes;
    for (Cell c = 0; c < 64; ++c) {
        if (at(c).kind == kFreighter)
            homes += (homes.empty() ? "" : ",") + cellName(c) + ":" + cellName(homeOf(c));
    }
    out += " " + (homes.empty() ? std::string("-") : homes);
    return out;
}

std::unique_ptr<CornerportState> CornerportState::load(std::string_view text, std::string& error,
                                                       const Rules& rules) {
    const auto fields = wordsOf(text);
    if (fields.size() != 4) {
        error =
            "a Cornerport position is CELLS MOVER PENDING HOMES, such as \"7b/8/8/8/8/8/8/7B w - "
            "h1:h1,h8:h8\"; this has " +
            std::to_string(fields.size()) + " fields";
        return nullptr;
    }
    auto state = std::unique_ptr<CornerportState>(new CornerportState(rules, true));
    CornerportState& s = *state;
    // The cells, from rank 8 down, as in FEN: P R B White's, p r b Black's.
    auto readShip = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const char c = at[0];
        const int kind = kindOfLetter(c);
        if (kind < 0) {
            why = notAShip(rank, c);
            return 0;
        }
        const PlayerId owner = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
        const Cell cell = rank * 8 + file;
        // The freighter's home is read below; mark it for now with its own cell.
        s.put(cell, Square{static_cast<int8_t>(kind), static_cast<int8_t>(owner)},
              kind == kFreighter ? cell : NoCell);
        return 1;
    };
    auto words = [](const PlacementFault& fault) {
        using FaultKind = PlacementFault::Kind;
        if (fault.kind == FaultKind::BadCount) return notAShip(fault.rank, fault.text[0]);
        if (fault.kind == FaultKind::RankCount) return fault.words();
        return rankName(fault.rank) + " must be 8 squares wide";
    };
    const PlacementShape shape{8, 8, 8, EmptyCounts::AddingDigits};
    if (!readPlacement(fields[0], shape, readShip, words, error)) return nullptr;
    for (PlayerId p : {kWhite, kBlack}) {
        for (int k = 0; k < kKinds; ++k) {
            if (s.count(p, k) > kLimit[static_cast<size_t>(k)]) {
                error = s.playerName(p) + " has " + counted(s.count(p, k), k) +
                        " on the board; at most " + std::to_string(kLimit[static_cast<size_t>(k)]) +
                        " are allowed";
                return nullptr;
            }
        }
    }
    if (s.shipsOf(kWhite) + s.shipsOf(kBlack) == 0) {
        error = "there is no ship on the board: a game always has one";
        return nullptr;
    }
    if (fields[1] != "w" && fields[1] != "b") {
        error = "the mover is w (White) or b (Black), not \"" + fields[1] + "\"";
        return nullptr;
    }
    s.toMove_ = fields[1] == "w" ? kWhite : kBlack;
    // The freighters' homes: every freighter once, as CELL:PORT.
    std::array<bool, 64> homed{};
    if (fields[3] != "-") {
        for (std::string_view entry : splitOn(fields[3], ',')) {
            const auto parts = splitOn(entry, ':');
            auto cell = parts.size() == 2 ? s.geometry_.parse(parts[0]) : std::nullopt;
            auto port = parts.size() == 2 ? s.geometry_.parse(parts[1]) : std::nullopt;
            if (!cell || !port) {
                error = "each freighter's home is written SQUARE:PORT, such as h1:h1, not \"" +
                        std::string(entry) + "\"";
                return nullptr;
            }
            const Square ship = s.at(*cell);
            if (ship.kind != kFreighter) {
                error = "a home is given for " + s.cellName(*cell) + ", where no freighter stands";
                return nullptr;
            }
            if (homed[static_cast<size_t>(*cell)]) {
                error = "the freighter on " + s.cellName(*cell) + " is given two homes";
                return nullptr;
            }
            if (!s.isPortOf(*port, ship.owner)) {
                error = "the home of " + s.playerName(ship.owner) + "'s freighter on " +
                        s.cellName(*cell) + " must be one of " + s.playerName(ship.owner) +
                        "'s ports (" + s.cellName(s.portsOf(ship.owner)[0]) + ", " +
                        s.cellName(s.portsOf(ship.owner)[1]) + "), not " + s.cellName(*port);
                return nullptr;
            }
            if (s.isPortOf(*cell, ship.owner) && *port != *cell) {
                error = "the freighter on " + s.cellName(*cell) +
                        " stands on its own port, so that port is its home, not " +
                        s.cellName(*port);
                return nullptr;
            }
            homed[static_cast<size_t>(*cell)] = true;
            s.homes_[static_cast<size_t>(*cell)] = static_cast<int8_t>(*port);
        }
    }
    for (Cell c = 0; c < 64; ++c) {
        if (s.at(c).kind == kFreighter && !homed[static_cast<size_t>(c)]) {
            error = "the freighter on " + s.cellName(c) + " has no home port in the homes field";
            return nullptr;
        }
    }
    // A pending placement: on the mover's empty port, whose freighter has just
    // arrived on the mover's other port.
    if (fields[2] != "-") {
        auto port = s.geometry_.parse(fields[2]);
        if (!port || !s.isPortOf(*port, s.toMove_)) {
            error = "a pending placement is on one of " + s.playerName(s.toMove_) + "'s ports (" +
                    s.cellName(s.portsOf(s.toMove_)[0]) + ", " +
                    s.cellName(s.portsOf(s.toMove_)[1]) + "), or - for none; not \"" + fields[2] +
                    "\"";
            return nullptr;
        }
        const auto ports = s.portsOf(s.toMove_);
        const Cell arrived = ports[0] == *port ? ports[1] : ports[0];
        if (!s.at(*port).empty()) {
            error = "a placement cannot be pending on " + s.cellName(*port) + ": it is not empty";
            return nullptr;
        }
        if (s.at(arrived).kind != kFreighter || s.at(arrived).owner != s.toMove_) {
            error = "a placement on " + s.cellName(*port) + " is pending only when " +
                    s.playerName(s.toMove_) + "'s freighter has arrived on " + s.cellName(arrived) +
                    "; none stands there";
            return nullptr;
        }
        if (s.placeable(s.toMove_).empty()) {
            error = "a placement cannot be pending: " + s.playerName(s.toMove_) +
                    " has every kind on the board to its limit";
            return nullptr;
        }
        if (s.shipsOf(1 - s.toMove_) == 0) {
            error = "a placement cannot be pending when the game is over";
            return nullptr;
        }
        s.pending_ = *port;
    }
    s.outcome_ = s.decided();
    return state;
}

// --- The report and the record ---------------------------------------------

std::string CornerportState::reserveText(PlayerId p) const {
    std::string text;
    for (int k = 0; k < kKinds; ++k) {
        const int off = kLimit[static_cast<size_t>(k)] - count(p, k);
        text += (k ? ", " : "") + counted(off, k);
    }
    return text;
}

std::vector<std::string> CornerportState::report() const {
    std::vector<std::string> lines;
    for (PlayerId p : {kWhite, kBlack}) {
        std::string line = playerName(p) + " off the board: " + reserveText(p);
        std::string homes;
        for (Cell c = 0; c < 64; ++c) {
            if (at(c).kind == kFreighter && at(c).owner == p)
                homes += (homes.empty() ? "" : ", ") + cellName(c) + " (home " +
                         cellName(homeOf(c)) + ")";
        }
        if (!homes.empty())
            line += (count(p, kFreighter) == 1 ? "; freighter on " : "; freighters on ") + homes;
        lines.push_back(line);
    }
    if (outcome_.over()) {
        lines.push_back("the game is over: " + outcome_.reason);
    } else if (pending_ != NoCell) {
        std::string kinds;
        for (int k : placeable(toMove_))
            kinds += std::string(kinds.empty() ? "" : ", ") + encode(Action::place(k, pending_));
        lines.push_back(
            playerName(toMove_) + "'s freighter has arrived in port: " + playerName(toMove_) +
            " may put a ship on " + cellName(pending_) + " (" + kinds + ") or place nothing (end)");
    } else {
        lines.push_back(playerName(toMove_) + " is to move");
    }
    return lines;
}

std::string CornerportGame::lookName(SetPiece look) const {
    for (int k = 0; k < kKinds; ++k) {
        if (look.figure == rules_.figures[static_cast<size_t>(k)])
            return words(look) + " (" + kWithArticle[k] + ")";
    }
    return words(look);
}

std::string CornerportGame::exportRecord(const GameRecord& record) const {
    std::string error;
    auto state = CornerportState::load(record.startText, error, rules_);
    std::ostringstream out;
    // Numbered as the table announces the moves; what a player may do next
    // is for the table, not the record.
    TextRecordStyle style;
    style.describe = [](const GameState& s, const Action& a) {
        return static_cast<const CornerportState&>(s).describe(a,
                                                               CornerportState::Wording::Recorded);
    };
    out << textRecord(record, state.get(), style);
    if (state) {
        out << "Ships on the board:";
        for (PlayerId p : {kWhite, kBlack})
            out << (p ? ", " : " ") << state->playerName(p) << " " << state->shipsOf(p);
        out << "\n";
    }
    return out.str();
}

}  // namespace arbiter::cornerport
