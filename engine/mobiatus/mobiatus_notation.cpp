// Möbiatus in words and text: the notation of actions and positions, what the
// players are told (descriptions, the stops of a chain, refusals, the report),
// the record, and how the table names its stand-ins.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/core/text_record.h"
#include "engine/mobiatus/mobiatus.h"

namespace arbiter::mobiatus {

namespace {

constexpr const char* kShape =
    "a Möbiatus position is RANKS SIDE PLIES: the 60 ranks from 60 down to 1 separated by '/', "
    "each 5 cells of R (a Red dot), B (a Blue dot), x (a singularity) or a count of empty cells "
    "1-5; the side to move, r or b; the plies played, 0 to 140; such as "
    "\"5/.../BBBBB/BBBBB/5/.../RRRRR/RRRRR r 0\"";

// Cells by file, then rank: how players read a list of them ("b34 c2 c32").
bool byName(Cell a, Cell b) {
    return std::pair(a % kFiles, a / kFiles) < std::pair(b % kFiles, b / kFiles);
}

std::vector<Cell> cellsOf(const Chain& c) {
    std::vector<Cell> cells = {c.jumps.front().from};
    for (const Jump& j : c.jumps) cells.push_back(j.rest);
    return cells;
}

}  // namespace

std::string nameOf(Cell c) {
    static const Geometry ring = Geometry::ring(kFiles, kRanks);
    return ring.name(c);
}

std::string faultOf(const Board& b) {
    std::string fault;
    b.singular.each([&](Cell c) {
        if (fault.empty() && !b.singular.has(opposite(c)))
            fault = nameOf(c) + " is singular but its opposite " + nameOf(opposite(c)) +
                    " is not: a singularity is made on both faces at once";
    });
    if (!fault.empty()) return fault;
    for (int side : {Red, Blue}) {
        b.dots[static_cast<size_t>(side)].each([&](Cell c) {
            if (!fault.empty()) return;
            if (b.singular.has(c))
                fault = "a dot stands on the singularity " + nameOf(c);
            else if (b.occupied(opposite(c)))
                fault = "the dots on " + nameOf(std::min(c, opposite(c))) + " and " +
                        nameOf(std::max(c, opposite(c))) +
                        " face each other across the strip: a dot standing behind a dot would "
                        "have been taken";
        });
    }
    if (!fault.empty()) return fault;
    for (int side : {Red, Blue}) {
        const int n = b.dots[static_cast<size_t>(side)].count();
        if (n > kMaxDots)
            return std::string(side == Red ? "Red" : "Blue") + " has " + std::to_string(n) +
                   " dots: a side has at most " + std::to_string(kMaxDots);
    }
    return {};
}

std::string MobiatusState::encode(const Action& a) const {
    if (a.kind != Action::Kind::Move) return "?";
    std::string out;
    for (Cell c : cellsOf(a)) {
        if (c < 0 || c >= kCells) return "?";
        out += (out.empty() ? "" : "-") + cellName(c);
    }
    return out;
}

std::optional<Action> MobiatusState::decode(std::string_view said) const {
    // "c2-d4-e6", "C2xD4 x e6": cells between dashes or x's, spaces ignored.
    std::string text;
    for (char c : said) {
        if (!std::isspace(static_cast<unsigned char>(c)))
            text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    std::replace(text.begin(), text.end(), 'x', '-');  // no cell's name has an x
    std::vector<Cell> cells;
    for (std::string_view part : splitOn(text, '-')) {
        auto cell = geometry().parse(part);
        if (!cell) return std::nullopt;
        cells.push_back(*cell);
    }
    if (cells.size() < 2 || cells.size() > kMaxDots + 2) return std::nullopt;
    const std::vector<Cell> middle(cells.begin() + 1, cells.end() - 1);
    const Action said1 = middle.empty() ? Action::move(cells.front(), cells.back())
                                        : Action::moveVia(cells.front(), middle, cells.back());
    if (isLegal(said1)) return said1;
    // Another way to the position of a listed chain is that chain.
    const auto all = chains();
    const auto made =
        std::find_if(all.begin(), all.end(), [&](const Chain& c) { return cellsOf(c) == cells; });
    if (made == all.end()) return std::nullopt;
    for (const Chain& c : all) {
        if (c.after != made->after) continue;
        if (isLegal(c.action())) return c.action();
        return std::nullopt;  // the first to that position is the one listed, if any
    }
    return std::nullopt;
}

std::string MobiatusState::jumpText(const Jump& j) const {
    std::string out = cellName(j.from) + "-" + cellName(j.target);
    if (j.slid()) out += " slides to " + cellName(j.rest);
    if (j.taken != NoCell)
        out += " takes " + playerName(1 - toMove_) + "'s " + cellName(j.taken) + " on the far face";
    return out;
}

std::string MobiatusState::describe(const Action& a) const {
    const auto chain = chainOf(a);
    if (!chain) return encode(a);
    std::string out;
    for (const Jump& j : chain->jumps) out += (out.empty() ? "" : ", ") + jumpText(j);
    std::vector<Cell> made;
    chain->after.singular.each([&](Cell c) {
        if (!board_.singular.has(c)) made.push_back(c);
    });
    std::sort(made.begin(), made.end(), byName);
    out += "; new singularities";
    for (Cell c : made) out += " " + cellName(c);
    return out + "; circle on " + cellName(opposite(a.to));
}

std::string MobiatusState::describeStops(const Action& a, int stops) const {
    if (stops < 1 || stops > static_cast<int>(a.path.size())) return {};
    const auto chain = chainOf(a);
    if (!chain) return {};
    const Jump& j = chain->jumps[static_cast<size_t>(stops - 1)];
    assert(j.taken != NoCell);  // every stop of a chain is a capture
    return jumpText(j) + ": take it off, then jump on from " + cellName(j.rest);
}

std::string MobiatusState::refusal(const Action& a) const {
    if (outcome_.over()) return "the game is over";
    if (isLegal(a)) return {};
    if (a.kind != Action::Kind::Move || a.piece != -1 || a.arg != 0 || !a.payload.empty())
        return "a turn of Möbiatus is one move of a dot: a knight's jump, or a chain of captures";
    for (Cell c : cellsOf(a)) {
        if (c < 0 || c >= kCells) return "no such cell";
    }
    return moveRefusal(a);
}

std::string MobiatusState::moveRefusal(const Action& a) const {
    const std::vector<Cell> cells = cellsOf(a);
    const Cell start = cells.front();
    const int side = board_.sideAt(start);
    if (side < 0) return "there is no dot on " + cellName(start);
    if (side != toMove_)
        return "the dot on " + cellName(start) + " is " + playerName(side) +
               "'s: " + playerName(toMove_) + " is to move";
    if (cells.size() > kMaxDots + 2) return "a chain takes at most the ten dots there are";
    // The chain as written, jump by jump: the first that cannot be made says why.
    const auto mover = static_cast<Side>(toMove_);
    Board b = board_;
    CellSet touched;
    for (size_t i = 1; i < cells.size(); ++i) {
        const Cell p = cells[i - 1], r = cells[i];
        const std::string at = cellName(r);
        // The way to `r` that touches least: a landing if there is one.
        std::optional<std::pair<Cell, CellSet>> way;
        forEachJump(b, mover, p, touched, [&](Cell t, const CellSet& group, Cell rest) {
            if (rest == r && (!way || t == r)) way = {t, group};
        });
        if (!way) {
            if (r == p) return "a dot must move";
            if (b.occupied(r)) return "a dot stands on " + at;
            if (touched.has(r)) return "this chain has touched " + at + " already";
            if (b.singular.has(r))
                return at + " is a singularity: a dot lands on one only to slide on";
            if (b.dots[static_cast<size_t>(mover)].has(opposite(r)))
                return at + " is opposite your own dot on " + cellName(opposite(r));
            if (isKnightsJump(p, r)) return "it is not a legal move now";
            return at + " is not a knight's jump from " + cellName(p) +
                   ", nor the end of a slide from one" +
                   (i > 1 ? " that avoids the cells this chain has touched" : "");
        }
        Cell taken = NoCell;
        const Board next = rested(b, mover, p, r, taken);
        const Jump jump{p, way->first, r, taken};
        if (taken == NoCell) {
            if (i + 1 < cells.size())
                return jumpText(jump) + " takes nothing, so the move ends on " + at;
            break;
        }
        touched |= way->second;
        for (Cell c : {p, opposite(p), way->first, r, taken}) touched.add(c);
        if (!canGoOn(next, mover, r, touched))
            return jumpText(jump) + ", but that capture leaves no way to jump on from " + at;
        if (i + 1 == cells.size())
            return jumpText(jump) + ", so the dot must jump on from " + at +
                   ": name the rest of the chain";
        b = next;
    }
    // Every jump may be made: the chain is the rules', but not the one listed.
    if (rules_.mandatoryCapture && a.path.empty()) {
        std::string takes;
        int shown = 0;
        for (const Action& l : legalActions()) {
            if (shown++ < 3) takes += (takes.empty() ? "" : ", ") + encode(l);
        }
        return "with mandatory capture you must take when you can: " + takes +
               (shown > 3 ? ", ..." : "");
    }
    if (auto same = decode(encode(a)))
        return "that chain ends in the same position as " + encode(*same) +
               ", which is how that move is said";
    return "it is not a legal move now";
}

std::string MobiatusState::serialize() const {
    std::string out;
    for (int y = kRanks - 1; y >= 0; --y) {
        int empty = 0;
        for (int x = 0; x < kFiles; ++x) {
            const Cell c = y * kFiles + x;
            const int side = board_.sideAt(c);
            const char mark = side == Red              ? 'R'
                              : side == Blue           ? 'B'
                              : board_.singular.has(c) ? 'x'
                                                       : '\0';
            if (!mark) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += mark;
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (y > 0) out += '/';
    }
    out += toMove_ == Red ? " r " : " b ";
    return out + std::to_string(plies_);
}

std::unique_ptr<MobiatusState> MobiatusState::load(std::string_view text, std::string& error,
                                                   const Rules& rules) {
    const auto fields = wordsOf(text);
    if (fields.size() != 3) {
        error = std::string(kShape) + "; this has " + std::to_string(fields.size()) + " fields";
        return nullptr;
    }
    auto state = std::unique_ptr<MobiatusState>(new MobiatusState(rules, true));
    Board& b = state->board_;
    auto readMark = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const char c = at[0];
        const Cell cell = rank * kFiles + file;
        if (c == 'R')
            b.dots[Red].add(cell);
        else if (c == 'B')
            b.dots[Blue].add(cell);
        else if (c == 'x')
            b.singular.add(cell);
        else {
            why = rankName(rank) + ": '" +
                  (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c)
                                                               : std::string("?")) +
                  "' is not R (a Red dot), B (a Blue dot), x (a singularity) or a count of "
                  "empty cells 1 to 5";
            return 0;
        }
        return 1;
    };
    auto words = [](const PlacementFault& fault) {
        using Kind = PlacementFault::Kind;
        const std::string where = rankName(fault.rank) + ": ";
        if (fault.kind == Kind::RankCount)
            return "the cells must be 60 ranks separated by '/', rank 60 first, not " +
                   std::to_string(fault.count);
        if (fault.kind == Kind::TooWide) return where + "a rank is 5 cells, this has more";
        if (fault.kind == Kind::TooNarrow)
            return where + "a rank is 5 cells, not " + std::to_string(fault.count);
        return fault.words();
    };
    const PlacementShape shape{kFiles, kRanks, kFiles, EmptyCounts::SingleDigit};
    if (!readPlacement(fields[0], shape, readMark, words, error)) return nullptr;
    if (fields[1] != "r" && fields[1] != "b") {
        error = "the side to move is r (Red) or b (Blue), not \"" + fields[1] + "\"";
        return nullptr;
    }
    state->toMove_ = fields[1] == "r" ? Red : Blue;
    const auto plies = wholeNumber(fields[2], kMaxPlies);
    if (!plies) {
        error = "the plies played are a whole number from 0 to " + std::to_string(kMaxPlies) +
                " (the game ends after 70 move pairs), not \"" + fields[2] + "\"";
        return nullptr;
    }
    state->plies_ = static_cast<int>(*plies);
    if ((state->plies_ % 2 == 0) != (state->toMove_ == Red)) {
        error =
            "Red moves first, so Red is to move after an even number of plies and Blue "
            "after an odd one: " +
            fields[2] + " plies and " + fields[1] + " to move do not fit";
        return nullptr;
    }
    if (std::string fault = faultOf(b); !fault.empty()) {
        error = fault;
        return nullptr;
    }
    state->outcome_ = state->decided();
    return state;
}

std::vector<std::string> MobiatusState::report() const {
    std::vector<std::string> lines;
    const int red = dotCount(Red);
    const std::string dots = "Red " + std::to_string(red) + (red == 1 ? " dot" : " dots") +
                             ", Blue " + std::to_string(dotCount(Blue));
    if (outcome_.over())
        lines.push_back("Game over: " + outcome_.reason + "; " + dots);
    else
        lines.push_back(playerName(toMove_) + " to move, move pair " +
                        std::to_string(plies_ / 2 + 1) + " of " + std::to_string(kMovePairs) +
                        "; " + dots);
    lines.push_back("   face A         face B");
    auto mark = [&](Cell c) {
        const int side = board_.sideAt(c);
        if (side >= 0) return side == Red ? 'R' : 'B';
        if (board_.singular.has(c)) return 'x';
        const int behind = board_.sideAt(opposite(c));
        if (behind >= 0) return behind == Red ? 'r' : 'b';
        return '.';
    };
    auto face = [&](int y) {
        const std::string rank = std::to_string(y + 1);
        std::string out = std::string(2 - std::min<size_t>(rank.size(), 2), ' ') + rank;
        for (int x = 0; x < kFiles; ++x) out += std::string(" ") + mark(y * kFiles + x);
        return out;
    };
    for (int y = kRanks / 2 - 1; y >= 0; --y) lines.push_back(face(y) + "   " + face(y + 30));
    lines.push_back("   a b c d e      a b c d e");
    lines.push_back(
        "R, B: a Red, Blue dot; r, b: a circle (the far face of a Red, Blue dot); "
        "x: a singularity; .: empty");
    return lines;
}

std::string MobiatusGame::lookName(SetPiece look) const {
    const std::pair<SetPiece, const char*> looks[] = {{rules_.redDot, "a Red dot"},
                                                      {rules_.blueDot, "a Blue dot"},
                                                      {rules_.redCircle, "a Red circle"},
                                                      {rules_.blueCircle, "a Blue circle"},
                                                      {rules_.singularity, "a singularity"}};
    for (size_t i = 0; i < std::size(looks); ++i) {
        if (i >= 2 && !rules_.markers) break;
        if (looks[i].first == look) return words(look) + " (" + looks[i].second + ")";
    }
    return words(look);
}

std::string MobiatusGame::exportRecord(const GameRecord& record) const {
    std::string error;
    auto state = MobiatusState::load(record.startText, error, rules_);
    std::ostringstream out;
    out << textRecord(record, state.get());
    if (state)
        out << "Dots left: Red " << state->dotCount(Red) << ", Blue " << state->dotCount(Blue)
            << "\n";
    return out.str();
}

}  // namespace arbiter::mobiatus
