// Konfusion in words and text: the notation of actions and positions, what
// the players are told, the record, and how the table names its stand-ins.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/core/text_record.h"
#include "engine/konfusion/konfusion.h"

namespace arbiter::konfusion {

namespace {

constexpr char kSeatLetters[4] = {'S', 'W', 'N', 'E'};  // by Side
// A seat can capture at most every piece of three others, each of 6 pips.
constexpr long kMostCaptured = 3 * 18 * kMaxPips;
constexpr const char* kShape =
    "a Konfusion position is CELLS SEAT CAPTURED (and DIE with the die option), such as "
    "\"1N2N3N4N6N5N4N3N21/2N1N1N2N2N1N12/3N1N1N1N13/10/10/10/10/3S1S1S1S13/2S1S1S2S2S1S12/"
    "1S2S3S4S5S6S4S3S21 S 0,0\"";

std::string figureName(Figure f) {
    const std::string white = "white ";
    return words(SetPiece{SetColour::White, f}).substr(white.size());
}

std::string seatList(const Seating& seating) {
    std::string text;
    for (PlayerId p = 0; p < seating.players; ++p) {
        const Side side = seating.sideOf[static_cast<size_t>(p)];
        text += (p ? ", " : "") + std::string(1, kSeatLetters[side]);
    }
    return text;
}

// The seat sitting at the side `letter` names, or NoPlayer.
PlayerId seatOfLetter(const Seating& seating, char letter) {
    const char* at = std::find(std::begin(kSeatLetters), std::end(kSeatLetters), letter);
    if (at == std::end(kSeatLetters)) return NoPlayer;
    return seating.seatAt[static_cast<size_t>(at - kSeatLetters)];
}

}  // namespace

std::string KonfusionState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move:
            if (a.from < 0 || a.from >= kCells || a.to < 0 || a.to >= kCells) return "?";
            return cellName(a.from) + (pipsAt(a.to) ? "x" : "-") + cellName(a.to);
        case Action::Kind::Pass:
            return "pass";
        case Action::Kind::EndTurn:
            return "end";
        case Action::Kind::Chance:
            if (a.payload.size() != 1 || a.payload[0] < 0 || a.payload[0] >= kMaxPips) return "?";
            return "roll:" + std::to_string(a.payload[0] + 1);
        default:
            return "?";
    }
}

std::optional<Action> KonfusionState::decode(std::string_view said) const {
    std::string text(said);
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (text == "pass") return Action::pass();
    if (text == "end") return Action::endTurn();
    if (text.starts_with("roll:")) {
        auto n = wholeNumber(std::string_view(text).substr(5), kMaxPips);
        if (!n || *n < 1) return std::nullopt;
        return Action::chance({static_cast<int>(*n) - 1});
    }
    // "e5-f6", "e5xf6", "E5F6": two cells, a dash or an x between them, or nothing.
    size_t i = 0;
    auto cellAt = [&]() -> std::optional<Cell> {
        const size_t start = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) &&
               (i == start || text[i] != 'x'))
            ++i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        return geometry().parse(std::string_view(text).substr(start, i - start));
    };
    auto from = cellAt();
    if (!from) return std::nullopt;
    if (i < text.size() && (text[i] == '-' || text[i] == 'x')) ++i;
    auto to = cellAt();
    if (!to || i != text.size()) return std::nullopt;
    return Action::move(*from, *to);
}

std::string KonfusionState::describe(const Action& a) const {
    if (!isLegal(a)) return encode(a);
    switch (a.kind) {
        case Action::Kind::Move: {
            const int pips = pipsAt(a.from), after = pipsAfter(a.from, a.to);
            auto put = [&] {
                return "; exchange the " + figureName(rules_.looks[static_cast<size_t>(pips - 1)]) +
                       " for a " + figureName(rules_.looks[static_cast<size_t>(after - 1)]);
            };
            // What a capture takes is not said here: the table names the piece
            // to take off ("takes the black knight (a 2) on e9"), and the x says it.
            std::string out = std::to_string(pips) + " " + encode(a);
            if (pips == 1 && after == kMaxPips)
                out += ", reaches the far side: a 6 now" + put();
            else if (after != pips)
                out += ", on a keypost: a " + std::to_string(after) + " now" + put();
            return out;
        }
        case Action::Kind::Chance: {
            const int r = a.payload[0] + 1;
            return "the die shows " + std::to_string(r) +
                   (r == 1 ? ": move 1 piece"
                           : ": move up to " + std::to_string(r) + " different pieces");
        }
        case Action::Kind::Pass:
            return "passes: no move";
        case Action::Kind::EndTurn:
            return "ends the turn";
        default:
            return encode(a);
    }
}

