// Martian Chess in words and text: the notation of moves and positions, what
// the players are told, the record, and how the table reads its stand-ins.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/core/text_record.h"
#include "engine/martian/martian.h"

namespace arbiter::martian {

namespace {

constexpr char kLetters[kKinds] = {'P', 'D', 'Q'};
const char* const kNames[kKinds] = {"pawn", "drone", "queen"};

int kindOfLetter(char c) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int k = 0; k < kKinds; ++k) {
        if (kLetters[k] == c) return k;
    }
    return -1;
}

// The pyramid named in the last word of a merge ("=Q", "q").
int kindOfMergeSuffix(std::string_view text) {
    if (text.size() == 1) return kindOfLetter(text[0]);
    if (text.size() == 2 && text[0] == '=') return kindOfLetter(text[1]);
    return -1;
}

}  // namespace

std::string MartianState::territoryText(PlayerId p) const {
    const int rank = rules_.players == 2 ? (p == 0 ? 0 : 4) : (p == 0 || p == 3 ? 0 : 4);
    const int file = rules_.players == 2 || p < 2 ? 0 : 4;
    return geometry_.name(geometry_.cell(file, rank)) + "-" +
           geometry_.name(geometry_.cell(file + 3, rank + 3));
}

std::string MartianState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move: {
            if (!geometry_.contains(a.from) || !geometry_.contains(a.to)) return "?";
            const bool takes = cells_[static_cast<size_t>(a.to)] >= 0 && a.piece < 0;
            std::string out = cellName(a.from) + (takes ? "x" : "-") + cellName(a.to);
            if (a.piece >= 0 && a.piece < kKinds) out += std::string("=") + kLetters[a.piece];
            return out;
        }
        case Action::Kind::Choice:
            return a.arg == kCallClock ? "call" : "?";
        case Action::Kind::Pass:
            return "pass";
        default:
            return "?";
    }
}

std::optional<Action> MartianState::decode(std::string_view text) const {
    if (text == "pass") return Action::pass();
    if (text == "call" || text == "call-clock") return Action::choice(kCallClock);
    // "a3a5", "a3-a5", "d8xa5", "c1-c2=Q", "c1c2q": two cell names, perhaps a piece.
    size_t i = 0;
    auto cellAt = [&]() -> std::optional<Cell> {
        size_t start = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        if (i == start) return std::nullopt;
        return geometry_.parse(text.substr(start, i - start));
    };
    auto from = cellAt();
    if (!from) return std::nullopt;
    if (i < text.size() && (text[i] == '-' || text[i] == 'x')) ++i;
    auto to = cellAt();
    if (!to) return std::nullopt;
    Action a = Action::move(*from, *to);
    std::string_view rest = text.substr(i);
    if (!rest.empty()) {
        a.piece = kindOfMergeSuffix(rest);
        if (a.piece < 0) return std::nullopt;
    } else if (cells_[static_cast<size_t>(*from)] >= 0 && cells_[static_cast<size_t>(*to)] >= 0 &&
               territoryOf(*to) == toMove_ && territoryOf(*from) == toMove_) {
        // A merge said without its result: the two pyramids decide it.
        const int sum =
            points(cells_[static_cast<size_t>(*from)]) + points(cells_[static_cast<size_t>(*to)]);
        if (sum <= points(Queen)) a.piece = sum - 1;
    }
    return a;
}

std::string MartianState::describe(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move: {
            if (resultOf(a) < 0) return encode(a);
            const int mover = cells_[static_cast<size_t>(a.from)];
            const int target = cells_[static_cast<size_t>(a.to)];
            std::string out = std::string(kNames[mover]) + " " + encode(a);
            if (a.piece >= 0)
                return std::string(kNames[mover]) + " " + cellName(a.from) + " merges with the " +
                       kNames[target] + " on " + cellName(a.to) + " into a " + kNames[a.piece];
            if (target >= 0) {
                const int total = scores_[static_cast<size_t>(toMove_)] + points(target);
                const int gain = points(target);
                return out + " for " + std::to_string(gain) +
                       (gain == 1 ? " point, " : " points, ") + std::to_string(total) + " in all";
            }
            if (territoryOf(a.to) != toMove_)
                out += " crosses into " + playerName(territoryOf(a.to)) + "'s territory";
            return out;
        }
        case Action::Kind::Choice:
            return a.arg == kCallClock ? "calls the clock: seven moves in a row without a "
                                         "capture now end the game"
                                       : encode(a);
        case Action::Kind::Pass:
            return "has no move and passes";
        default:
            return encode(a);
    }
}

