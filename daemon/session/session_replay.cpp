// Session::replayStart and replayEvent: a game brought back from its journal,
// event by event (its first line read by readJournalHeader); Session::resume
// goes on with it.
#include <algorithm>
#include <limits>
#include <string>

#include <spdlog/spdlog.h>

#include "daemon/base/json_text.h"
#include "daemon/base/utf8.h"
#include "daemon/session/journal_header.h"
#include "daemon/session/session.h"

namespace arbiter {

std::unique_ptr<Session> Session::replayStart(const Game& game, const nlohmann::json& header,
                                              const std::string& where, AnnouncementSink& out,
                                              const TimeSource& time, std::string& error) {
    auto read = readJournalHeader(game, header, time, error);
    if (!read) {
        error = where + ": " + error;
        return nullptr;
    }
    std::unique_ptr<Session> s(
        new Session(game, std::move(read->start), read->settings, out, time));
    s->started_ = read->started;
    s->replayStrict_ = read->checksummed;
    return s;
}

namespace {

std::optional<std::string> textOf(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_string()) return std::nullopt;
    return j[key].get<std::string>();
}

// A whole number from least to most; nullopt for anything else (a fraction,
// text, a number beyond the range, whatever its JSON type).
std::optional<int64_t> wholeIn(const nlohmann::json& v, int64_t least, int64_t most) {
    if (v.is_number_unsigned()) {
        const uint64_t n = v.get<uint64_t>();
        if (n > static_cast<uint64_t>(most) || static_cast<int64_t>(n) < least) return std::nullopt;
        return static_cast<int64_t>(n);
    }
    if (!v.is_number_integer()) return std::nullopt;
    const int64_t n = v.get<int64_t>();
    if (n < least || n > most) return std::nullopt;
    return n;
}

// A journalled "clock" (or `key`): one whole number of ms per seat, from 0 to
// kMostMillis.
std::optional<std::vector<Millis>> clocksOf(const nlohmann::json& j, size_t players,
                                            const char* key = "clock") {
    if (!j.contains(key) || !j[key].is_array() || j[key].size() != players) return std::nullopt;
    std::vector<Millis> ms;
    for (const auto& v : j[key]) {
        auto n = wholeIn(v, 0, kMostMillis);
        if (!n) return std::nullopt;
        ms.push_back(*n);
    }
    return ms;
}

// A journalled time of play ("played"): from 0 to kMostMillis.
std::optional<Millis> playedOf(const nlohmann::json& j) {
    return j.contains("played") ? wholeIn(j["played"], 0, kMostMillis) : std::nullopt;
}

// A result as a message says it: "a win for seats 1, 3", "a draw", "abandoned".
std::string resultWords(const Outcome& o) {
    if (!o.over()) return "abandoned";
    std::string text = o.status == Outcome::Status::Win ? "a win for seat" : "a draw";
    if (o.status == Outcome::Status::Win && o.winners.size() > 1) text += "s";
    for (size_t i = 0; i < o.winners.size(); ++i)
        text += (i ? ", " : (o.status == Outcome::Status::Win ? " " : " shared by seats ")) +
                std::to_string(o.winners[i] + 1);
    return text;
}

bool sameResult(const Outcome& a, const Outcome& b) {
    auto sorted = [](std::vector<PlayerId> seats) {
        std::sort(seats.begin(), seats.end());
        return seats;
    };
    return a.status == b.status && sorted(a.winners) == sorted(b.winners);
}

// Why a result line's outcome `o` does not follow from the lines before it
// (the game as replayed, `s`, and its limits), or "". A game the rules ended
// has the rules' result. A session draws chance within the action that calls
// for it, and ends a game at that action only when the rules or a limit stop
// it there: a result line that follows an undrawn chance otherwise means a
// draw was left out, and the result would be one the game never reached.
// (What ends a game between actions, a resignation, a flag, an agreement,
// leaves no trace in the lines to check it against.)
std::string resultTrouble(const GameState& s, const GameLimitWatch& limits, const Outcome& o) {
    const Outcome rules = s.outcome();
    if (rules.over()) {
        if (sameResult(o, rules)) return {};
        return "the result is " + resultWords(o) + ", but the lines before it end the game in " +
               resultWords(rules) + " (" + rules.reason + ")";
    }
    if (s.chance() && limits.reason().empty())
        return "the result comes where a draw of chance is due: the chance line that the "
               "action before it calls for is missing";
    return {};
}

// A result's "record": the file written beside the journal, its name ending
// in the game's record extension, as text that may be shown (UTF-8, no
// control characters).
bool isRecordPath(const nlohmann::json& record, const std::string& extension) {
    if (!record.is_string()) return false;
    const std::string path = record.get<std::string>();
    const std::string ending = "." + extension;
    return isUtf8(path) && path.size() > ending.size() && path.ends_with(ending) &&
           std::none_of(path.begin(), path.end(),
                        [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

}  // namespace

std::unique_ptr<Game> gameOfJournal(const JournalContents& journal, std::string& error) {
    const nlohmann::json& header = journal.header;
    auto fail = [&](const std::string& why) -> std::unique_ptr<Game> {
        error = journal.where(journal.headerLine) + ": " + why;
        return nullptr;
    };
    auto name = textOf(header, "game");
    if (!name) return fail("no \"game\" named");
    GameOptions options;
    if (header.contains("options")) {
        const nlohmann::json& o = header["options"];
        const char* shape =
            "bad \"options\": an object of \"players\", \"size\", \"values\", \"standIns\"";
        if (!o.is_object()) return fail(shape);
        if (o.contains("players")) {
            auto players = wholeIn(o["players"], 0, 1000);
            if (!players) return fail(shape);
            options.players = static_cast<int>(*players);
        }
        if (o.contains("size")) {
            // FILESxRANKS, each at most four digits: no board is larger, and
            // no number read here can overflow.
            auto size = textOf(o, "size");
            const size_t x = size ? size->find('x') : std::string::npos;
            auto dimension = [&](size_t from, size_t length) -> std::optional<int> {
                const std::string digits = size->substr(from, length);
                if (digits.empty() || digits.size() > 4 ||
                    digits.find_first_not_of("0123456789") != std::string::npos)
                    return std::nullopt;
                return std::stoi(digits);
            };
            auto files = x == std::string::npos ? std::nullopt : dimension(0, x);
            auto ranks =
                x == std::string::npos ? std::nullopt : dimension(x + 1, std::string::npos);
            if (!files || !ranks) return fail(shape);
            options.files = *files;
            options.ranks = *ranks;
        }
        if (o.contains("values")) {
            if (!o["values"].is_object()) return fail(shape);
            for (const auto& [option, value] : o["values"].items()) {
                if (!value.is_string()) return fail(shape);
                options.values[option] = value.get<std::string>();
            }
        }
        if (o.contains("standIns")) {
            if (!o["standIns"].is_object()) return fail(shape);
            for (const auto& [piece, words] : o["standIns"].items()) {
                auto standIn =
                    words.is_string() ? parseStandIn(words.get<std::string>()) : std::nullopt;
                if (!standIn) return fail(shape);
                options.standIns[piece] = *standIn;
            }
        }
    }
    std::string why;
    auto game = makeGame(*name, options, why);
    if (!game) return fail(why);
    return game;
}

// One journal line being replayed: where it is, for messages, and the checks
// every line's fields pass. Each line says where the game stood, and it must
// be where the replay stands: a line edited, appended or left out by hand
// would otherwise replay into another game without a word. A journal with
// checksums was written with every such field; an older one is checked on
// those it has.
struct Session::JournalLine {
    const nlohmann::json& event;
    const std::string& where;
    std::string& error;
    bool strict;

    bool fail(const std::string& why) const {
        error = where + ": " + why;
        return false;
    }
    // True when the line gives `key` other than `replayed`, or (strict) not at all.
    bool differs(const char* key, const nlohmann::json& replayed) const {
        if (!event.contains(key)) return strict;
        return event[key] != replayed;
    }
    bool mismatch(const char* key, const nlohmann::json& replayed) const {
        return fail(event.contains(key)
                        ? "\"" + std::string(key) + "\" is " + jsonText(event[key]) +
                              ", but the replay has " + jsonText(replayed)
                        : "no \"" + std::string(key) + "\", which every line " +
                              "of this journal carries");
    }
    // Whether the line has `key`, or must have it (strict).
    bool wants(const char* key) const { return event.contains(key) || strict; }
};

bool Session::replayEvent(const nlohmann::json& event, const std::string& where,
                          AnnouncementSink* said, std::string& error) {
    const JournalLine line{event, where, error, replayStrict_};
    if (!event.is_object() || !event.contains("type") || !event["type"].is_string())
        return line.fail("event has no \"type\" string");
    const std::string type = event["type"];
    if (type == "move") return replayMove(line, said);
    if (type == "takeback") return replayTakeback(line, said);
    if (type == "result") return replayResult(event, where, said, error);
    if (type == "time-limit") {
        auto played = playedOf(event);
        if (line.wants("played") && !played) return line.fail("bad \"played\" time");
        limits_.reachTimeLimit();
        if (played) limits_.setPlayed(*played);
    } else if (type == "draw-offer") {
        // Informational, but the seat must be one.
        if (line.wants("player") &&
            !(event.contains("player") && wholeIn(event["player"], 0, current().playerCount() - 1)))
            return line.fail("a draw offer's \"player\" is a seat of the game");
    } else if (type == "pause") {
        // Informational, but the clocks must be clocks.
        if (line.wants("clock") && !clocksOf(event, static_cast<size_t>(clock_.seats())))
            return line.fail("pause without a valid \"clock\"");
    } else if (type == "illegal" || type == "to-do" || type == "consequences" || type == "fixed" ||
               type == "resume") {
        // Informational: nothing to replay.
    } else {
        return line.fail("unknown event type \"" + type + "\"");
    }
    return true;
}

std::optional<Action> Session::replayedAction(const JournalLine& line) const {
    auto code = textOf(line.event, "action");
    if (!code) {
        line.fail("move without \"action\"");
        return std::nullopt;
    }
    auto action = current().decode(*code);
    if (action && action->kind != Action::Kind::Chance && current().chance()) {
        line.fail("\"" + *code + "\" comes before the chance it waits for");
        return std::nullopt;
    }
    if (!action || !current().isLegal(*action)) {
        line.fail("\"" + *code + "\" is not a legal action here");
        return std::nullopt;
    }
    if (action->kind == Action::Kind::Chance) {
        // The journal's draws must be the seed's: anything else is a
        // journal edited by hand, and replaying it would not be exact.
        uint64_t counter = chanceCounter_;
        auto what = current().chance();
        if (!what || chance_.draw(*what, counter) != action->payload) {
            line.fail("\"" + *code + "\" is not what this journal's seed draws here");
            return std::nullopt;
        }
    }
    return action;
}

bool Session::replayMove(const JournalLine& line, AnnouncementSink* said) {
    const nlohmann::json& event = line.event;
    auto action = replayedAction(line);
    if (!action) return false;
    auto next = current().clone();
    next->apply(*action);
    const GameState& before = current();
    const PlayerId actor = actorOf(before, *action);
    if (line.differs("ply", ply() + 1)) return line.mismatch("ply", ply() + 1);
    if (line.differs("player", actor)) return line.mismatch("player", actor);
    if (line.differs("state", next->serialize())) return line.mismatch("state", next->serialize());
    if (line.differs("turn", turns_ + 1)) return line.mismatch("turn", turns_ + 1);
    if (line.differs("endsTurn", endsTurn(*action, *next)))
        return line.mismatch("endsTurn", endsTurn(*action, *next));
    auto clocks = clocksOf(event, static_cast<size_t>(next->playerCount()));
    if (!clocks) return line.fail("move without a valid \"clock\"");
    std::string joiner;
    if (action->kind == Action::Kind::Join) {
        joiner = textOf(event, "name").value_or("");
        if (!isValidPlayerName(joiner)) return line.fail("a player joins without a valid name");
    }
    auto played = playedOf(event);
    if (line.wants("played") && !played) return line.fail("bad \"played\" time");
    // The clocks when the action was made, its mover's thinking time
    // spent: what a takeback gives back. Journals written before it was
    // recorded give back the times after the action before.
    std::optional<std::vector<Millis>> clocksBefore;
    if (line.wants("clockBefore")) {
        clocksBefore = clocksOf(event, static_cast<size_t>(clock_.seats()), "clockBefore");
        if (!clocksBefore) return line.fail("move without a valid \"clockBefore\"");
    }
    if (played) limits_.setPlayed(*played);
    const int turn = turns_;
    // Replayed on a stopped clock so that move counts (stages) follow;
    // the times are the ones recorded.
    before_.push_back(
        {clock_.snapshot(0), limits_.rounds(), settings_.players, turns_, chanceCounter_});
    if (clocksBefore) before_.back().clocks.remaining = *clocksBefore;
    advanceClock(clock_, before, *action, *next, 0);
    clock_.stop(0);
    clock_.setRemaining(*clocks);
    noteTurn(before, *action, *next, joiner);
    states_.push_back(std::move(next));
    actions_.push_back(*action);
    clocksAfter_.push_back(*clocks);
    if (said) announceAction(*said, before, *action, actor, turn, *clocks, replacedPart_);
    replacedPart_.clear();
    return true;
}

bool Session::replayTakeback(const JournalLine& line, AnnouncementSink* said) {
    const nlohmann::json& event = line.event;
    size_t plies = 1;
    if (line.wants("plies")) {
        auto n = event.contains("plies")
                     ? wholeIn(event["plies"], 1, std::numeric_limits<int>::max())
                     : std::nullopt;
        if (!n) return line.fail("bad \"plies\" in a takeback");
        plies = static_cast<size_t>(*n);
    }
    if (actions_.size() < plies) return line.fail("takeback with no move to take back");
    // A takeback undoes the last player's action with the chance drawn after
    // it (Session::takeback): never a draw alone, which would only be drawn
    // the same again, nor more than that one action.
    size_t undoes = 1;
    while (undoes <= actions_.size() &&
           actions_[actions_.size() - undoes].kind == Action::Kind::Chance)
        ++undoes;
    if (undoes > actions_.size())
        return line.fail("takeback with no player's action to take back, only chance");
    if (event.contains("plies") && plies != undoes) return line.mismatch("plies", undoes);
    // Every takeback ever written names the ply it undoes: one without
    // would take back whatever move happened to be last.
    if (!event.contains("ply")) return line.fail("a takeback without the \"ply\" it takes back");
    if (event["ply"] != ply()) return line.mismatch("ply", ply());
    const size_t first = actions_.size() - plies;
    const std::string code = states_[first]->encode(actions_[first]);
    if (line.differs("action", code)) return line.mismatch("action", code);
    const std::string undone = actionSaid(*states_[first], actions_[first]);
    const PlayerId mover = states_[first]->toMove();
    // The clocks as the takeback left them, thinking time charged.
    std::optional<std::vector<Millis>> restored;
    if (line.wants("clock")) {
        restored = clocksOf(event, before_[first].clocks.remaining.size());
        if (!restored) return line.fail("takeback without a valid \"clock\"");
    }
    for (size_t k = 0; k < plies; ++k) undoLast();
    if (restored) clock_.setRemaining(*restored);
    if (event.contains("replacedBy")) {
        // Said as the whole action made in place of its part, by the next move line.
        replacedPart_ = undone;
    } else if (said) {
        announceTakeback(*said, undone, mover, restored.value_or(clock_.remainingAll(0)));
    }
    return true;
}

bool Session::replayResult(const nlohmann::json& event, const std::string& where,
                           AnnouncementSink* said, std::string& error) {
    auto fail = [&](const std::string& why) {
        error = where + ": " + why;
        return false;
    };
    const std::string status = textOf(event, "status").value_or("");
    if (status != "win" && status != "draw" && status != "abandoned")
        return fail("a result's \"status\" is win, draw or abandoned");
    std::vector<PlayerId> winners;
    if (event.contains("winners")) {
        if (!event["winners"].is_array()) return fail("a result's \"winners\" is a list of seats");
        for (const auto& w : event["winners"]) {
            auto seat = wholeIn(w, 0, current().playerCount() - 1);
            if (!seat) return fail("a result's \"winners\" is a list of seats");
            winners.push_back(static_cast<PlayerId>(*seat));
        }
    }
    if (status == "win" && winners.empty()) return fail("a result of \"win\" names its winners");
    std::optional<std::vector<Millis>> clocks;
    if (event.contains("clock")) {
        clocks = clocksOf(event, static_cast<size_t>(current().playerCount()));
        if (!clocks) return fail("result without a valid \"clock\"");
    }
    // The turns the game had, said so that a listing need not count them
    // (docs/journal.md); the replay's count is the truth.
    if (event.contains("moves") && event["moves"] != turns_)
        return fail("a result's \"moves\" is " + jsonText(event["moves"]) +
                    ", but the replay has " + std::to_string(turns_));
    const std::string reason = textOf(event, "reason").value_or("");
    Outcome o = status == "win"    ? Outcome::win(winners, reason)
                : status == "draw" ? Outcome::draw(reason)
                                   : Outcome{};
    if (status == "draw") o.winners = winners;
    if (std::string why = resultTrouble(current(), limits_, o); !why.empty()) return fail(why);
    if (event.contains("scores") && event["scores"] != scores())
        return fail("a result's \"scores\" is " + jsonText(event["scores"]) +
                    ", but the replay has " + jsonText(nlohmann::json(scores())));
    if (event.contains("record") && !isRecordPath(event["record"], game_.recordExtension()))
        return fail("a result's \"record\" is the path of the game's record, ending in \"." +
                    game_.recordExtension() + "\"");
    if (!o.over())
        abandoned_ = true;
    else if (!current().outcome().over())
        adjudicated_ = o;
    clock_.stop(0);
    if (clocks) clock_.setRemaining(*clocks);
    recordPath_ = textOf(event, "record").value_or("");
    if (said) announceResult(*said, o);
    return true;
}

std::unique_ptr<Session> Session::replay(const Game& game, JournalReader& reader,
                                         AnnouncementSink& out, const TimeSource& time,
                                         std::string& error) {
    nlohmann::json event;
    if (!reader.next(event, error)) return nullptr;
    auto s = replayStart(game, event, reader.where(), out, time, error);
    if (!s) return nullptr;
    // One line at a time, each replayed as it is read: what stays is the game.
    while (reader.next(event, error)) {
        if (!s->replayEvent(event, reader.where(), nullptr, error)) return nullptr;
    }
    if (!error.empty()) return nullptr;
    return s;
}

std::unique_ptr<Session> Session::resume(const Game& game, const JournalContents& journal,
                                         AnnouncementSink& out, const TimeSource& time,
                                         std::string& error) {
    const std::string over = ": the game has a result: there is nothing to resume";
    if (journal.finished) {
        error = journal.where(journal.lastLine) + over;
        return nullptr;
    }
    auto reader = JournalReader::open(journal.path, error);
    if (!reader) return nullptr;
    // Replayed in silence: what was said before is not said again.
    auto s = replay(game, *reader, out, time, error);
    if (!s) return nullptr;
    if (reader->finished()) {
        error = reader->where() + over;
        return nullptr;
    }
    if (s->over()) {
        error = reader->where() + ": the game is over but has no result line";
        return nullptr;
    }
    if (reader->droppedTornLine())
        spdlog::warn("{}: dropped a last line cut short by a crash (it was never announced)",
                     journal.path);
    s->journal_ = JournalWriter::append(journal.path, reader->validBytes(), error);
    if (!s->journal_) return nullptr;
    // Arbiterd's clocks wait until the boards show the game again: setting
    // them up is no one's thinking time. A DGT clock runs as its lever says.
    if (s->turns() > 0 && s->clock_.control().keptByDgtClock()) {
        s->clock_.start(s->current().toMove(), time.now());
        s->limits_.startPlay(time.now());
    } else if (s->turns() > 0) {
        s->clockHeld_ = true;
    }
    out.announce(
        {AnnouncementType::Resume,
         "Resumed the game from " + journal.path + ". " +
             (s->over() ? std::string() : s->toMoveText(s->turns()) + ". ") +
             s->clockTextNow() + "." +
             (s->clockHeld_ ? " No clock runs until the boards show this position, or a "
                              "player says arbiterctl resume."
                            : "") +
             " To start afresh instead: arbiterctl new-game.",
         {{"journal", journal.path}, {"ply", s->ply()}, {"turns", s->turns()}}});
    // The daemon stopped between an action and the chance it called for.
    if (!s->drawChance()) {
        error = "cannot write the journal";
        return nullptr;
    }
    return s;
}

}  // namespace arbiter
