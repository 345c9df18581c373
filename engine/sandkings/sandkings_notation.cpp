// Sandkings in words and text: the notation of steps and positions, what the
// players are told (descriptions, refusals, the report), the record, and how
// the table names its stand-ins.
#include <algorithm>
#include <cassert>
#include <cctype>
#include <sstream>

#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/core/text_record.h"
#include "engine/sandkings/sandkings.h"

namespace arbiter::sandkings {

namespace {

constexpr char kLetters[kKinds + 1] = "SBV";
constexpr const char* kSingular[kKinds] = {"stinger", "body", "vertebra"};
constexpr const char* kPlural[kKinds] = {"stingers", "bodies", "vertebrae"};
constexpr const char* kWithArticle[kKinds] = {"a stinger", "a body", "a vertebra"};

constexpr const char* kShape =
    "a Sandkings position is PLAYERS IN MOVER MADE/ALLOWED CELLS: the players (2 to 4); the "
    "seats still in by their letters (a is the first seat), or - for none; the seat to move; the "
    "steps made this turn and the steps it allows; the ranks from 8 down to 1 separated by '/', "
    "each a count of empty cells or a piece: S (stinger), B (body) or V (vertebra) and its "
    "seat's letter; such as \"2 ab a 0/6 6VbSb/5VbBbVb/6Vb1/8/8/1Va6/VaBaVa5/SaVa6\"";

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

char seatLetter(PlayerId p) {
    return static_cast<char>('a' + p);
}

}  // namespace

std::string SandkingsState::partWords(PlayerId owner, int kind) const {
    return playerName(owner) + "'s " + kSingular[kind];
}

std::string SandkingsState::cellList(CellSet s) const {
    std::vector<Cell> cells;
    for (; s; s &= s - 1) cells.push_back(firstOf(s));
    std::sort(cells.begin(), cells.end(), [&](Cell x, Cell y) {
        return std::pair(geometry_->file(x), geometry_->rank(x)) <
               std::pair(geometry_->file(y), geometry_->rank(y));
    });
    std::string text;
    for (Cell c : cells) text += (text.empty() ? "" : " ") + cellName(c);
    return text;
}

std::string SandkingsState::creatureWords(CellSet cells,
                                          const std::array<CellSet, kKinds>& kinds) const {
    std::string text;
    for (int k : {kBody, kStinger, kVertebra}) {
        const CellSet these = cells & kinds[static_cast<size_t>(k)];
        if (!these) continue;
        text += (text.empty() ? "" : ", ") +
                std::string(countOf(these) == 1 ? kSingular[k] : kPlural[k]) + " on " +
                cellList(these);
    }
    return text;
}

std::string SandkingsState::refusal(const Action& a) const {
    if (isLegal(a)) return {};
    if (outcome_.over()) return "the game is over";
    switch (a.kind) {
        case Action::Kind::Move:
            return stepRefusal(a);
        case Action::Kind::EndTurn:
            if (a != Action::endTurn()) break;
            if (!hasStep(toMove_))
                return "you cannot step at all: pass (your turn has no step to end)";
            return "a turn has at least one step: make one before ending the turn";
        case Action::Kind::Pass:
            if (a != Action::pass()) break;
            if (made_ > 0) return "you have stepped this turn: end it instead of passing";
            return "you can still step, so you may not pass";
        default:
            break;
    }
    return "Sandkings has only steps, the end of a turn and a pass";
}

std::string SandkingsState::describe(const Action& a) const {
    if (!isLegal(a)) return encode(a);  // say no more than is known
    if (a.kind == Action::Kind::EndTurn) return "ends the turn";
    if (a.kind == Action::Kind::Pass) return "passes: no step is possible";
    const Aftermath m = aftermath(a.from, a.to);
    std::string text = std::string(kSingular[kindAt(a.from)]) + " " + encode(a);
    if (m.victim != NoPlayer) {
        text += " stings " + partWords(m.victim, m.stungKind);
        if (m.stungKind == kBody)
            text += "; " + playerName(m.victim) + "'s creature dies" +
                    (m.creatureStung ? ": take off its " + creatureWords(m.creatureStung, kinds_)
                                     : std::string());
        if (m.cutOff)
            text += "; cut off: " + playerName(m.victim) + "'s " + creatureWords(m.cutOff, kinds_);
    }
    for (PlayerId q = 0; q < players_; ++q) {
        if (!(m.suffocatedSeats & (1u << q))) continue;
        const CellSet cells = m.suffocatedCells & (piecesOf(q) | (q == toMove_ ? only(a.to) : 0));
        text += "; suffocated: " + playerName(q) + "'s creature (" +
                creatureWords(cells, m.kindsBeforeSuffocation) + ")";
    }
    return text;
}

std::string SandkingsState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move: {
            if (!geometry_->contains(a.from) || !geometry_->contains(a.to)) return "?";
            const PlayerId there = ownerAt(a.to);
            const bool stings = there != NoPlayer && there != ownerAt(a.from);
            return cellName(a.from) + (stings ? "x" : "-") + cellName(a.to);
        }
        case Action::Kind::EndTurn:
            return "end";
        case Action::Kind::Pass:
            return "pass";
        default:
            return "?";
    }
}

