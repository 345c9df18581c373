// csipgs Chess in words: the position notation, action notation, what the
// announcements say, the players' report and the game record.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

#include "engine/core/placement_text.h"
#include "engine/core/text_fields.h"
#include "engine/csipgs/csipgs.h"

namespace arbiter::csipgs {

namespace {

constexpr char kSlotLetters[kSlots + 1] = "PRNBKQ";
constexpr char kSpareLetters[] = "ACDEFGHIJLMOSTUVWXYZ";

char colourLetter(PlayerId p) {
    return p == 0 ? 'w' : 'b';
}
char withCase(char upper, PlayerId p) {
    return p == 0 ? upper : static_cast<char>(upper - 'A' + 'a');
}

std::string slotsText(const std::array<Design, kSlots>& slots) {
    std::string out;
    for (size_t s = 0; s < slots.size(); ++s) out += (s ? "," : "") + slots[s].text();
    return out;
}

}  // namespace

// Letters for the kinds a player has in use (board or reserve): the slot's
// classic letter when free, else a spare one, so that the start reads like FEN.
static std::map<int, char> lettersFor(const CsipgsState& s, PlayerId p,
                                      const std::vector<int>& inUse) {
    std::vector<int> kinds = inUse;
    // The slot's first design keeps the classic letter: a Knight is N even
    // when slot 3 also made an FfR.
    auto classic = [&](const Kind& k) {
        return k.design == Design::starting()[static_cast<size_t>(k.slot)];
    };
    std::sort(kinds.begin(), kinds.end(), [&](int a, int b) {
        const Kind &ka = s.kind(a), &kb = s.kind(b);
        if (ka.slot != kb.slot) return ka.slot < kb.slot;
        if (classic(ka) != classic(kb)) return classic(ka);
        return ka.design.text() < kb.design.text();
    });
    std::map<int, char> letters;
    std::string used;
    for (int k : kinds) {
        char want = kSlotLetters[s.kind(k).slot];
        if (used.find(want) != std::string::npos) {
            for (const char* c = kSpareLetters; *c; ++c) {
                if (used.find(*c) == std::string::npos) {
                    want = *c;
                    break;
                }
            }
        }
        used += want;
        letters[k] = withCase(want, p);
    }
    return letters;
}

// "b2,g5", or "-" for none.
static std::string squaresText(const Geometry& g, Squareset squares) {
    std::string out;
    for (Cell c = 0; c < 64; ++c) {
        if ((squares >> c) & 1) out += (out.empty() ? "" : ",") + g.name(c);
    }
    return out.empty() ? "-" : out;
}

std::string CsipgsState::serialize() const {
    std::string out = positionText(NoPlayer, true);
    // What each player has found of the impassable squares, which the table's
    // options do not say.
    if (rules_.moderated && rules_.impassable)
        out += " " + squaresText(geometry_, seenImpassable_[0]) + "/" +
               squaresText(geometry_, seenImpassable_[1]);
    return out;
}

std::string CsipgsState::viewText(PlayerId p) const {
    return positionText(p, !rules_.moderated);
}

std::string CsipgsState::positionText(PlayerId viewer, bool whole) const {
    const Squareset seen = whole ? ~Squareset{0} : sight(viewer);
    const Squareset known = whole ? 0 : knownImpassable(viewer);
    auto shown = [&](PlayerId p) { return whole || p == viewer; };
    // Which kinds each player has in use, as far as the viewer sees them: an
    // unseen piece must not change the letters of the seen ones.
    std::array<std::vector<int>, 2> inUse;
    auto note = [&](PlayerId p, int k) {
        auto& v = inUse[static_cast<size_t>(p)];
        if (std::find(v.begin(), v.end(), k) == v.end()) v.push_back(k);
    };
    for (Cell c = 0; c < 64; ++c) {
        if (board_.kind[static_cast<size_t>(c)] >= 0 && ((seen >> c) & 1))
            note(board_.owner[static_cast<size_t>(c)], board_.kind[static_cast<size_t>(c)]);
    }
    for (PlayerId p = 0; p < 2; ++p) {
        if (!shown(p)) continue;
        for (int k : reserve_[static_cast<size_t>(p)]) note(p, k);
    }
    std::array<std::map<int, char>, 2> letters = {lettersFor(*this, 0, inUse[0]),
                                                  lettersFor(*this, 1, inUse[1])};
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Cell c = geometry_.cell(f, r);
            int k = board_.kind[static_cast<size_t>(c)];
            const bool visible = (seen >> c) & 1;
            if (visible && k < 0 && !((known >> c) & 1)) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            if ((known >> c) & 1)
                out += '*';  // found to be impassable, whether in sight now or not
            else if (!visible)
                out += '?';
            else
                out += letters[static_cast<size_t>(board_.owner[static_cast<size_t>(c)])][k];
        }
        if (empty) out += std::to_string(empty);
        if (r) out += '/';
    }
    out += ' ';
    out += colourLetter(toMove_);
    if (pending_ && shown(toMove_))
        out += std::to_string(pending_->first + 1) + "=" + pending_->second.text();
    out += " " + (shown(0) ? std::to_string(treasury_[0]) : "?") + "," +
           (shown(1) ? std::to_string(treasury_[1]) : "?") + " ";
    std::vector<std::string> legend;
    for (PlayerId p = 0; p < 2; ++p) {
        for (auto [k, letter] : letters[static_cast<size_t>(p)]) {
            legend.push_back(std::string(1, letter) + "=" + std::to_string(kind(k).slot + 1) + ":" +
                             kind(k).design.text());
        }
    }
    std::sort(legend.begin(), legend.end());
    std::string legendText;
    for (const auto& entry : legend) legendText += (legendText.empty() ? "" : ",") + entry;
    out += (legendText.empty() ? "-" : legendText) + " ";
    std::string reserveText;
    for (PlayerId p = 0; p < 2; ++p) {
        std::string mine;
        for (int k : reserve_[static_cast<size_t>(p)]) mine += letters[static_cast<size_t>(p)][k];
        std::sort(mine.begin(), mine.end());
        reserveText += shown(p) ? mine : "?";
    }
    out += (reserveText.empty() ? "-" : reserveText) + " ";
    out += (shown(0) ? slotsText(slots_[0]) : "?") + " " + (shown(1) ? slotsText(slots_[1]) : "?");
    return out;
}

