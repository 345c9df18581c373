// Session::replayStart and replayEvent: a game brought back from its journal,
// event by event; Session::resume goes on with it.
#include <cstdio>

#include <spdlog/spdlog.h>

#include "daemon/json_text.h"
#include "daemon/session.h"

namespace arbiter {

std::unique_ptr<Session> Session::replayStart(const Game& game, const JournalContents& journal,
                                              AnnouncementSink& out, const TimeSource& time,
                                              std::string& error) {
    if (journal.events.empty()) {
        error = journal.path + ": empty journal";
        return nullptr;
    }
    const nlohmann::json& header = journal.events.front();
    auto fail = [&](size_t index, const std::string& why) {
        error = journal.where(index) + ": " + why;
        return nullptr;
    };
    auto text = [](const nlohmann::json& j, const char* key) -> std::optional<std::string> {
        if (!j.contains(key) || !j[key].is_string()) return std::nullopt;
        return j[key].get<std::string>();
    };
    auto gameName = text(header, "game");
    if (!gameName || *gameName != game.name())
        return fail(0, "this journal is for game \"" + gameName.value_or("?") + "\", not \"" +
                           game.name() + "\"");
    auto startText = text(header, "start");
    if (!startText) return fail(0, "no \"start\" state");
    std::string loadError;
    auto start = game.load(*startText, loadError);
    if (!start) return fail(0, "bad start state: " + loadError);
    auto timeText = text(header, "time");
    auto control = timeText ? TimeControl::parse(*timeText) : std::nullopt;
    if (!control) return fail(0, "bad or missing \"time\"");

    SessionSettings settings;
    settings.time = *control;
    if (header.contains("limits")) {
        const auto& l = header["limits"];
        auto whole = [&](const char* key, long max) -> std::optional<long> {
            if (!l.is_object() || !l.contains(key) || !l[key].is_number_integer())
                return std::nullopt;
            long v = l[key].get<long>();
            if (v < 0 || v > max) return std::nullopt;
            return v;
        };
        auto time = whole("time", 24L * 3'600'000);
        auto moves = whole("moves", 10000);
        if (!time || !moves) return fail(0, "bad \"limits\"");
        settings.limits = {*time, static_cast<int>(*moves)};
    }
    // An option the game gained since the journal was written (FIDE's
    // strict-touch) was played at its default: the game still resumes.
    nlohmann::json playedWith = header.contains("options") ? header["options"] : nlohmann::json();
    if (const GameInfo* info = gameInfo(game.name()); info && playedWith.is_object() &&
                                                      playedWith.contains("values") &&
                                                      playedWith["values"].is_object()) {
        for (const OptionSpec& spec : info->options) {
            if (!playedWith["values"].contains(spec.name))
                playedWith["values"][spec.name] = spec.defaultValue;
        }
    }
    if (header.contains("options") && playedWith != optionsJson(game.options()))
        return fail(0, "this game was played with options " + jsonText(header["options"]) +
                           ", but the table is set up for " + jsonText(optionsJson(game.options())) +
                           " (start arbiterd with the game's options to resume it)");
    if (header.contains("seed")) {
        auto seedText = text(header, "seed");
        auto seed = seedText ? ChanceSource::parseSeed(*seedText) : std::nullopt;
        if (!seed) return fail(0, "bad \"seed\": 1 to 16 hexadecimal digits, in lower case");
        settings.seed = *seed;
    }
    if (header.contains("players") && header["players"].is_array()) {
        for (const auto& name : header["players"]) {
            if (name.is_string()) settings.players.push_back(name.get<std::string>());
        }
    }
    std::unique_ptr<Session> s(new Session(game, std::move(start), settings, out, time));
    s->started_ = text(header, "started").value_or(time.wallClock());
    return s;
}

namespace {

std::optional<std::string> textOf(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_string()) return std::nullopt;
    return j[key].get<std::string>();
}

// A journalled "clock" (or `key`): one whole, non-negative number of ms per seat.
std::optional<std::vector<Millis>> clocksOf(const nlohmann::json& j, size_t players,
                                            const char* key = "clock") {
    if (!j.contains(key) || !j[key].is_array() || j[key].size() != players) return std::nullopt;
    std::vector<Millis> ms;
    for (const auto& v : j[key]) {
        if (!v.is_number_integer() || v.get<Millis>() < 0) return std::nullopt;
        ms.push_back(v.get<Millis>());
    }
    return ms;
}

}  // namespace