std::string KonfusionState::refusal(const Action& a) const {
    if (outcome_.over()) return "the game is over";
    if (isLegal(a)) return {};
    if (a.piece != -1 || a.arg != 0 || !a.path.empty() ||
        (a.kind != Action::Kind::Chance && !a.payload.empty()))
        return "a Konfusion action names at most two cells";
    switch (a.kind) {
        case Action::Kind::Move:
            if (chance()) return "the die is to be rolled first";
            return moveRefusal(a);
        case Action::Kind::Chance:
            return chance() ? "a roll of the die is one number from 1 to 6"
                            : "no die is to be rolled now";
        case Action::Kind::Pass:
            if (midTurn()) return "say end to end the turn";
            return chance() ? "the die is to be rolled first"
                            : "you may pass only when you have no move";
        case Action::Kind::EndTurn:
            if (!rules_.die) return "a turn of Konfusion is one move";
            if (chance()) return "the die is to be rolled first";
            return "move at least one piece before ending the turn";
        default:
            return "Konfusion has no such action";
    }
}

std::string KonfusionState::moveRefusal(const Action& a) const {
    if (a.from < 0 || a.from >= kCells || a.to < 0 || a.to >= kCells) return "no such cell";
    if (!pipsAt(a.from)) return "there is no piece on " + cellName(a.from);
    if (ownerAt(a.from) != toMove_)
        return "the piece on " + cellName(a.from) + " is " + playerName(ownerAt(a.from)) +
               "'s: " + playerName(toMove_) + " is to move";
    if (movedAlready(a.from))
        return "the piece on " + cellName(a.from) + " has moved this turn: move another";
    if (a.to != a.from && ownerAt(a.to) == toMove_)
        return "you may not land on your own piece on " + cellName(a.to);
    static const char* const moves[kMaxPips] = {
        "a 1 moves one square forward, left or right, ricocheting off the walls",
        "a 2 moves two squares diagonally forward, ricocheting off the walls",
        "a 3 moves three squares straight, ricocheting off the walls",
        "a 4 moves four squares diagonally, ricocheting off the walls",
        "a 5 moves five squares in one of eight directions, ricocheting off the walls",
        // A walk turns where it likes: no wall ever sends it back.
        "a 6 moves six king steps, turning as it likes round pieces",
    };
    const int pips = pipsAt(a.from);
    std::string reach;
    destinations(a.from).each([&](Cell c) { reach += (reach.empty() ? "" : ", ") + cellName(c); });
    return std::string(moves[pips - 1]) + ": the " + std::to_string(pips) + " on " +
           cellName(a.from) + (reach.empty() ? " has no move" : " may go to " + reach);
}

std::string KonfusionState::serialize() const {
    std::string out;
    for (int r = kSide - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < kSide; ++f) {
            const Cell c = r * kSide + f;
            if (!pipsAt(c)) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += kSeatLetters[sideOf(ownerAt(c))];
            out += static_cast<char>('0' + pipsAt(c));
        }
        if (empty) out += std::to_string(empty);
        if (r > 0) out += '/';
    }
    out += ' ';
    out += kSeatLetters[sideOf(toMove_)];
    out += ' ';
    for (PlayerId p = 0; p < rules_.players; ++p)
        out += (p ? "," : "") + std::to_string(captured(p));
    if (rules_.die) {
        out += ' ';
        if (roll_ == 0) {
            out += '?';
        } else {
            out += std::to_string(roll_);
            for (int i = 0; i < movedCount_; ++i)
                out += (i ? "," : ":") + cellName(moved_[static_cast<size_t>(i)]);
        }
    }
    return out;
}