std::unique_ptr<CsipgsState> CsipgsState::load(std::string_view text, std::string& error,
                                               Rules rules) {
    auto fields = splitOn(text, ' ');
    const bool discovering = rules.moderated && rules.impassable;
    if (fields.size() != 7 && !(discovering && fields.size() == 8)) {
        error =
            "a csipgs position has 7 fields: board, player to move, treasuries, kinds, "
            "reserves, White's slots, Black's slots";
        if (discovering) error += "; an 8th may say which impassable squares each has seen";
        return nullptr;
    }
    auto state = std::make_unique<CsipgsState>(rules);
    CsipgsState& s = *state;
    s.board_ = Board();
    s.kinds_.clear();
    s.seenImpassable_ = {};  // not what the start position's Kings saw
    auto parseDesign = [&](std::string_view t, const std::string& where) -> std::optional<Design> {
        std::string why;
        auto d = Design::parse(t, why);
        if (!d) {
            error = where + ": " + why;
            return std::nullopt;
        }
        if (d->relay() && !rules.relay) {
            error = where + ": +relay is not allowed at this table (option relay=off)";
            return std::nullopt;
        }
        return d;
    };
    // Kinds: letter=slot:design, upper case White's, lower case Black's.
    std::map<char, int> kindOf;
    if (fields[3] != "-") {
        for (std::string_view entry : splitOn(fields[3], ',')) {
            auto colon = entry.find(':');
            if (entry.size() < 5 || entry[1] != '=' || colon != 3 ||
                !std::isalpha(static_cast<unsigned char>(entry[0]))) {
                error = "a kind is written LETTER=SLOT:DESIGN, e.g. K=5:WF+royal, not '" +
                        std::string(entry) + "'";
                return nullptr;
            }
            auto slot = wholeNumber(entry.substr(2, 1), kSlots);
            if (!slot || *slot < 1) {
                error = "kind " + std::string(entry) + ": slots are 1 to 6";
                return nullptr;
            }
            auto d = parseDesign(entry.substr(4), "kind " + std::string(1, entry[0]));
            if (!d) return nullptr;
            if (kindOf.count(entry[0])) {
                error = "kind letter " + std::string(1, entry[0]) + " is defined twice";
                return nullptr;
            }
            kindOf[entry[0]] = s.internKind(*d, static_cast<int>(*slot) - 1);
        }
    }
    auto pieceOf = [&](char c, const std::string& where,
                       std::string& why) -> std::optional<std::pair<int, int>> {
        auto it = kindOf.find(c);
        if (it == kindOf.end()) {
            why = where + ": '" + std::string(1, c) + "' is not defined in the kinds field";
            return std::nullopt;
        }
        return std::make_pair(std::isupper(static_cast<unsigned char>(c)) ? 0 : 1, it->second);
    };
    std::set<char> used;
    auto readPiece = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        auto piece = pieceOf(at[0], rankName(rank), why);
        if (!piece) return 0;
        used.insert(at[0]);
        const Cell cell = s.geometry_.cell(file, rank);
        if (s.impassable(cell)) {
            why = s.geometry_.name(cell) + " is impassable and cannot hold a piece";
            return 0;
        }
        s.board_.put(cell, piece->first, piece->second, s.kind(piece->second).design.royal());
        return 1;
    };
    auto words = [](const PlacementFault& fault) {
        using FaultKind = PlacementFault::Kind;
        if (fault.kind == FaultKind::RankCount)
            return std::string("the board has 8 ranks separated by '/'");
        if (fault.kind == FaultKind::BadCount)
            return rankName(fault.rank) + ": '" + std::string(fault.text) +
                   "' is not defined in the kinds field";
        return rankName(fault.rank) + " must have 8 squares";
    };
    const PlacementShape shape{8, 8, 8, EmptyCounts::AddingDigits};
    if (!readPlacement(fields[0], shape, readPiece, words, error)) return nullptr;
    if (fields[4] != "-") {
        for (char c : fields[4]) {
            auto piece = pieceOf(c, "reserve", error);
            if (!piece) return nullptr;
            used.insert(c);
            s.reserve_[static_cast<size_t>(piece->first)].push_back(piece->second);
        }
    }
    for (auto [letter, k] : kindOf) {
        if (!used.count(letter)) {
            error = "kind " + std::string(1, letter) + " is defined but no piece has it";
            return nullptr;
        }
    }
    for (PlayerId p = 0; p < 2; ++p) {
        std::sort(s.reserve_[static_cast<size_t>(p)].begin(),
                  s.reserve_[static_cast<size_t>(p)].end());
        if (s.piecesOf(p) > kMaxPieces) {
            error = s.playerName(p) + " has more than 16 pieces";
            return nullptr;
        }
    }
    // The player to move, and a design change said before their action.
    std::string_view mover = fields[1];
    if (mover.empty() || (mover[0] != 'w' && mover[0] != 'b')) {
        error = "the player to move is w or b (w3=FfR: a design change said for slot 3)";
        return nullptr;
    }
    s.toMove_ = mover[0] == 'w' ? 0 : 1;
    if (mover.size() > 1) {
        auto slot = mover.size() > 3 && mover[2] == '=' ? wholeNumber(mover.substr(1, 1), kSlots)
                                                        : std::nullopt;
        if (!slot || *slot < 1) {
            error = "a design change said is written w3=FfR, not '" + std::string(mover) + "'";
            return nullptr;
        }
        auto d = parseDesign(mover.substr(3), "the design change said");
        if (!d) return nullptr;
        s.pending_ = std::make_pair(static_cast<int>(*slot) - 1, *d);
    }
    auto treasuries = splitOn(fields[2], ',');
    constexpr long kMaxTreasury = 1'000'000'000;
    auto t0 = treasuries.size() == 2 ? wholeNumber(treasuries[0], kMaxTreasury) : std::nullopt;
    auto t1 = treasuries.size() == 2 ? wholeNumber(treasuries[1], kMaxTreasury) : std::nullopt;
    if (!t0 || !t1) {
        error = "treasuries are written WHITE,BLACK in whole zorkmids, e.g. 1,0";
        return nullptr;
    }
    s.treasury_ = {*t0, *t1};
    for (PlayerId p = 0; p < 2; ++p) {
        auto designs = splitOn(fields[5 + static_cast<size_t>(p)], ',');
        if (designs.size() != kSlots) {
            error = s.playerName(p) + "'s slots are 6 designs separated by commas";
            return nullptr;
        }
        for (int slot = 0; slot < kSlots; ++slot) {
            auto d = parseDesign(designs[static_cast<size_t>(slot)],
                                 s.playerName(p) + "'s slot " + std::to_string(slot + 1));
            if (!d) return nullptr;
            s.slots_[static_cast<size_t>(p)][static_cast<size_t>(slot)] = *d;
        }
    }
    if (s.pending_ && s.pending_->second == s.slot(s.toMove_, s.pending_->first)) {
        error = "the design change said for slot " + std::to_string(s.pending_->first + 1) +
                " is what the slot already holds";
        return nullptr;
    }
    // The player who just moved may not have left their only royal in check.
    const PlayerId waiting = 1 - s.toMove_;
    if (s.royals(waiting) == 1 && s.inCheck(waiting)) {
        error =
            s.playerName(waiting) + "'s only royal piece is in check while it is not their turn";
        return nullptr;
    }
    if (fields.size() == 8) {
        auto lists = splitOn(fields[7], '/');
        const std::string how =
            "the 8th field is the impassable squares White and Black have seen, e.g. b2,g5/-";
        if (lists.size() != 2) {
            error = how;
            return nullptr;
        }
        for (PlayerId p = 0; p < 2; ++p) {
            if (lists[static_cast<size_t>(p)] == "-") continue;
            for (std::string_view name : splitOn(lists[static_cast<size_t>(p)], ',')) {
                auto c = s.geometry_.parse(name);
                if (!c || !s.impassable(*c)) {
                    error = "\"" + std::string(name) +
                            "\" is not an impassable square of this table; " + how;
                    return nullptr;
                }
                s.seenImpassable_[static_cast<size_t>(p)] |= Squareset{1} << *c;
            }
        }
    }
    s.history_ = {s.key()};
    s.rememberImpassable();
    return state;
}

