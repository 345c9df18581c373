#include "daemon/session.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>

namespace arbiter {

namespace {

std::string journalStem(const std::string& wallClock, const std::string& game) {
    std::string stem = wallClock;
    for (char& c : stem) {
        if (c == ':') c = '-';
    }
    return stem + "-" + game;
}

// Pieces of other players that stood on the board before the action and not after.
std::vector<std::string> capturedBy(const GameState& before, const GameState& after,
                                    PlayerId mover) {
    std::vector<std::string> captured;
    const Geometry& g = before.geometry();
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        auto was = before.pieceAt(c);
        if (!was || was->owner == mover) continue;
        if (after.pieceAt(c) == was) continue;
        if (auto look = before.appearance(c)) captured.push_back(words(*look) + " on " + g.name(c));
    }
    return captured;
}

// PGN's TimeControl tag (seconds): "300+3", hourglass "*300"; "?" for what PGN cannot say.
std::string pgnTimeControl(const TimeControl& t) {
    if (t.stages().size() > 1) return "?";
    switch (t.mode) {
        case TimeControl::Mode::Fischer:
            return std::to_string(t.base / 1000) + "+" + std::to_string(t.increment / 1000);
        case TimeControl::Mode::Hourglass:
            return "*" + std::to_string(t.base / 1000);
        default:
            return "?";
    }
}

}  // namespace

bool isValidPlayerName(const std::string& name) {
    if (name.empty() || name.size() > 40) return false;
    for (unsigned char c : name) {
        if (c < 0x20 || c == 0x7f) return false;
    }
    return true;
}

Session::Session(const Game& game, std::unique_ptr<GameState> start,
                 const SessionSettings& settings, AnnouncementSink& out, const TimeSource& time)
    : game_(game),
      settings_(settings),
      out_(out),
      time_(time),
      clock_(settings.time, start->playerCount()),
      limits_(settings.limits) {
    if (settings_.players.size() != static_cast<size_t>(start->playerCount())) {
        settings_.players.clear();
        for (PlayerId p = 0; p < start->playerCount(); ++p)
            settings_.players.push_back(start->playerName(p));
    }
    offersDraw_.assign(static_cast<size_t>(start->playerCount()), false);
    states_.push_back(std::move(start));
}

std::unique_ptr<Session> Session::begin(const Game& game, const SessionSettings& settings,
                                        AnnouncementSink& out, const TimeSource& time,
                                        std::string& error) {
    std::unique_ptr<Session> s(new Session(game, game.start(), settings, out, time));
    s->started_ = time.wallClock();
    if (!settings.journalDir.empty()) {
        s->journal_ = JournalWriter::create(settings.journalDir,
                                            journalStem(s->started_, game.name()), error);
        if (!s->journal_) return nullptr;
    }
    nlohmann::json header = {
        {"type", "game"},
        {"version", 1},
        {"game", game.name()},
        {"start", s->current().serialize()},
        {"time", settings.time.text()},
        {"limits", {{"time", settings.limits.time}, {"moves", settings.limits.moves}}},
        {"players", s->settings_.players},
        {"started", s->started_}};
    if (!s->record(header)) {
        error = "cannot write the journal";
        return nullptr;
    }
    std::string where = s->journal_ ? " Journal: " + s->journal_->path() + "." : "";
    out.announce({"start",
                  "New game of " + game.name() + ", " + settings.time.text() + ". " +
                      s->settings_.players[0] + " to move; clocks start with the first move." +
                      where,
                  {{"game", game.name()}, {"time", settings.time.text()}}});
    return s;
}

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
            if (!action || !s->current().isLegal(*action))
                return fail(i, "\"" + *code + "\" is not a legal action here");
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
            s->before_.push_back(
                {s->clock_.snapshot(0), s->limits_.rounds(), s->settings_.players});
            s->advanceClock(s->clock_, s->current(), *action, *next, 0);
            s->clock_.stop(0);
            s->clock_.setRemaining(*clocks);
            s->noteTurn(s->current(), *action, *next, joiner);
            s->states_.push_back(std::move(next));
            s->actions_.push_back(*action);
        } else if (type == "takeback") {
            if (s->actions_.empty()) return fail(i, "takeback with no move to take back");
            s->undoLast();
        } else if (type == "time-limit") {
            s->limits_.reachTimeLimit();
            if (event.contains("played") && event["played"].is_number_integer() &&
                event["played"].get<Millis>() >= 0)
                s->limits_.setPlayed(event["played"].get<Millis>());
        } else if (type == "illegal" || type == "fixed" || type == "draw-offer" ||
                   type == "pause" || type == "resume") {
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
    if (s->ply() > 0) {
        s->clock_.start(s->current().toMove(), time.now());
        s->limits_.startPlay(time.now());
    }
    out.announce({"resume",
                  "Resumed the game from " + journal.path + " after " + std::to_string(s->ply()) +
                      " moves. " + s->clockText(),
                  {{"journal", journal.path}, {"ply", s->ply()}}});
    return s;
}

