// Skirmish's notation: actions described and encoded, the state written
// and read back, and the game's record.
#include <algorithm>
#include <sstream>

#include "engine/core/text_fields.h"
#include "engine/skirmish/skirmish.h"

namespace arbiter {
namespace skirmish {

namespace {

// At most three digits: no size, seat or score of Skirmish needs more.
std::optional<int> number(std::string_view text) {
    auto n = text.size() <= 3 ? wholeNumber(text, 999) : std::nullopt;
    return n ? std::optional<int>(static_cast<int>(*n)) : std::nullopt;
}

}  // namespace

std::string SkirmishState::describe(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move:
            return geometry_.name(a.from) + (pieceAt(a.to) ? "x" : "-") + geometry_.name(a.to);
        case Action::Kind::Join:
            return playerName(playerCount()) + " joins";
        case Action::Kind::Leave:
            return playerName(a.arg) + " leaves";
        default:
            return encode(a);
    }
}

std::string SkirmishState::encode(const Action& a) const {
    switch (a.kind) {
        case Action::Kind::Move:
            return geometry_.name(a.from) + "-" + geometry_.name(a.to);
        case Action::Kind::Place:
            return "@" + geometry_.name(a.to);
        case Action::Kind::Join:
            return "join";
        case Action::Kind::Leave:
            return "leave:" + std::to_string(a.arg);
        default:
            return "pass";
    }
}

std::optional<Action> SkirmishState::decode(std::string_view text) const {
    if (text == "pass") return Action::pass();
    if (text == "join") return Action::join();
    if (text.substr(0, 6) == "leave:") {
        auto p = number(text.substr(6));
        if (!p) return std::nullopt;
        return Action::leave(*p);
    }
    if (!text.empty() && text[0] == '@') {
        auto to = geometry_.parse(text.substr(1));
        if (!to) return std::nullopt;
        return Action::place(0, *to);
    }
    // "a1-b2", or "a1xb2" as describe() writes a capture; an 'x' right after
    // a rank's digit is the capture sign, elsewhere it is the file x.
    size_t dash = text.find('-');
    for (size_t i = 1; dash == std::string_view::npos && i < text.size(); ++i) {
        if (text[i] == 'x' && text[i - 1] >= '0' && text[i - 1] <= '9') dash = i;
    }
    if (dash == std::string_view::npos) return std::nullopt;
    auto from = geometry_.parse(text.substr(0, dash));
    auto to = geometry_.parse(text.substr(dash + 1));
    if (!from || !to) return std::nullopt;
    return Action::move(*from, *to);
}

std::string SkirmishState::serialize() const {
    std::string s =
        std::to_string(geometry_.files()) + "x" + std::to_string(geometry_.ranks()) + " ";
    for (PlayerId p = 0; p < playerCount(); ++p) {
        s += (p ? "," : "") + std::string(1, static_cast<char>(seats_[static_cast<size_t>(p)])) +
             std::to_string(scores_[static_cast<size_t>(p)]);
    }
    s += " " + std::to_string(toMove_) + " ";
    for (int r = geometry_.ranks() - 1; r >= 0; --r) {
        for (int f = 0; f < geometry_.files(); ++f) {
            PlayerId o = owner_[static_cast<size_t>(geometry_.cell(f, r))];
            s += o == NoPlayer ? '.' : static_cast<char>('a' + o);
        }
        if (r) s += '/';
    }
    return s;
}

std::unique_ptr<SkirmishState> SkirmishState::load(std::string_view text, std::string& error,
                                                   SetPiece look) {
    auto fields = splitOn(text, ' ');
    if (fields.size() != 4) {
        error = "a Skirmish state has four fields: size, seats, player to move, cells";
        return nullptr;
    }
    auto size = splitOn(fields[0], 'x');
    auto files = size.size() == 2 ? number(size[0]) : std::nullopt;
    auto ranks = size.size() == 2 ? number(size[1]) : std::nullopt;
    if (!files || !ranks || *files < 2 || *ranks < 2 || *files > kMaxSide || *ranks > kMaxSide) {
        error = "size must be FILESxRANKS, each 2 to 64";
        return nullptr;
    }
    auto seatTexts = splitOn(fields[1], ',');
    if (seatTexts.size() < 2 || seatTexts.size() > static_cast<size_t>(kMaxPlayers)) {
        error = "there must be 2 to 16 seats";
        return nullptr;
    }
    std::unique_ptr<SkirmishState> s(new SkirmishState(Geometry::rectangle(*files, *ranks),
                                                       static_cast<int>(seatTexts.size()), look));
    for (size_t p = 0; p < seatTexts.size(); ++p) {
        std::string_view t = seatTexts[p];
        auto score = t.empty() ? std::nullopt : number(t.substr(1));
        if (!score || (t[0] != 'p' && t[0] != 'n' && t[0] != 'l')) {
            error = "seat " + std::to_string(p + 1) +
                    " must be p, n or l followed by its score, e.g. p0";
            return nullptr;
        }
        s->seats_[p] = static_cast<Seat>(t[0]);
        s->scores_[p] = *score;
    }
    auto rows = splitOn(fields[3], '/');
    if (rows.size() != static_cast<size_t>(*ranks)) {
        error = "there must be one row of cells per rank";
        return nullptr;
    }
    for (int r = 0; r < *ranks; ++r) {
        std::string_view row = rows[static_cast<size_t>(*ranks - 1 - r)];
        if (row.size() != static_cast<size_t>(*files)) {
            error = "rank " + std::to_string(r + 1) + " must have one character per file";
            return nullptr;
        }
        for (int f = 0; f < *files; ++f) {
            char c = row[static_cast<size_t>(f)];
            if (c == '.') continue;
            PlayerId o = c - 'a';
            if (o < 0 || o >= s->playerCount() ||
                s->seats_[static_cast<size_t>(o)] != Seat::Playing) {
                error = std::string("cell ") + s->geometry_.name(s->geometry_.cell(f, r)) +
                        " holds a piece of no playing seat ('" + c + "')";
                return nullptr;
            }
            s->owner_[static_cast<size_t>(s->geometry_.cell(f, r))] = o;
        }
    }
    s->countPieces();
    auto mover = number(fields[2]);
    if (!mover || *mover >= s->playerCount() || (!s->inGame(*mover) && !s->outcome().over())) {
        error = "the player to move must be a seat still in the game";
        return nullptr;
    }
    s->toMove_ = *mover;
    return s;
}

std::unique_ptr<GameState> SkirmishGame::load(std::string_view text, std::string& error) const {
    // The table checks that a loaded state fits its surface (Table::create).
    return SkirmishState::load(text, error, layout_.look);
}

std::string SkirmishGame::exportRecord(const GameRecord& record) const {
    std::ostringstream out;
    for (const auto& [tag, value] : record.tags) out << "[" << tag << " \"" << value << "\"]\n";
    out << "[Start \"" << record.startText << "\"]\n\n";
    // The players' own names, where the tags give them ("Player1" "Ann").
    auto nameOf = [&](PlayerId p, const GameState& s) {
        std::string tag = "Player" + std::to_string(p + 1);
        for (const auto& [t, value] : record.tags) {
            if (t == tag) return value;
        }
        return s.playerName(p);
    };
    std::string error;
    auto state = SkirmishState::load(record.startText, error, layout_.look);
    for (size_t i = 0; state && i < record.actions.size(); ++i) {
        const Action& a = record.actions[i];
        out << i + 1 << ". ";
        if (!a.changesRoster()) out << nameOf(state->toMove(), *state) << ": ";
        out << state->describe(a) << "\n";
        if (!state->isLegal(a)) break;  // a damaged record: say no more than is known
        state->apply(a);
    }
    const Outcome& o = record.outcome;
    out << "\nResult: ";
    std::string who;
    for (PlayerId p : o.winners) who += (who.empty() ? "" : ", ") + std::to_string(p + 1);
    if (!o.over())
        out << "unfinished";
    else if (o.status == Outcome::Status::Win)
        out << (o.winners.size() == 1 ? "won by player " : "won by players ") << who;
    else
        out << "drawn" << (who.empty() ? "" : " among players " + who);
    std::string note = record.outcomeNote.empty() ? o.reason : record.outcomeNote;
    if (!note.empty()) out << " (" << note << ")";
    out << "\n";
    return out.str();
}

}  // namespace skirmish
}  // namespace arbiter