std::string CsipgsState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move:
            return geometry_.name(a.from) + geometry_.name(a.to);
        case Action::Kind::Place:
            if (a.piece < 0 || a.piece >= static_cast<int>(kinds_.size())) return "?";
            return std::to_string(kind(a.piece).slot + 1) + ":" + kind(a.piece).design.text() +
                   "@" + geometry_.name(a.to);
        case Action::Kind::Choice:
            if (a.arg == kBuy && !a.payload.empty())
                return "buy " + std::to_string(a.payload[0] + 1);
            if (a.arg == kRedesign && !a.payload.empty()) {
                auto d = designOf(a);
                return "design " + std::to_string(a.payload[0] + 1) + " " + (d ? d->text() : "?");
            }
            return "?";
        case Action::Kind::EndTurn:
            return "end";
        default:
            return "pass";
    }
}

std::optional<Action> CsipgsState::decode(std::string_view text) const {
    auto words = splitOn(text, ' ');
    words.erase(std::remove(words.begin(), words.end(), std::string_view()), words.end());
    if (words.empty()) return std::nullopt;
    if (words[0] == "end" && words.size() == 1) return Action::endTurn();
    if (words[0] == "buy" && words.size() == 2) {
        // Any slot number is read, so that refusal() can say which there are.
        auto slot = wholeNumber(words[1], 99);
        if (!slot || *slot < 1) return std::nullopt;
        return buy(static_cast<int>(*slot) - 1);
    }
    if (words[0] == "design" && words.size() == 3) {
        // The design's text is kept as written, so that refusal() can say
        // which part of a faulty one is wrong.
        auto slot = wholeNumber(words[1], 99);
        if (!slot || *slot < 1 || words[2].size() > 80) return std::nullopt;
        std::string error;
        if (auto d = Design::parse(words[2], error))
            return redesign(static_cast<int>(*slot) - 1, *d);  // in its canonical form
        std::vector<int> payload = {static_cast<int>(*slot) - 1};
        for (char c : words[2]) payload.push_back(static_cast<unsigned char>(c));
        return Action::choice(kRedesign, NoCell, std::move(payload));
    }
    if (words.size() != 1) return std::nullopt;
    std::string_view t = words[0];
    // A transfer: SLOT:DESIGN@SQUARE, DESIGN@SQUARE or @SQUARE, when the reserve
    // leaves no doubt which piece is meant.
    if (auto at = t.find('@'); at != std::string_view::npos) {
        auto to = geometry_.parse(t.substr(at + 1));
        if (!to) return std::nullopt;
        std::string_view what = t.substr(0, at);
        std::optional<int> slot;
        if (what.size() > 2 && what[1] == ':') {
            auto n = wholeNumber(what.substr(0, 1), kSlots);
            if (!n || *n < 1) return std::nullopt;
            slot = static_cast<int>(*n) - 1;
            what = what.substr(2);
        }
        std::optional<Design> design;
        if (!what.empty()) {
            std::string error;
            design = Design::parse(what, error);
            if (!design) return std::nullopt;
        }
        std::optional<int> found;
        for (int k : reserve_[static_cast<size_t>(toMove_)]) {
            if ((slot && kind(k).slot != *slot) || (design && kind(k).design != *design)) continue;
            if (found && *found != k) return std::nullopt;  // more than one fits
            found = k;
        }
        if (!found) return std::nullopt;
        return Action::place(*found, *to);
    }
    // A move: e2e4, e2-e4 or e2xe4.
    std::string squares;
    for (char c : t) {
        if (c != '-' && c != 'x') squares += c;
    }
    if (squares.size() != 4) return std::nullopt;
    auto from = geometry_.parse(squares.substr(0, 2));
    auto to = geometry_.parse(squares.substr(2, 2));
    if (!from || !to) return std::nullopt;
    return Action::move(*from, *to);
}