std::optional<Action> SandkingsState::decode(std::string_view said) const {
    const std::vector<std::string> words = wordsOf(lowered(said));
    if (words.size() == 2 && words[0] == "end" && words[1] == "turn") return Action::endTurn();
    if (words.size() != 1) return std::nullopt;
    const std::string& text = words[0];
    if (text == "end") return Action::endTurn();
    if (text == "pass") return Action::pass();
    // "c2-c3" or "c3xd4": files are a to h, so an 'x' is always the sign.
    const size_t sign = text.find_first_of("-x");
    if (sign == std::string::npos) return std::nullopt;
    auto from = geometry_->parse(std::string_view(text).substr(0, sign));
    auto to = geometry_->parse(std::string_view(text).substr(sign + 1));
    if (!from || !to) return std::nullopt;
    return Action::move(*from, *to);
}

std::string SandkingsState::serialize() const {
    std::string s = std::to_string(players_) + " ";
    for (PlayerId p = 0; p < players_; ++p) {
        if (inGame(p)) s += seatLetter(p);
    }
    if (seatsIn_ == 0) s += '-';
    s += std::string(" ") + seatLetter(toMove_) + " " + std::to_string(made_) + "/" +
         std::to_string(allowed_) + " ";
    for (int r = kSide - 1; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < kSide; ++f) {
            const Cell c = geometry_->cell(f, r);
            const int kind = kindAt(c);
            if (kind < 0) {
                ++empty;
                continue;
            }
            if (empty) s += std::to_string(empty);
            empty = 0;
            s += kLetters[kind];
            s += seatLetter(ownerAt(c));
        }
        if (empty) s += std::to_string(empty);
        if (r) s += '/';
    }
    return s;
}

std::unique_ptr<SandkingsState> SandkingsState::load(std::string_view text, std::string& error,
                                                     const Rules& rules) {
    auto fail = [&](std::string why) {
        error = std::move(why);
        return nullptr;
    };
    const auto fields = splitOn(text, ' ');
    if (fields.size() != 5) return fail(std::string("five fields are wanted: ") + kShape);
    const auto players = fields[0].size() == 1 ? wholeNumber(fields[0], kMaxSeats) : std::nullopt;
    if (!players || *players < 2) return fail("the players must be 2, 3 or 4");
    const int n = static_cast<int>(*players);
    std::unique_ptr<SandkingsState> s(new SandkingsState(rules, n, true));
    const std::string last(1, seatLetter(n - 1));
    if (fields[1] != "-") {
        for (char c : fields[1]) {
            const PlayerId p = c - 'a';
            if (p < 0 || p >= n)
                return fail("the seats still in are letters from a to " + last + ", not '" +
                            std::string(1, c) + "'");
            if (s->seatsIn_ >= (1u << p))
                return fail("the seats still in are each written once, in order");
            s->seatsIn_ |= 1u << p;
        }
        if (fields[1].empty()) return fail("the seats still in are letters, or - for none");
    }
    if (fields[2].size() != 1 || fields[2][0] < 'a' || fields[2][0] > last[0])
        return fail("the seat to move is a letter from a to " + last);
    const PlayerId mover = fields[2][0] - 'a';
    const auto counts = splitOn(fields[3], '/');
    // Two numbers of at most two digits; -1 where either is not one.
    long made = -1, allowed = -1;
    if (counts.size() == 2 && counts[0].size() <= 2 && counts[1].size() <= 2) {
        made = wholeNumber(counts[0], 99).value_or(-1);
        allowed = wholeNumber(counts[1], 99).value_or(-1);
    }
    if (made < 0 || allowed < 0)
        return fail("the steps are MADE/ALLOWED, two whole numbers such as 0/6");
    auto noPiece = [](int rank, std::string_view at) {
        return rankName(rank) + ": '" + std::string(at.substr(0, 2)) +
               "' is no piece (S, B or V and a seat's letter) nor a count of empty cells (1 to 8)";
    };
    auto readPiece = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        const char* letter = std::find(kLetters, kLetters + kKinds, at[0]);
        if (letter == kLetters + kKinds || at.size() < 2) {
            why = noPiece(rank, at);
            return 0;
        }
        const PlayerId owner = at[1] - 'a';
        const Cell c = s->geometry_->cell(file, rank);
        if (owner < 0 || owner >= n) {
            why = "the piece on " + s->cellName(c) + " belongs to no seat (a to " + last + ")";
            return 0;
        }
        if (!s->inGame(owner)) {
            why = "the piece on " + s->cellName(c) + " belongs to " + s->playerName(owner) +
                  ", who is out";
            return 0;
        }
        s->put(c, static_cast<int>(letter - kLetters), owner);
        return 2;
    };
    auto words = [&](const PlacementFault& fault) {
        using FaultKind = PlacementFault::Kind;
        if (fault.kind == FaultKind::RankCount)
            return "there must be 8 ranks separated by '/', not " + std::to_string(fault.count);
        if (fault.kind == FaultKind::BadCount) return noPiece(fault.rank, fault.rest);
        if (fault.kind == FaultKind::CountsSideBySide)
            return rankName(fault.rank) + ": two counts of empty cells in a row";
        return fault.words();
    };
    const PlacementShape shape{kSide, kSide, kSide, EmptyCounts::SingleDigit};
    if (!readPlacement(fields[4], shape, readPiece, words, error)) return nullptr;
    for (PlayerId p = 0; p < n; ++p) {
        if (!s->inGame(p)) continue;
        const std::string who = s->playerName(p);
        const CellSet mine = s->piecesOf(p);
        const int bodies = countOf(mine & s->kinds_[kBody]);
        if (bodies != 1)
            return fail(who + " is in and must have one body on the board, not " +
                        std::to_string(bodies));
        if (countOf(mine & s->kinds_[kStinger]) > 1)
            return fail(who + " has more than one stinger");
        if (countOf(mine & s->kinds_[kVertebra]) > kMaxVertebrae)
            return fail(who + " has more than " + std::to_string(kMaxVertebrae) + " vertebrae");
        const CellSet cut = mine & ~flood(s->bodyOf(p), mine, true);
        if (cut)
            return fail(s->partWords(p, s->kindAt(firstOf(cut))) + " on " +
                        s->cellName(firstOf(cut)) + " is not joined to its body");
    }
    // Suffocation is judged after every step, so no body stands in a corner
    // closed by another creature's chain.
    for (PlayerId p = 0; p < n; ++p) {
        if (!s->inGame(p)) continue;
        const unsigned closedIn =
            suffocatedBy(p, s->pieces_, s->kinds_[kBody], s->seatsIn_, rules.diagonalSuffocation);
        for (PlayerId q = 0; q < n; ++q) {
            if (closedIn & (1u << q))
                return fail(s->playerName(q) + "'s body on " + s->cellName(firstOf(s->bodyOf(q))) +
                            " is in a corner closed by " + s->playerName(p) +
                            "'s chain: it would have been suffocated");
        }
    }
    if (s->seatsIn_ == 0) {
        if (made != 0 || allowed != 0) return fail("with no creature left, the steps are 0/0");
        s->toMove_ = mover;
        s->outcome_ = s->decided();
        return s;
    }
    if (!s->inGame(mover)) return fail("the seat to move, " + s->playerName(mover) + ", is out");
    s->toMove_ = mover;
    if (made > 0 && std::popcount(s->seatsIn_) < 2)
        return fail("the game is over, so no turn is under way: the steps made must be 0");
    const int steps = rules.stepsFor(s->partsOf(mover));
    if (allowed != steps)
        return fail("a turn allows as many steps as the mover had parts when it began" +
                    std::string(rules.doubleSteps ? ", doubled," : "") +
                    " and the mover cannot "
                    "lose a part and stay in mid-turn: " +
                    std::to_string(steps) + ", not " + std::to_string(allowed));
    if (made >= allowed)
        return fail(
            "the steps made must be fewer than the steps allowed: the turn ends with its "
            "last step");
    s->made_ = static_cast<int>(made);
    s->allowed_ = static_cast<int>(allowed);
    s->outcome_ = s->decided();
    return s;
}