std::unique_ptr<KonfusionState> KonfusionState::load(std::string_view text, std::string& error,
                                                     const Rules& table) {
    const auto fields = wordsOf(text);
    const size_t expected = table.die ? 4 : 3;
    if (fields.size() != expected) {
        error = std::string(kShape) + "; this has " + std::to_string(fields.size()) + " fields";
        if (fields.size() == 4 && !table.die)
            error +=
                ": a fourth, the die, is only for the die option, which this table does not "
                "play";
        if (fields.size() == 3 && table.die)
            error +=
                ": this table plays the die option, so a fourth says the die (? to roll, 3 "
                "rolled, 3:e5,f6 rolled with the pieces now on e5 and f6 moved)";
        return nullptr;
    }
    // The captured pips come first: their count says how many seats there are.
    const auto counts = splitOn(fields[2], ',');
    if (counts.size() < 2 || counts.size() > 4) {
        error =
            "the captured pips are one number per seat (2 to 4 seats), separated by commas, "
            "not \"" +
            fields[2] + "\"";
        return nullptr;
    }
    Rules rules = table;
    rules.players = static_cast<int>(counts.size());
    const Seating& seating = Seating::of(rules.players);
    auto state = std::unique_ptr<KonfusionState>(new KonfusionState(rules, true));
    for (size_t p = 0; p < counts.size(); ++p) {
        auto n = wholeNumber(counts[p], kMostCaptured);
        if (!n) {
            error = "captured pips are a whole number from 0 to " + std::to_string(kMostCaptured) +
                    ", not \"" + std::string(counts[p]) + "\"";
            return nullptr;
        }
        state->captured_[p] = static_cast<int>(*n);
    }
    const std::string seats = std::to_string(rules.players) + " seats (" + seatList(seating) + ")";
    auto readPiece = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const char c = at[0];
        const std::string where = rankName(rank) + ": ";
        const PlayerId owner = seatOfLetter(seating, c);
        if (std::find(std::begin(kSeatLetters), std::end(kSeatLetters), c) ==
            std::end(kSeatLetters)) {
            why = where + "'" + std::string(1, c) +
                  "' is not a seat letter (S, W, N, E, in capitals) or a count of empty cells";
            return 0;
        }
        if (owner == NoPlayer) {
            why = where + "there is no " + std::string(1, c) + " seat: the captured pips say " +
                  seats;
            return 0;
        }
        const char pips = at.size() > 1 ? at[1] : '\0';
        if (pips < '1' || pips > '6') {
            why = where + "each piece is its seat letter and its pips, 1 to 6 (such as " +
                  std::string(1, c) + "4)";
            return 0;
        }
        state->put(rank * kSide + file, owner, pips - '0');
        return 2;
    };
    auto words = [](const PlacementFault& fault) {
        using Kind = PlacementFault::Kind;
        const std::string where = rankName(fault.rank) + ": ";
        if (fault.kind == Kind::BadCount)
            return where + "\"" + std::string(fault.text) +
                   "\" is not a count of empty cells (1 to 10, one number for a run)";
        if (fault.kind == Kind::TooWide) return where + "a rank is 10 cells, this has more";
        if (fault.kind == Kind::TooNarrow)
            return where + "a rank is 10 cells, not " + std::to_string(fault.count);
        return fault.words();
    };
    const PlacementShape shape{kSide, kSide, kSide, EmptyCounts::Number};
    if (!readPlacement(fields[0], shape, readPiece, words, error)) return nullptr;
    if (fields[1].size() != 1 || seatOfLetter(seating, fields[1][0]) == NoPlayer) {
        error = "the seat to move is one of " + seatList(seating) + " (of " + seats + "), not \"" +
                fields[1] + "\"";
        return nullptr;
    }
    state->toMove_ = seatOfLetter(seating, fields[1][0]);
    const std::string mover = state->playerName(state->toMove_);
    if (rules.die && fields[3] != "?") {
        const auto parts = splitOn(fields[3], ':');
        auto roll = wholeNumber(parts[0], kMaxPips);
        if (parts.size() > 2 || !roll || *roll < 1 || (parts.size() == 2 && parts[1].empty())) {
            error =
                "the die is ? (to roll), the roll 1 to 6, or the roll and the cells of the "
                "pieces moved (3:e5,f6); not \"" +
                fields[3] + "\"";
            return nullptr;
        }
        state->roll_ = static_cast<int>(*roll);
        const auto moved =
            parts.size() == 2 ? splitOn(parts[1], ',') : std::vector<std::string_view>{};
        if (static_cast<long>(moved.size()) >= *roll) {
            error = mover + " rolled " + std::to_string(*roll) + " and " +
                    std::to_string(moved.size()) +
                    " pieces are said to have moved: the turn "
                    "ends when as many have moved as were rolled";
            return nullptr;
        }
        for (std::string_view name : moved) {
            auto cell = state->geometry().parse(name);
            if (!cell || state->ownerAt(*cell) != state->toMove_) {
                error =
                    "the pieces moved are named by the cells they now stand on, each holding "
                    "a piece of " +
                    mover + "'s; not \"" + std::string(name) + "\"";
                return nullptr;
            }
            if (state->movedAlready(*cell)) {
                error = "a piece moves once a turn: " + std::string(name) + " is named twice";
                return nullptr;
            }
            state->moved_[static_cast<size_t>(state->movedCount_++)] = *cell;
        }
    }
    // Whoever moved last took the keyposts, if two hold theirs at once.
    const PlayerId last = state->movedCount_ > 0
                              ? state->toMove_
                              : (state->toMove_ + rules.players - 1) % rules.players;
    state->outcome_ = state->decided(last);
    if (!state->outcome_.over() && state->roll_ > 0) {
        if (state->movedCount_ == 0 && !state->hasMove(state->toMove_, false)) {
            error = mover + " has no move, so no die is rolled: write ? for the die";
            return nullptr;
        }
        if (state->movedCount_ > 0 && !state->hasMove(state->toMove_, true)) {
            error = "no piece of " + mover + "'s that has not moved can move, so the turn " +
                    "is over: the next seat is to move";
            return nullptr;
        }
    }
    if (!state->outcome_.over() && state->stuck())
        state->outcome_ = Outcome::draw("no player can move");
    return state;
}

