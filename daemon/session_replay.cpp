// Session::resume: a game brought back from its journal, event by event.
#include <spdlog/spdlog.h>

#include "daemon/session.h"

namespace arbiter {

std::unique_ptr<Session> Session::resume(const Game& game, const JournalContents& journal,
                                         AnnouncementSink& out, const TimeSource& time,
                                         std::string& error) {
    const nlohmann::json& header = journal.events.front();
    auto fail = [&](size_t index, const std::string& why) {
        error = journal.path + ": event " + std::to_string(index + 1) + ": " + why;
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
        return fail(0, "this game was played with options " + header["options"].dump() +
                           ", but the table is set up for " + optionsJson(game.options()).dump() +
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
    // Replay into a scratch announcer: what was said before is not said again.
    std::unique_ptr<Session> s(new Session(game, std::move(start), settings, out, time));
    s->started_ = text(header, "started").value_or(time.wallClock());
    auto clocksOf = [&](const nlohmann::json& j,
                        size_t players) -> std::optional<std::vector<Millis>> {
        if (!j.contains("clock") || !j["clock"].is_array() || j["clock"].size() != players)
            return std::nullopt;
        std::vector<Millis> ms;
        for (const auto& v : j["clock"]) {
            if (!v.is_number_integer() || v.get<Millis>() < 0) return std::nullopt;
            ms.push_back(v.get<Millis>());
        }
        return ms;
    };
    for (size_t i = 1; i < journal.events.size(); ++i) {
        const auto& event = journal.events[i];
        const std::string type = event["type"];
        if (type == "move") {
            auto code = text(event, "action");
            if (!code) return fail(i, "move without \"action\"");
            auto action = s->current().decode(*code);
            if (action && action->kind != Action::Kind::Chance && s->current().chance())
                return fail(i, "\"" + *code + "\" comes before the chance it waits for");
            if (!action || !s->current().isLegal(*action))
                return fail(i, "\"" + *code + "\" is not a legal action here");
            if (action->kind == Action::Kind::Chance) {
                // The journal's draws must be the seed's: anything else is a
                // journal edited by hand, and replaying it would not be exact.
                uint64_t counter = s->chanceCounter_;
                auto what = s->current().chance();
                if (!what || s->chance_.draw(*what, counter) != action->payload)
                    return fail(i, "\"" + *code + "\" is not what this journal's seed draws here");
            }
            auto next = s->current().clone();
            next->apply(*action);
            auto clocks = clocksOf(event, static_cast<size_t>(next->playerCount()));
            if (!clocks) return fail(i, "move without a valid \"clock\"");
            std::string joiner;
            if (action->kind == Action::Kind::Join) {
                joiner = text(event, "name").value_or("");
                if (!isValidPlayerName(joiner))
                    return fail(i, "a player joins without a valid name");
            }
            if (event.contains("played")) {
                if (!event["played"].is_number_integer() || event["played"].get<Millis>() < 0)
                    return fail(i, "bad \"played\" time");
                s->limits_.setPlayed(event["played"].get<Millis>());
            }
            // Replayed on a stopped clock so that move counts (stages) follow;
            // the times are the ones recorded.
            s->before_.push_back({s->clock_.snapshot(0), s->limits_.rounds(), s->settings_.players,
                                  s->turns_, s->chanceCounter_});
            s->advanceClock(s->clock_, s->current(), *action, *next, 0);
            s->clock_.stop(0);
            s->clock_.setRemaining(*clocks);
            s->noteTurn(s->current(), *action, *next, joiner);
            s->states_.push_back(std::move(next));
            s->actions_.push_back(*action);
            s->clocksAfter_.push_back(*clocks);
        } else if (type == "takeback") {
            size_t plies = 1;
            if (event.contains("plies")) {
                if (!event["plies"].is_number_unsigned() || event["plies"].get<size_t>() < 1)
                    return fail(i, "bad \"plies\" in a takeback");
                plies = event["plies"].get<size_t>();
            }
            if (s->actions_.size() < plies) return fail(i, "takeback with no move to take back");
            for (size_t k = 0; k < plies; ++k) s->undoLast();
        } else if (type == "time-limit") {
            s->limits_.reachTimeLimit();
            if (event.contains("played") && event["played"].is_number_integer() &&
                event["played"].get<Millis>() >= 0)
                s->limits_.setPlayed(event["played"].get<Millis>());
        } else if (type == "illegal" || type == "consequences" || type == "fixed" ||
                   type == "draw-offer" || type == "pause" || type == "resume") {
            // Informational: nothing to replay.
        } else {
            return fail(i, "unknown event type \"" + type + "\"");
        }
    }
    if (s->over())
        return fail(journal.events.size() - 1, "the game is over but has no result line");
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
