// Decisions said at the table rather than shown on a board: resigning,
// joining, draws, pausing the clocks, abandoning.
#include <algorithm>

#include "daemon/session/session.h"

namespace arbiter {

std::string Session::refusal(PlayerId p) const {
    if (over()) return "the game is over";
    if (p < 0 || p >= current().playerCount())
        return "there is no player " + std::to_string(p) + " in this game";
    return {};
}

std::string Session::resign(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    if (!inGame(current(), p))
        return settings_.players[static_cast<size_t>(p)] + " is out of the game";
    if (current().isLegal(Action::leave(p)))
        return commit(Action::leave(p)) ? std::string() : "cannot record the game";
    finish(Outcome::win(current().opponents(p),
                        settings_.players[static_cast<size_t>(p)] + " resigned"));
    return {};
}

std::string Session::join(const std::string& name) {
    if (over()) return "the game is over";
    if (!name.empty() && !isValidPlayerName(name))
        return "a player's name has 1 to 40 characters, not only spaces, and no control characters";
    // A name of a seat knocked out of the game is that player rejoining.
    int former = -1;
    for (size_t p = 0; p < settings_.players.size(); ++p) {
        if (settings_.players[p] != name) continue;
        if (inGame(current(), static_cast<PlayerId>(p)))
            return "there is already a player called " + name + " at this table";
        former = static_cast<int>(p);
    }
    if (clock_.control().keptByDgtClock())
        return "a DGT clock keeps the time of two players only: this game takes no late players";
    const Action joining = Action::join(former);
    if (!current().isLegal(joining)) {
        if (former >= 0) return name + " is out of this game and may not come back";
        return "this game takes no late players" +
               std::string(rosterActions(current()).empty() ? "" : " now (every seat is taken)");
    }
    return commit(joining, name) ? std::string() : "cannot record the game";
}

std::string Session::offerDraw(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    if (!record({{"type", "draw-offer"}, {"player", p}, {"at", time_.wallClock()}}))
        return "cannot record the game";
    offersDraw_[static_cast<size_t>(p)] = true;
    out_.announce({AnnouncementType::DrawOffer,
                   settings_.players[static_cast<size_t>(p)] + " offers a draw.",
                   {{"player", p}, {"name", settings_.players[static_cast<size_t>(p)]}}});
    return {};
}

std::string Session::acceptDraw(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    bool offered = false, everyoneElse = true;
    for (PlayerId q = 0; q < current().playerCount(); ++q) {
        if (q == p || !inGame(current(), q)) continue;
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

std::optional<PlayerId> Session::drawAccepter() const {
    const PlayerId mover = current().toMove();
    if (!offersDraw_[static_cast<size_t>(mover)]) return mover;
    std::optional<PlayerId> still;
    for (PlayerId q = 0; q < current().playerCount(); ++q) {
        if (!inGame(current(), q) || offersDraw_[static_cast<size_t>(q)]) continue;
        if (still) return std::nullopt;
        still = q;
    }
    return still;
}

std::string Session::claimDraw(PlayerId p) {
    if (auto why = refusal(p); !why.empty()) return why;
    std::string reason = claimableDraw(current());
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
    const std::vector<Millis> readings = clock_.remainingAll(now);
    if (!record({{"type", "pause"}, {"clock", readings}, {"at", time_.wallClock()}}))
        return "cannot record the game";
    clock_.pause(now);
    limits_.stopPlay(now);
    out_.announce({AnnouncementType::Pause, "Clocks paused. " + clockText(readings), {}});
    return {};
}

std::string Session::resumeClocks() {
    if (over()) return "the game is over";
    if (!clock_.paused() && startHeldClock("Play goes on, as a player asked")) return {};
    if (!clock_.paused()) return "the clocks are not paused";
    if (!record({{"type", "resume"}, {"at", time_.wallClock()}})) return "cannot record the game";
    const Millis now = time_.now();
    clock_.resume(now);
    if (clockHeld()) clock_.start(current().toMove(), now);
    clockHeld_ = false;
    if (ply() > 0) limits_.startPlay(now);
    out_.announce({AnnouncementType::ResumeClocks,
                   "Clocks running again. " + clockText(clock_.remainingAll(now)),
                   {}});
    return {};
}

bool Session::clockHeld() const {
    return clockHeld_ && !over() && clock_.runner() == NoPlayer;
}

bool Session::startHeldClock(const std::string& why) {
    const bool held = clockHeld();
    clockHeld_ = false;
    if (!held) return false;
    const Millis now = time_.now();
    const PlayerId mover = current().toMove();
    clock_.start(mover, now);
    if (!clock_.paused()) limits_.startPlay(now);
    const std::string name = settings_.players[static_cast<size_t>(mover)];
    out_.announce(
        {AnnouncementType::ResumeClocks,
         why + ": " + name + "'s clock runs" +
             (clock_.paused() ? ", once the clocks are resumed (arbiterctl resume)" : "") + ". " +
             clockTextNow(),
         {{"player", mover}}});
    return true;
}

std::string Session::signalResult(const Outcome& o) {
    if (over()) return "the game is over";
    finish(o);
    return {};
}

std::string Session::abandon() {
    if (over()) return "the game is over";
    finish(Outcome::ongoing());
    return {};
}

}  // namespace arbiter
