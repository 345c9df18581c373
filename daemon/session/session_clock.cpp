// The session's clocks: what they read and say, how an action moves them, and
// the ends that time brings (a flag fallen, the game's time limit reached).
#include <spdlog/spdlog.h>

#include "daemon/session/session.h"

namespace arbiter {

std::string Session::clockText(const std::vector<Millis>& readings) const {
    if (!clock_.timesKnown()) return "No times yet: waiting for the DGT clock";
    // A seat out of the game has no time to keep; its name may be taken
    // again by the same player rejoining at a new seat.
    bool anyInGame = false;
    for (PlayerId p = 0; p < current().playerCount(); ++p) anyInGame |= inGame(current(), p);
    std::string text;
    for (size_t p = 0; p < readings.size() && p < settings_.players.size(); ++p) {
        const auto seat = static_cast<PlayerId>(p);
        if (anyInGame && seat < current().playerCount() && !inGame(current(), seat)) continue;
        if (!text.empty()) text += ", ";
        text += settings_.players[p] + " " + GameClock::format(readings[p]);
    }
    return text;
}

std::string Session::clockTextNow() const {
    return clockText(clock_.remainingAll(time_.now()));
}

nlohmann::json Session::clockJson() const {
    return clock_.remainingAll(time_.now());
}

void Session::advanceClock(GameClock& clock, const GameState& before, const Action& a,
                           const GameState& after, Millis now) const {
    PlayerId actor = actorOf(before, a);
    // Players knocked out by this action take no more hourglass time.
    for (PlayerId p = 0; p < before.playerCount(); ++p) {
        if (p != actor && inGame(before, p) && !inGame(after, p)) clock.removePlayer(p, now);
    }
    if (a.kind == Action::Kind::Join) {
        clock.addPlayer(now);
    } else if (a.kind == Action::Kind::Leave) {
        bool theirTurn = clock.runner() == actor;
        clock.removePlayer(actor, now);
        if (theirTurn && !after.outcome().over()) clock.start(after.toMove(), now);
    } else if (endsTurn(a, after)) {
        clock.moved(actor, after.toMove(), now);
    }
}

std::optional<Millis> Session::lowTimeAt() const {
    if (over()) return std::nullopt;
    return lowTime_.nextAt(clock_, time_.now());
}

void Session::warnLowTime() {
    if (over()) return;
    const auto warning = lowTime_.due(clock_, time_.now());
    if (!warning) return;
    const std::string& name = playerName(warning->player);
    out_.announce({AnnouncementType::TimeLow,
                   name + ": " + LowTimeWarnings::said(warning->mark) + " left.",
                   {{"player", warning->player}, {"name", name}, {"leftMs", warning->mark}}});
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
    out_.announce({AnnouncementType::TimeLimit,
                   "The time limit of " + GameClock::format(limits_.limits().time) +
                       " is reached: " +
                       (between ? std::string("the game ends now.")
                                : "the round is finished, then the game ends."),
                   {{"played", limits_.played(now)}}});
    if (between) finish(stoppedOutcome(current(), limits_.reason()), Ending::ByTheLimits);
}

void Session::checkFlag() {
    if (over() || !clock_.running()) return;
    Millis now = time_.now();
    PlayerId flagged = clock_.runner();
    if (clock_.remaining(flagged, now) > 0) return;
    flagFell(flagged, now);
}

void Session::clockReported(const ClockReport& report) {
    if (over() || !clock_.control().keptByDgtClock()) return;
    clock_.report(report);
    const PlayerId mover = current().toMove();
    const auto m = static_cast<size_t>(mover);
    if (m >= report.flagFallen.size() || m >= report.remaining.size()) return;
    // Before the clock has run in this game (or a move has started it), a flag
    // it shows is one left from the game before; so is one down since before
    // the game began, until the clock shows that player's time again.
    const bool live = clock_.seenRunning() || clock_.runner() != NoPlayer;
    if (clock_.paused() || !live || clock_.flagLeftFromBefore(mover)) return;
    if (report.flagFallen[m] || report.remaining[m] <= 0) flagFell(mover, time_.now());
}

void Session::clockShownBefore(const ClockReport& report) {
    if (over() || !clock_.control().keptByDgtClock()) return;
    clock_.markFlagsShownBefore(report);
    clockReported(report);
}

void Session::flagFell(PlayerId flagged, Millis now) {
    const std::string name = settings_.players[static_cast<size_t>(flagged)];
    std::vector<PlayerId> others;
    bool anyCanWin = false;
    for (PlayerId p = 0; p < current().playerCount(); ++p) {
        if (p == flagged || !inGame(current(), p)) continue;
        others.push_back(p);
        anyCanWin = anyCanWin || current().canStillWin(p);
    }
    out_.announce({AnnouncementType::Flag,
                   name + "'s flag has fallen.",
                   {{"player", flagged}, {"name", name}}});
    // In a game that goes on without them, running out of time is leaving it:
    // the next player's clock starts. (If that cannot be recorded, the clocks stop.)
    if (current().isLegal(Action::leave(flagged)) && others.size() > 1) {
        if (!commit(Action::leave(flagged))) clock_.stop(now);
        return;
    }
    clock_.stop(now);
    if (anyCanWin)
        finish(Outcome::win(current().opponents(flagged), name + " lost on time"), Ending::OnTime);
    else
        finish(Outcome::draw(name + " ran out of time, but the opponent cannot mate"),
               Ending::OnTime);
}

}  // namespace arbiter