std::string MartianState::serialize() const {
    std::string out;
    for (int r = geometry_.ranks() - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < geometry_.files(); ++f) {
            const int k = cells_[static_cast<size_t>(geometry_.cell(f, r))];
            if (k < 0) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += kLetters[k];
        }
        if (empty) out += std::to_string(empty);
        if (r > 0) out += '/';
    }
    out += " " + std::to_string(toMove_ + 1) + " ";
    for (PlayerId p = 0; p < rules_.players; ++p)
        out += (p ? "," : "") + std::to_string(scores_[static_cast<size_t>(p)]);
    out += noUndoTo_ == NoCell ? " -" : " " + cellName(noUndoTo_) + cellName(noUndoFrom_);
    if (clockCount_ < 0)
        out += " -";
    else
        out += " " + std::to_string(clockCount_) + (calledNow_ ? "*" : "");
    return out;
}

std::unique_ptr<MartianState> MartianState::load(std::string_view text, std::string& error,
                                                 const Rules& rules) {
    const auto fields = wordsOf(text);
    const std::string shape =
        "a Martian Chess position is CELLS SEAT SCORES NO-UNDO CLOCK, such as "
        "\"1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 1 0,0 - -\"";
    if (fields.size() != 5) {
        error = shape + "; this has " + std::to_string(fields.size()) + " fields";
        return nullptr;
    }
    auto state = std::unique_ptr<MartianState>(new MartianState(rules, true));
    const Geometry& g = state->geometry_;
    // The cells, from the top rank down.
    int points = 0;
    auto notAPyramid = [](int rank, char c) {
        return rankName(rank) + ": '" + c +
               "' is not a pyramid (P, D, Q) or a count of empty cells";
    };
    auto readPyramid = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const int k = kindOfLetter(at[0]);
        if (k < 0) {
            why = notAPyramid(rank, at[0]);
            return 0;
        }
        state->cells_[static_cast<size_t>(g.cell(file, rank))] = static_cast<int8_t>(k);
        points += martian::points(k);
        return 1;
    };
    auto words = [&](const PlacementFault& fault) {
        using FaultKind = PlacementFault::Kind;
        if (fault.kind == FaultKind::BadCount) return notAPyramid(fault.rank, fault.text[0]);
        if (fault.kind == FaultKind::RankCount) return fault.words();
        return rankName(fault.rank) + " must be " + std::to_string(g.files()) + " cells wide, as " +
               std::to_string(rules.players) + " players play on " + std::to_string(g.files()) +
               "x8";
    };
    const PlacementShape cells{g.files(), 8, 8, EmptyCounts::AddingDigits};
    if (!readPlacement(fields[0], cells, readPyramid, words, error)) return nullptr;
    auto seat = wholeNumber(fields[1], 99);
    if (!seat || *seat < 1 || *seat > rules.players) {
        error = "the seat to move must be 1 to " + std::to_string(rules.players) + ", not \"" +
                fields[1] + "\"";
        return nullptr;
    }
    state->toMove_ = static_cast<int>(*seat) - 1;
    // The scores, one per seat.
    std::vector<std::string> scores;
    std::string score;
    for (char c : fields[2] + ",") {
        if (c == ',') {
            scores.push_back(score);
            score.clear();
        } else {
            score += c;
        }
    }
    if (scores.size() != static_cast<size_t>(rules.players)) {
        error = "there must be " + std::to_string(rules.players) +
                " scores separated by commas, not \"" + fields[2] + "\"";
        return nullptr;
    }
    for (size_t p = 0; p < scores.size(); ++p) {
        auto n = wholeNumber(scores[p], 72);
        if (!n) {
            error = "a score is a whole number of points, not \"" + scores[p] + "\"";
            return nullptr;
        }
        state->scores_[p] = static_cast<int>(*n);
        points += static_cast<int>(*n);
    }
    // Points never grow: captures move them to a score, merges keep them.
    const int total = rules.players * 18;
    if (points > total) {
        error = "the pyramids on the board and the scores make " + std::to_string(points) +
                " points, more than the " + std::to_string(total) + " that " +
                std::to_string(rules.players) + " players' pieces are worth";
        return nullptr;
    }
    if (fields[3] != "-") {
        if (rules.players != 2) {
            error = "no undo is a two-player rule: write - in its place";
            return nullptr;
        }
        std::string_view undo = fields[3];
        auto cut = std::find_if(undo.begin() + 1, undo.end(),
                                [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
        auto to = g.parse(undo.substr(0, static_cast<size_t>(cut - undo.begin())));
        auto from = g.parse(undo.substr(static_cast<size_t>(cut - undo.begin())));
        if (!to || !from || state->cells_[static_cast<size_t>(*to)] < 0 ||
            state->territoryOf(*to) != state->toMove_ ||
            state->cells_[static_cast<size_t>(*from)] >= 0 ||
            state->territoryOf(*from) == state->toMove_) {
            error =
                "no undo must name the piece that just crossed into the mover's territory and "
                "the empty cell it came from (such as c4c5), or be -; not \"" +
                fields[3] + "\"";
            return nullptr;
        }
        state->noUndoTo_ = *to;
        state->noUndoFrom_ = *from;
    }
    if (fields[4] != "-") {
        std::string_view clock = fields[4];
        const bool now = clock.ends_with('*');
        if (now) clock.remove_suffix(1);
        auto count = wholeNumber(clock, kClockMoves);
        if (!rules.callingClock) {
            error =
                "the clock is called in this position, but this table does not play calling "
                "the clock (option calling-clock): write - in its place";
            return nullptr;
        }
        if (!count || *count > kClockMoves || (now && *count != 0)) {
            error =
                "the clock is - (not called), a count of moves without a capture from 0 to 7, "
                "or 0* (called this turn, the move to come); not \"" +
                fields[4] + "\"";
            return nullptr;
        }
        state->clockCount_ = static_cast<int>(*count);
        state->calledNow_ = now;
    }
    state->settle();
    return state;
}

std::vector<std::string> MartianState::report() const {
    std::vector<std::string> lines;
    auto pieces = [&](PlayerId p) {
        int n = 0;
        for (Cell c = 0; c < geometry_.size(); ++c)
            n += cells_[static_cast<size_t>(c)] >= 0 && territoryOf(c) == p;
        return n;
    };
    if (rules_.players == 2) {
        lines.push_back("Scores: " + playerName(0) + " " + std::to_string(scores_[0]) + ", " +
                        playerName(1) + " " + std::to_string(scores_[1]));
    } else {
        std::string line = "Team scores: ";
        for (PlayerId p = 0; p < 2; ++p) {
            line += (p ? "; " : "") + playerName(p) + " and " + playerName(p + 2) + " " +
                    std::to_string(teamScore(p)) + " (" + std::to_string(scores_[size_t(p)]) +
                    " + " + std::to_string(scores_[size_t(p + 2)]) + ")";
        }
        lines.push_back(line);
    }
    std::string territories = "Territories: ";
    for (PlayerId p = 0; p < rules_.players; ++p) {
        const int n = pieces(p);
        territories += (p ? ", " : "") + playerName(p) + " " + territoryText(p) + " (" +
                       std::to_string(n) + (n == 1 ? " piece)" : " pieces)");
    }
    lines.push_back(territories);
    if (noUndoTo_ != NoCell && !outcome().over())
        lines.push_back(
            "No undo: the " + std::string(kNames[cells_[static_cast<size_t>(noUndoTo_)]]) + " on " +
            cellName(noUndoTo_) + " may not go straight back to " + cellName(noUndoFrom_));
    if (rules_.callingClock) {
        if (clockCount_ < 0)
            lines.push_back("The clock is not called (arbiterctl do call, before your move)");
        else
            lines.push_back("The clock is called: " + std::to_string(clockCount_) + " of " +
                            std::to_string(kClockMoves) + " moves in a row without a capture");
    }
    if (rules_.fieldPromotion) lines.push_back("Field promotion is played");
    return lines;
}

int MartianGame::kindShownBy(Figure f) const {
    for (int k = 0; k < kKinds; ++k) {
        if (options_.standInOf(kNames[k]).shows(f)) return k;
    }
    return -1;
}

SetPiece MartianGame::read(SetPiece sensed) const {
    const int k = kindShownBy(sensed.figure);
    return k < 0 ? sensed : rules_.looks[static_cast<size_t>(k)];
}

std::string MartianGame::lookName(SetPiece look) const {
    for (int k = 0; k < kKinds; ++k) {
        if (rules_.looks[static_cast<size_t>(k)] != look) continue;
        const StandIn& s = options_.standInOf(kNames[k]);
        // The pyramid, and the figures that show it where those are other words.
        std::string figures = s.words();
        for (const char* colour : {"white ", "black "}) {
            if (figures.starts_with(colour)) figures = figures.substr(std::string(colour).size());
        }
        return figures == kNames[k] ? std::string(kNames[k])
                                    : std::string(kNames[k]) + " (" + figures + ")";
    }
    return words(look);
}

std::string MartianGame::exportRecord(const GameRecord& record) const {
    std::string error;
    auto state = MartianState::load(record.startText, error, rules_);
    std::ostringstream out;
    out << textRecord(record, state.get());
    if (state) {
        out << "Scores:";
        for (PlayerId p = 0; p < state->playerCount(); ++p)
            out << (p ? ", " : " ") << state->playerName(p) << " " << state->resources(p).score;
        out << "\n";
    }
    return out.str();
}

}  // namespace arbiter::martian