Outcome Session::outcome() const {
    if (adjudicated_) return *adjudicated_;
    return current().outcome();
}

bool Session::record(const nlohmann::json& event) {
    if (!journal_) return true;
    std::string error;
    if (journal_->write(event, error)) return true;
    spdlog::error("{}", error);
    out_.announce({"error", "Cannot record the game (" + error + "): nothing was changed.", {}});
    return false;
}

std::string Session::moveLabel(int ply, PlayerId mover) const {
    if (current().playerCount() == 2)
        return std::to_string(ply / 2 + 1) + (mover == 0 ? ". " : "... ");
    return settings_.players[static_cast<size_t>(mover)] + ": ";
}

std::string Session::clockText() const {
    std::string text;
    Millis now = time_.now();
    for (PlayerId p = 0; p < current().playerCount(); ++p) {
        if (!text.empty()) text += ", ";
        text += settings_.players[static_cast<size_t>(p)] + " " +
                GameClock::format(clock_.remaining(p, now));
    }
    return text;
}

nlohmann::json Session::clockJson() const {
    return clock_.remainingAll(time_.now());
}

PlayerId Session::actorOf(const GameState& state, const Action& a) {
    if (a.kind == Action::Kind::Join) return state.playerCount();
    if (a.kind == Action::Kind::Leave) return a.arg;
    return state.toMove();
}

void Session::advanceClock(GameClock& clock, const GameState& before, const Action& a,
                           const GameState& after, Millis now) const {
    PlayerId actor = actorOf(before, a);
    // Players knocked out by this action take no more hourglass time.
    for (PlayerId p = 0; p < before.playerCount(); ++p) {
        if (p != actor && before.inGame(p) && !after.inGame(p)) clock.removePlayer(p, now);
    }
    if (a.kind == Action::Kind::Join) {
        clock.addPlayer(now);
    } else if (a.kind == Action::Kind::Leave) {
        bool theirTurn = clock.runner() == actor;
        clock.removePlayer(actor, now);
        if (theirTurn && !after.outcome().over()) clock.start(after.toMove(), now);
    } else {
        clock.moved(actor, after.toMove(), now);
    }
}

void Session::noteTurn(const GameState& before, const Action& a, const GameState& after,
                       const std::string& joiner) {
    if (a.kind == Action::Kind::Join)
        settings_.players.push_back(joiner.empty() ? after.playerName(after.playerCount() - 1)
                                                   : joiner);
    offersDraw_.resize(static_cast<size_t>(after.playerCount()), false);
    // A turn is taken by every action but a join, and by leaving on one's own turn.
    bool tookTurn =
        !a.changesRoster() || (a.kind == Action::Kind::Leave && a.arg == before.toMove());
    if (tookTurn) limits_.turnTaken(before.toMove(), after.toMove());
}

void Session::undoLast() {
    const Before& b = before_.back();
    clock_.restore(b.clocks);
    limits_.restore(b.rounds);
    settings_.players = b.players;
    offersDraw_.resize(settings_.players.size(), false);
    before_.pop_back();
    states_.pop_back();
    actions_.pop_back();
}