std::string CsipgsState::describe(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move: {
            auto piece = pieceAt(a.from);
            if (!piece) return encode(a);
            bool takes = pieceAt(a.to).has_value();
            std::string out = kind(piece->kind).design.name() + " " + geometry_.name(a.from) +
                              (takes ? "x" : "-") + geometry_.name(a.to);
            if (takes) out += " takes the " + kind(pieceAt(a.to)->kind).design.name();
            return out;
        }
        case Action::Kind::Place:
            if (a.piece < 0 || a.piece >= static_cast<int>(kinds_.size())) return encode(a);
            return kind(a.piece).design.name() + " from the reserve to " + geometry_.name(a.to);
        case Action::Kind::Choice: {
            if (a.payload.empty() || a.payload[0] < 0 || a.payload[0] >= kSlots) return encode(a);
            const int slot = a.payload[0];
            const Design& current = this->slot(toMove_, slot);
            const std::string slotName = "slot " + std::to_string(slot + 1);
            if (a.arg == kBuy) {
                long left = treasury(toMove_) - current.price();
                return playerName(toMove_) + " buys a " + current.name() + " (" + slotName +
                       ") for " + zorkmids(current.price()) + ", " + std::to_string(left) + " left";
            }
            auto d = designOf(a);
            if (!d) return encode(a);
            return playerName(toMove_) + " designs " + slotName + " as " + d->text() + " (price " +
                   std::to_string(d->price()) + ") in place of " + current.name() +
                   ", from the end of this turn";
        }
        default:
            return encode(a);
    }
}