std::vector<std::string> KonfusionState::report() const {
    std::vector<std::string> lines;
    for (int r = kSide - 1; r >= 0; --r) {
        std::string line = (r + 1 < 10 ? " " : "") + std::to_string(r + 1);
        for (int f = 0; f < kSide; ++f) {
            const Cell c = r * kSide + f;
            line += ' ';
            if (pipsAt(c)) {
                line += kSeatLetters[sideOf(ownerAt(c))];
                line += static_cast<char>('0' + pipsAt(c));
            } else {
                line += seating().keyposts.has(c) ? " +" : " .";
            }
        }
        lines.push_back(line);
    }
    std::string files = "  ";
    for (int f = 0; f < kSide; ++f) files += std::string("  ") + static_cast<char>('a' + f);
    lines.push_back(files);
    // Who each letter is, in the table's names once the session has put them in.
    std::string legend;
    for (PlayerId p = 0; p < rules_.players; ++p) {
        legend += std::string(p ? ", " : "") + kSeatLetters[sideOf(p)] + " " + playerName(p) +
                  (p % 2 == 0 ? " (white)" : " (black)");
    }
    lines.push_back(legend + "; + an empty keypost");
    std::string took = "Pips captured:", left = "Pips on the board:";
    for (PlayerId p = 0; p < rules_.players; ++p) {
        took += (p ? ", " : " ") + playerName(p) + " " + std::to_string(captured(p));
        left += (p ? ", " : " ") + playerName(p) + " " + std::to_string(pipsOnBoard(p));
    }
    lines.push_back(took);
    lines.push_back(left);
    if (rules_.die && !outcome_.over()) {
        const std::string who = playerName(toMove_);
        if (roll_ > 0) {
            std::string line = who + " rolled " + std::to_string(roll_) + ": moved " +
                               std::to_string(movedCount_) + " of " + std::to_string(roll_);
            for (int i = 0; i < movedCount_; ++i)
                line += (i ? ", " : " (") + cellName(moved_[static_cast<size_t>(i)]);
            lines.push_back(line + (movedCount_ ? ")" : ""));
        } else if (chance()) {
            lines.push_back(who + " is to roll the die");
        } else {
            lines.push_back(who + " has no move and passes without rolling");
        }
    }
    return lines;
}

std::string KonfusionGame::lookName(SetPiece look) const {
    for (int pips = 1; pips <= kMaxPips; ++pips) {
        if (rules_.looks[static_cast<size_t>(pips - 1)] == look.figure)
            return words(look) + " (a " + std::to_string(pips) + ")";
    }
    return words(look);
}

std::string KonfusionGame::exportRecord(const GameRecord& record) const {
    std::string error;
    auto state = KonfusionState::load(record.startText, error, rules_);
    std::ostringstream out;
    out << textRecord(record, state.get());
    if (state) {
        out << "Pips on the board:";
        for (PlayerId p = 0; p < state->playerCount(); ++p)
            out << (p ? ", " : " ") << state->playerName(p) << " " << state->pipsOnBoard(p);
        out << "\nPips captured:";
        for (PlayerId p = 0; p < state->playerCount(); ++p)
            out << (p ? ", " : " ") << state->playerName(p) << " " << state->captured(p);
        out << "\n";
    }
    return out.str();
}

}  // namespace arbiter::konfusion