bool Session::commit(const Action& a, const std::string& joiner) {
    const GameState& before = current();
    PlayerId actor = actorOf(before, a);
    Millis now = time_.now();
    std::string san = before.describe(a);
    std::string code = before.encode(a);
    auto after = before.clone();
    after->apply(a);

    GameClock clock = clock_;
    advanceClock(clock, before, a, *after, now);
    GameLimitWatch limits = limits_;
    // Play (for the time limit) starts with the first move and waits while paused.
    if (!a.changesRoster() && !clock_.paused()) limits.startPlay(now);
    std::vector<Millis> remaining = clock.remainingAll(now);
    auto captured = capturedBy(before, *after, actor);
    nlohmann::json event = {
        {"type", "move"},         {"ply", ply() + 1},   {"player", actor},
        {"action", code},         {"notation", san},    {"state", after->serialize()},
        {"captured", captured},   {"clock", remaining}, {"played", limits.played(now)},
        {"at", time_.wallClock()}};
    if (a.kind == Action::Kind::Join) {
        event["name"] = joiner.empty() ? after->playerName(actor) : joiner;
    }
    if (!record(event)) return false;

    before_.push_back({clock_.snapshot(now), limits_.rounds(), settings_.players});
    clock_ = clock;
    limits_ = limits;
    noteTurn(before, a, *after, event.value("name", ""));
    // Moving is declining: offers by everyone else lapse.
    if (!a.changesRoster()) {
        for (size_t p = 0; p < offersDraw_.size(); ++p) {
            if (static_cast<PlayerId>(p) != actor) offersDraw_[p] = false;
        }
    }
    std::string label = moveLabel(ply(), actor);
    states_.push_back(std::move(after));
    actions_.push_back(a);
    const std::string& name = settings_.players[static_cast<size_t>(actor)];
    if (a.kind == Action::Kind::Join) {
        out_.announce({"join",
                       name + " joins the game in seat " + std::to_string(actor + 1) +
                           ", at the end of the rotation. " + clockText(),
                       {{"ply", ply()}, {"player", actor}, {"name", name}, {"clock", remaining}}});
    } else if (a.kind == Action::Kind::Leave) {
        std::string next =
            current().outcome().over()
                ? std::string()
                : " " + settings_.players[static_cast<size_t>(current().toMove())] + " to move.";
        out_.announce({"leave",
                       name + " leaves the game; their pieces leave the board with them." + next,
                       {{"ply", ply()}, {"player", actor}, {"name", name}, {"clock", remaining}}});
    } else {
        std::string text = label + san + " (" + code + ")";
        for (const auto& c : captured) text += ", takes the " + c;
        out_.announce({"move",
                       text + ". " + clockText(),
                       {{"ply", ply()},
                        {"player", actor},
                        {"san", san},
                        {"uci", code},
                        {"captured", captured},
                        {"clock", remaining}}});
    }
    endIfOver();
    return true;
}

void Session::endIfOver() {
    Outcome o = current().outcome();
    if (o.over()) {
        finish(o);
        return;
    }
    if (std::string why = limits_.reason(); !why.empty()) {
        finish(current().stoppedOutcome(why));
        return;
    }
    std::string claim = current().claimableDraw();
    if (!claim.empty()) {
        out_.announce({"claimable",
                       settings_.players[static_cast<size_t>(current().toMove())] +
                           " may claim a draw (" + claim + ").",
                       {{"reason", claim}}});
    }
}

void Session::checkTimeLimit() {
    if (over() || limits_.timeLimitReached()) return;
    Millis now = time_.now();
    if (limits_.limits().time <= 0 || limits_.played(now) < limits_.limits().time) return;
    if (!record(
            {{"type", "time-limit"}, {"played", limits_.played(now)}, {"at", time_.wallClock()}}))
        return;
    limits_.reachTimeLimit();
    bool between = !limits_.rounds().open;
    out_.announce({"time-limit",
                   "The time limit of " + GameClock::format(limits_.limits().time) +
                       " is reached: " +
                       (between ? std::string("the game ends now.")
                                : "the round is finished, then the game ends."),
                   {{"played", limits_.played(now)}}});
    if (between) finish(current().stoppedOutcome(limits_.reason()));
}