std::string CsipgsState::describeTo(const Action& a, PlayerId p) const {
    if (!rules_.moderated) return describe(a);
    // A design change said tells nothing; the action then ends the turn,
    // whatever it was: what it changed is what changed in p's view.
    if (a.kind == Action::Kind::Choice && a.arg == kRedesign)
        return p == toMove_ ? describe(a) : "";
    std::string told = p == toMove_ ? describe(a) : playerName(toMove_) + " has taken their turn";
    // Check is said aloud, as a Kriegspiel umpire says it: the player in
    // check may not see the piece that gives it until told to look.
    CsipgsState after = *this;
    after.apply(a);
    if (after.inCheck(after.toMove())) told += ": " + playerName(after.toMove()) + " is in check";
    return told;
}

std::vector<std::string> CsipgsState::report() const {
    std::vector<std::string> lines;
    for (PlayerId p = 0; p < 2; ++p) lines.push_back(resourcesLine(p));
    for (PlayerId p = 0; p < 2; ++p)
        lines.push_back(piecesLine(playerName(p) + "'s pieces:", p, ~Squareset{0}));
    return lines;
}

std::vector<std::string> CsipgsState::reportTo(PlayerId p) const {
    if (!rules_.moderated) return report();
    if (p != 0 && p != 1) return {};
    const PlayerId them = 1 - p;
    const std::string title = playerName(them) + "'s pieces in sight:";
    std::string theirs = piecesLine(title, them, sight(p));
    if (theirs == title) theirs += " none";
    return {resourcesLine(p), piecesLine(playerName(p) + "'s pieces:", p, ~Squareset{0}), theirs};
}