std::vector<std::string> SandkingsState::report() const {
    std::vector<std::string> lines;
    for (PlayerId p = 0; p < players_; ++p) {
        std::string line = playerName(p) + " (" + (p % 2 == 0 ? "white" : "black") + "): ";
        if (!inGame(p)) {
            lines.push_back(line + "out");
            continue;
        }
        const int parts = partsOf(p);
        line += std::to_string(parts) + (parts == 1 ? " part" : " parts") + " (" +
                creatureWords(piecesOf(p), kinds_) + "), " +
                std::to_string(rules_.stepsFor(parts)) + " steps a turn";
        lines.push_back(line);
    }
    if (outcome_.over()) {
        lines.push_back("the game is over: " + outcome_.reason);
    } else {
        const int left = allowed_ - made_;
        lines.push_back(playerName(toMove_) + " is to move: " + std::to_string(made_) + " of " +
                        std::to_string(allowed_) + " steps made, " + std::to_string(left) +
                        (left == 1 ? " step" : " steps") + " left this turn");
    }
    return lines;
}

std::string SandkingsGame::lookName(SetPiece look) const {
    for (int k = 0; k < kKinds; ++k) {
        if (look.figure == rules_.figures[static_cast<size_t>(k)])
            return words(look) + " (" + kWithArticle[k] + ")";
    }
    return words(look);
}

std::string SandkingsGame::exportRecord(const GameRecord& record) const {
    std::string error;
    auto state = SandkingsState::load(record.startText, error, rules_);
    std::ostringstream out;
    out << textRecord(record, state.get());
    if (state) {
        out << "Parts left:";
        for (PlayerId p = 0; p < state->playerCount(); ++p)
            out << (p ? ", " : " ") << state->playerName(p) << " " << state->partsOf(p);
        out << "\n";
    }
    return out.str();
}

}  // namespace arbiter::sandkings