bool Session::takeback() {
    if (actions_.empty()) return false;
    const Action undone = actions_.back();
    const GameState& before = *previous();
    std::string san = before.describe(undone);
    ClockState restored = before_.back().clocks;
    if (!record({{"type", "takeback"},
                 {"ply", ply()},
                 {"action", before.encode(undone)},
                 {"clock", restored.remaining},
                 {"at", time_.wallClock()}}))
        return false;
    PlayerId mover = before.toMove();
    undoLast();
    Millis now = time_.now();
    if (!actions_.empty()) clock_.start(mover, now);
    if (actions_.empty()) limits_.stopPlay(now);  // back before the first move
    out_.announce({"takeback",
                   "Takeback: " + san + " is undone. " +
                       settings_.players[static_cast<size_t>(mover)] + " to move. " + clockText(),
                   {{"ply", ply()}, {"undone", san}}});
    return true;
}

void Session::checkFlag() {
    if (over() || !clock_.running()) return;
    Millis now = time_.now();
    PlayerId flagged = clock_.runner();
    if (clock_.remaining(flagged, now) > 0) return;
    const std::string name = settings_.players[static_cast<size_t>(flagged)];
    std::vector<PlayerId> others;
    bool anyCanWin = false;
    for (PlayerId p = 0; p < current().playerCount(); ++p) {
        if (p == flagged || !current().inGame(p)) continue;
        others.push_back(p);
        anyCanWin = anyCanWin || current().canStillWin(p);
    }
    out_.announce({"flag", name + "'s flag has fallen.", {{"player", flagged}}});
    // In a game that goes on without them, running out of time is leaving it:
    // the next player's clock starts. (If that cannot be recorded, the clocks stop.)
    if (current().isLegal(Action::leave(flagged)) && others.size() > 1) {
        if (!commit(Action::leave(flagged))) clock_.stop(now);
        return;
    }
    clock_.stop(now);
    if (anyCanWin)
        finish(Outcome::win(others, name + " lost on time"));
    else
        finish(Outcome::draw(name + " ran out of time, but the opponent cannot mate"));
}

std::string Session::resultText(const Outcome& o) const {
    std::string who;
    for (PlayerId p : o.winners) {
        if (!who.empty()) who += " and ";
        who += settings_.players[static_cast<size_t>(p)];
    }
    if (o.status == Outcome::Status::Draw) return who.empty() ? "Draw" : "Draw between " + who;
    return who + (o.winners.size() == 1 ? " wins" : " win");
}

void Session::finish(const Outcome& o) {
    if (!o.over())
        abandoned_ = true;
    else if (!current().outcome().over())
        adjudicated_ = o;
    Millis now = time_.now();
    clock_.stop(now);
    limits_.stopPlay(now);

    GameRecord rec;
    rec.startText = states_.front()->serialize();
    rec.actions = actions_;
    rec.outcome = o;
    rec.outcomeNote = o.reason;
    std::string date = started_.substr(0, 10);
    for (char& c : date) {
        if (c == '-') c = '.';
    }
    rec.tags = {{"Event", "arbiter game"}, {"Site", "?"}, {"Date", date}, {"Round", "-"}};
    // A seat's tag is the game's name for it: White and Black in chess (as PGN
    // wants), Player1, Player2, ... elsewhere.
    for (PlayerId p = 0; p < current().playerCount(); ++p) {
        std::string tag = current().playerName(p);
        tag.erase(std::remove(tag.begin(), tag.end(), ' '), tag.end());
        rec.tags.emplace_back(tag, settings_.players[static_cast<size_t>(p)]);
    }
    rec.tags.emplace_back("TimeControl", pgnTimeControl(settings_.time));
    std::string exported = game_.exportRecord(rec);

    const char* status = !o.over()                          ? "abandoned"
                         : o.status == Outcome::Status::Win ? "win"
                                                            : "draw";
    nlohmann::json event = {{"type", "result"},       {"status", status},
                            {"winners", o.winners},   {"reason", o.reason},
                            {"scores", scores()},     {"clock", clock_.remainingAll(now)},
                            {"at", time_.wallClock()}};
    if (journal_) {
        std::filesystem::path p(journal_->path());
        p.replace_extension(game_.recordExtension());
        std::ofstream file(p);
        file << exported;
        if (file) {
            recordPath_ = p.string();
            event["record"] = recordPath_;
        } else {
            spdlog::error("cannot write the game record {}", p.string());
        }
    }
    record(event);
    std::string text = o.over() ? "Game over: " + o.reason + ". " + resultText(o) + "."
                                : std::string("Game abandoned without a result.");
    if (!recordPath_.empty()) text += " Record: " + recordPath_ + ".";
    out_.announce({"result",
                   text,
                   {{"status", event["status"]},
                    {"winners", o.winners},
                    {"reason", o.reason},
                    {"scores", event["scores"]}}});
}