std::string CsipgsState::piecesLine(const std::string& title, PlayerId p, Squareset on) const {
    std::string line = title;
    for (Cell c = 0; c < 64; ++c) {
        auto piece = pieceAt(c);
        if (!piece || piece->owner != p || !((on >> c) & 1)) continue;
        const Kind& k = kind(piece->kind);
        line += " " + geometry_.name(c) + " " + k.design.text();
        if (k.design.name() != k.design.text()) line += " (" + k.design.name() + ")";
        line += ",";
    }
    if (line.back() == ',') line.pop_back();
    return line;
}

std::string CsipgsState::resourcesLine(PlayerId p) const {
    std::string line = playerName(p) + ": " + zorkmids(treasury(p));
    line += "; reserve: ";
    const auto& reserve = reserve_[static_cast<size_t>(p)];
    if (reserve.empty()) line += "empty";
    for (size_t i = 0; i < reserve.size(); ++i) {
        const Kind& k = kind(reserve[i]);
        line += (i ? ", " : "") + k.design.name() + " (slot " + std::to_string(k.slot + 1) + ")";
    }
    line += "; slots:";
    for (int s = 0; s < kSlots; ++s) {
        const Design& d = slot(p, s);
        // "2 Rook R 5z": the slot, its classic name if it has one, design, price.
        line += " " + std::to_string(s + 1) + " " + (d.name() != d.text() ? d.name() + " " : "") +
                d.text() + " " + std::to_string(d.price()) + "z" + (s + 1 < kSlots ? "," : "");
    }
    if (pending_ && p == toMove_)
        line += "; slot " + std::to_string(pending_->first + 1) + " becomes " +
                pending_->second.text() + " after this turn's action";
    return line;
}

std::string CsipgsGame::exportRecord(const GameRecord& record) const {
    std::ostringstream out;
    for (const auto& [tag, value] : record.tags) out << "[" << tag << " \"" << value << "\"]\n";
    out << "[Start \"" << record.startText << "\"]\n\n";
    std::string error;
    auto state = CsipgsState::load(record.startText, error, rules_);
    for (size_t i = 0; state && i < record.actions.size(); ++i) {
        const Action& a = record.actions[i];
        int turn = i < record.turnOf.size() ? record.turnOf[i] : static_cast<int>(i);
        // Purchases and design changes name the player themselves.
        out << turn / 2 + 1 << (state->toMove() == 0 ? ". " : "... ");
        if (a.kind != Action::Kind::Choice) out << state->playerName(state->toMove()) << ": ";
        out << state->describe(a) << "\n";
        if (!state->isLegal(a)) break;  // a damaged record: say no more than is known
        state->apply(a);
    }
    const Outcome& o = record.outcome;
    out << "\nResult: ";
    if (!o.over())
        out << "unfinished";
    else if (o.status == Outcome::Status::Win)
        out << (o.winners.front() == 0 ? "White" : "Black") << " wins";
    else
        out << "drawn";
    std::string note = record.outcomeNote.empty() ? o.reason : record.outcomeNote;
    if (!note.empty()) out << " (" << note << ")";
    out << "\n";
    return out.str();
}

}  // namespace arbiter::csipgs