std::unique_ptr<Game> gameOfJournal(const JournalContents& journal, std::string& error) {
    if (journal.events.empty()) {
        error = journal.path + ": empty journal";
        return nullptr;
    }
    const nlohmann::json& header = journal.events.front();
    auto fail = [&](const std::string& why) -> std::unique_ptr<Game> {
        error = journal.where(0) + ": " + why;
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
            if (!o["players"].is_number_integer() || o["players"].get<int64_t>() < 0 ||
                o["players"].get<int64_t>() > 1000)
                return fail(shape);
            options.players = o["players"].get<int>();
        }
        if (o.contains("size")) {
            auto size = textOf(o, "size");
            int files = -1, ranks = -1;
            char x = 0, extra = 0;
            if (!size || std::sscanf(size->c_str(), "%d%c%d%c", &files, &x, &ranks, &extra) != 3 ||
                x != 'x' || files < 0 || ranks < 0)
                return fail(shape);
            options.files = files;
            options.ranks = ranks;
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

bool Session::replayEvent(const JournalContents& journal, size_t index, AnnouncementSink* said,
                          std::string& error) {
    auto fail = [&](const std::string& why) {
        error = journal.where(index) + ": " + why;
        return false;
    };
    if (index == 0 || index >= journal.events.size()) return fail("no such event to replay");
    const nlohmann::json& event = journal.events[index];
    if (!event.is_object() || !event.contains("type") || !event["type"].is_string())
        return fail("event has no \"type\" string");
    const std::string type = event["type"];
    if (type == "move") {
        auto code = textOf(event, "action");
        if (!code) return fail("move without \"action\"");
        auto action = current().decode(*code);
        if (action && action->kind != Action::Kind::Chance && current().chance())
            return fail("\"" + *code + "\" comes before the chance it waits for");
        if (!action || !current().isLegal(*action))
            return fail("\"" + *code + "\" is not a legal action here");
        if (action->kind == Action::Kind::Chance) {
            // The journal's draws must be the seed's: anything else is a
            // journal edited by hand, and replaying it would not be exact.
            uint64_t counter = chanceCounter_;
            auto what = current().chance();
            if (!what || chance_.draw(*what, counter) != action->payload)
                return fail("\"" + *code + "\" is not what this journal's seed draws here");
        }
        auto next = current().clone();
        next->apply(*action);
        auto clocks = clocksOf(event, static_cast<size_t>(next->playerCount()));
        if (!clocks) return fail("move without a valid \"clock\"");
        std::string joiner;
        if (action->kind == Action::Kind::Join) {
            joiner = textOf(event, "name").value_or("");
            if (!isValidPlayerName(joiner)) return fail("a player joins without a valid name");
        }
        if (event.contains("played") &&
            (!event["played"].is_number_integer() || event["played"].get<Millis>() < 0))
            return fail("bad \"played\" time");
        // The clocks when the action was made, its mover's thinking time
        // spent: what a takeback gives back. Journals written before it was
        // recorded give back the times after the action before.
        std::optional<std::vector<Millis>> clocksBefore;
        if (event.contains("clockBefore")) {
            clocksBefore = clocksOf(event, static_cast<size_t>(clock_.seats()), "clockBefore");
            if (!clocksBefore) return fail("move without a valid \"clockBefore\"");
        }
        if (event.contains("played")) limits_.setPlayed(event["played"].get<Millis>());
        const GameState& before = current();
        const PlayerId actor = actorOf(before, *action);
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
    } else if (type == "takeback") {
        size_t plies = 1;
        if (event.contains("plies")) {
            if (!event["plies"].is_number_unsigned() || event["plies"].get<size_t>() < 1)
                return fail("bad \"plies\" in a takeback");
            plies = event["plies"].get<size_t>();
        }
        if (actions_.size() < plies) return fail("takeback with no move to take back");
        const size_t first = actions_.size() - plies;
        const std::string undone = withTableNames(states_[first]->describe(actions_[first]));
        const PlayerId mover = states_[first]->toMove();
        // The clocks as the takeback left them, thinking time charged.
        std::optional<std::vector<Millis>> restored;
        if (event.contains("clock")) {
            restored = clocksOf(event, before_[first].clocks.remaining.size());
            if (!restored) return fail("takeback without a valid \"clock\"");
        }
        for (size_t k = 0; k < plies; ++k) undoLast();
        if (restored) clock_.setRemaining(*restored);
        if (event.contains("replacedBy")) {
            // Said as the whole action made in place of its part, by the next move line.
            replacedPart_ = undone;
        } else if (said) {
            announceTakeback(*said, undone, mover, restored.value_or(clock_.remainingAll(0)));
        }
    } else if (type == "time-limit") {
        limits_.reachTimeLimit();
        if (event.contains("played") && event["played"].is_number_integer() &&
            event["played"].get<Millis>() >= 0)
            limits_.setPlayed(event["played"].get<Millis>());
    } else if (type == "result") {
        return replayResult(journal, index, said, error);
    } else if (type == "illegal" || type == "consequences" || type == "fixed" ||
               type == "draw-offer" || type == "pause" || type == "resume") {
        // Informational: nothing to replay.
    } else {
        return fail("unknown event type \"" + type + "\"");
    }
    return true;
}

bool Session::replayResult(const JournalContents& journal, size_t index, AnnouncementSink* said,
                           std::string& error) {
    auto fail = [&](const std::string& why) {
        error = journal.where(index) + ": " + why;
        return false;
    };
    const nlohmann::json& event = journal.events[index];
    const std::string status = textOf(event, "status").value_or("");
    if (status != "win" && status != "draw" && status != "abandoned")
        return fail("a result's \"status\" is win, draw or abandoned");
    std::vector<PlayerId> winners;
    if (event.contains("winners")) {
        if (!event["winners"].is_array()) return fail("a result's \"winners\" is a list of seats");
        for (const auto& w : event["winners"]) {
            if (!w.is_number_integer() || w.get<int64_t>() < 0 ||
                w.get<int64_t>() >= current().playerCount())
                return fail("a result's \"winners\" is a list of seats");
            winners.push_back(static_cast<PlayerId>(w.get<int64_t>()));
        }
    }
    if (status == "win" && winners.empty()) return fail("a result of \"win\" names its winners");
    const std::string reason = textOf(event, "reason").value_or("");
    Outcome o = status == "win"    ? Outcome::win(winners, reason)
                : status == "draw" ? Outcome::draw(reason)
                                   : Outcome{};
    if (status == "draw") o.winners = winners;
    if (!o.over())
        abandoned_ = true;
    else if (!current().outcome().over())
        adjudicated_ = o;
    clock_.stop(0);
    if (event.contains("clock")) {
        if (auto clocks = clocksOf(event, static_cast<size_t>(current().playerCount())))
            clock_.setRemaining(*clocks);
    }
    recordPath_ = textOf(event, "record").value_or("");
    if (said) announceResult(*said, o);
    return true;
}

std::unique_ptr<Session> Session::resume(const Game& game, const JournalContents& journal,
                                         AnnouncementSink& out, const TimeSource& time,
                                         std::string& error) {
    if (journal.finished) {
        error = journal.where(journal.events.size() - 1) +
                ": the game has a result: there is nothing to resume";
        return nullptr;
    }
    // Replayed in silence: what was said before is not said again.
    auto s = replayStart(game, journal, out, time, error);
    if (!s) return nullptr;
    for (size_t i = 1; i < journal.events.size(); ++i) {
        if (!s->replayEvent(journal, i, nullptr, error)) return nullptr;
    }
    if (s->over()) {
        error =
            journal.where(journal.events.size() - 1) + ": the game is over but has no result line";
        return nullptr;
    }
    if (journal.droppedTornLine)
        spdlog::warn("{}: dropped a last line cut short by a crash (it was never announced)",
                     journal.path);
    s->journal_ = JournalWriter::append(journal.path, journal.validBytes, error);
    if (!s->journal_) return nullptr;
    if (s->turns() > 0) {
        s->clock_.start(s->current().toMove(), time.now());
        s->limits_.startPlay(time.now());
    }
    out.announce(
        {"resume",
         "Resumed the game from " + journal.path + " after " + std::to_string(s->turns()) +
             " moves. " +
             (s->over() ? std::string()
                        : s->settings_.players[static_cast<size_t>(s->current().toMove())] +
                              " to move. ") +
             s->clockTextNow() + ". To start afresh instead: arbiterctl new-game.",
         {{"journal", journal.path}, {"ply", s->ply()}, {"turns", s->turns()}}});
    // The daemon stopped between an action and the chance it called for.
    if (!s->drawChance()) {
        error = "cannot write the journal";
        return nullptr;
    }
    return s;
}

}  // namespace arbiter