void Session::announceIllegal(const std::vector<CellFix>& fixes,
                              const std::vector<Action>& completes) {
    std::vector<std::string> steps;
    for (const CellFix& f : fixes) steps.push_back(Referee::describe(f, current().geometry()));
    std::string text = "Illegal position. To fix: ";
    for (size_t i = 0; i < steps.size(); ++i) text += (i ? "; " : "") + steps[i];
    text += ".";
    nlohmann::json data = {{"fixes", steps}};
    if (!completes.empty()) {
        std::string what = current().describe(completes.front());
        text += " (That completes " + what + ".)";
        data["completes"] = what;
    }
    record({{"type", "illegal"}, {"fixes", steps}, {"at", time_.wallClock()}});
    out_.announce({"illegal", text, data});
}

void Session::announceFixed() {
    record({{"type", "fixed"}, {"at", time_.wallClock()}});
    out_.announce({"fixed",
                   "The position is correct again. " +
                       settings_.players[static_cast<size_t>(current().toMove())] + " to move.",
                   {}});
}

void Session::announceAmbiguous(const std::vector<Action>& candidates) {
    std::vector<std::string> names;
    std::string text = "The board fits more than one move: ";
    std::string say;
    for (size_t i = 0; i < candidates.size(); ++i) {
        names.push_back(current().describe(candidates[i]));
        text += (i ? " or " : "") + names.back();
        say += (i ? " or " : "") + ("arbiterctl do " + current().encode(candidates[i]));
    }
    out_.announce({"ambiguous",
                   text + ". Make the position unambiguous, or say which: " + say + ".",
                   {{"candidates", names}}});
}

void Session::announceUnconfirmed(const std::vector<Action>& actions,
                                  const std::vector<Cell>& cells) {
    std::vector<std::string> names;
    std::string made;
    for (size_t i = 0; i < actions.size(); ++i) {
        names.push_back(current().describe(actions[i]));
        made += (i ? " or " : "") + names.back();
    }
    std::string where;
    for (size_t i = 0; i < cells.size(); ++i)
        where += (i ? " or " : "") + current().geometry().name(cells[i]);
    out_.announce({"confirm",
                   "If you made " + made + ", lift the piece on " + where +
                       " and set it down again: the board cannot tell a capture from a piece "
                       "held in the hand.",
                   {{"candidates", names}}});
}

void Session::announceStatus() {
    out_.announce({"status",
                   settings_.players[static_cast<size_t>(current().toMove())] + " to move after " +
                       std::to_string(ply()) + " moves. " + clockText(),
                   {{"ply", ply()}, {"state", current().serialize()}}});
}

}  // namespace arbiter

namespace arbiter {

std::string Session::refusal(PlayerId p) const {
    if (over()) return "the game is over";
    if (p < 0 || p >= current().playerCount())
        return "there is no player " + std::to_string(p) + " in this game";
    return {};
}

std::string Session::resign(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    if (!current().inGame(p))
        return settings_.players[static_cast<size_t>(p)] + " is out of the game";
    if (current().isLegal(Action::leave(p)))
        return commit(Action::leave(p)) ? std::string() : "cannot record the game";
    std::vector<PlayerId> others;
    for (PlayerId q = 0; q < current().playerCount(); ++q) {
        if (q != p && current().inGame(q)) others.push_back(q);
    }
    finish(Outcome::win(others, settings_.players[static_cast<size_t>(p)] + " resigned"));
    return {};
}

std::string Session::join(const std::string& name) {
    if (over()) return "the game is over";
    if (!name.empty() && !isValidPlayerName(name))
        return "a player's name has 1 to 40 characters and no control characters";
    if (std::find(settings_.players.begin(), settings_.players.end(), name) !=
        settings_.players.end())
        return "there is already a player called " + name + " at this table";
    if (!current().isLegal(Action::join()))
        return "this game takes no late players" +
               std::string(current().rosterActions().empty() ? "" : " now (every seat is taken)");
    return commit(Action::join(), name) ? std::string() : "cannot record the game";
}

std::string Session::offerDraw(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    if (!record({{"type", "draw-offer"}, {"player", p}, {"at", time_.wallClock()}}))
        return "cannot record the game";
    offersDraw_[static_cast<size_t>(p)] = true;
    out_.announce({"draw-offer",
                   settings_.players[static_cast<size_t>(p)] + " offers a draw.",
                   {{"player", p}}});
    return {};
}

std::string Session::acceptDraw(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    bool offered = false, everyoneElse = true;
    for (PlayerId q = 0; q < current().playerCount(); ++q) {
        if (q == p || !current().inGame(q)) continue;
        offered = offered || offersDraw_[static_cast<size_t>(q)];
        everyoneElse = everyoneElse && offersDraw_[static_cast<size_t>(q)];
    }
    if (!offered) return "no other player has offered a draw";
    if (everyoneElse) {
        finish(Outcome::draw("agreed"));
        return {};
    }
    // At a larger table a draw needs everyone still playing: accepting is offering too.
    return offerDraw(p);
}

std::string Session::claimDraw(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    std::string reason = current().claimableDraw();
    if (reason.empty()) return "there is no draw to claim in this position";
    finish(
        Outcome::draw(reason + " (claimed by " + settings_.players[static_cast<size_t>(p)] + ")"));
    return {};
}

std::string Session::pauseClocks() {
    if (over()) return "the game is over";
    if (clock_.paused()) return "the clocks are already paused";
    if (!clock_.running()) return "no clock is running yet";
    Millis now = time_.now();
    if (!record(
            {{"type", "pause"}, {"clock", clock_.remainingAll(now)}, {"at", time_.wallClock()}}))
        return "cannot record the game";
    clock_.pause(now);
    limits_.stopPlay(now);
    out_.announce({"pause", "Clocks paused. " + clockText(), {}});
    return {};
}

std::string Session::resumeClocks() {
    if (over()) return "the game is over";
    if (!clock_.paused()) return "the clocks are not paused";
    if (!record({{"type", "resume"}, {"at", time_.wallClock()}})) return "cannot record the game";
    clock_.resume(time_.now());
    if (ply() > 0) limits_.startPlay(time_.now());
    out_.announce({"resume-clocks", "Clocks running again. " + clockText(), {}});
    return {};
}

std::string Session::abandon() {
    if (over()) return "the game is over";
    finish(Outcome::ongoing());
    return {};
}

std::vector<int> Session::scores() const {
    std::vector<int> all;
    for (PlayerId p = 0; p < current().playerCount(); ++p)
        all.push_back(current().resources(p).score);
    return all;
}

nlohmann::json Session::snapshot() const {
    Millis now = time_.now();
    Outcome o = outcome();
    std::vector<bool> inGame;
    for (PlayerId p = 0; p < current().playerCount(); ++p) inGame.push_back(current().inGame(p));
    nlohmann::json j = {{"game", game_.name()},
                        {"state", current().serialize()},
                        {"ply", ply()},
                        {"toMove", current().toMove()},
                        {"players", settings_.players},
                        {"time", settings_.time.text()},
                        {"clock", clock_.remainingAll(now)},
                        {"clockRunning", clock_.running()},
                        {"scores", scores()},
                        {"inGame", inGame},
                        {"limits",
                         {{"time", limits_.limits().time},
                          {"moves", limits_.limits().moves},
                          {"played", limits_.played(now)},
                          {"rounds", limits_.rounds().done},
                          {"timeLimitReached", limits_.timeLimitReached()}}},
                        {"journal", journalPath()},
                        {"over", o.over() || abandoned_}};
    if (o.over()) {
        j["result"] = {{"status", o.status == Outcome::Status::Win ? "win" : "draw"},
                       {"winners", o.winners},
                       {"reason", o.reason}};
    }
    return j;
}

}  // namespace arbiter
