#include "daemon/session/private_announcements.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace arbiter {

namespace {

// Said to everyone as they are: none names a cell, a piece or an action.
constexpr std::array<std::string_view, 13> kPublic = {
    "start", "result", "flag",  "pause",     "resume",  "draw-offer",   "time-limit",
    "error", "clock",  "board", "abandoned", "waiting", "resume-clocks"};

// About the board of the player to move: their moves, their mistakes.
constexpr std::array<std::string_view, 7> kMovers = {
    "illegal", "consequences", "fixed", "ambiguous", "confirm", "chain", "claimable"};

bool among(std::string_view type, const auto& types) {
    return std::find(types.begin(), types.end(), type) != types.end();
}

}  // namespace

std::string PrivateAnnouncements::toldOfLastAction(PlayerId listener) const {
    if (!session_ || session_->actions().empty() || !session_->previous()) return {};
    const std::string told =
        describeTo(*session_->previous(), session_->actions().back(), listener);
    return told.empty() ? told : session_->withTableNames(told);
}

void PrivateAnnouncements::announce(const Announcement& a) {
    if (among(a.type, kPublic)) {
        Announcement everyone = a;
        everyone.audience = -1;
        out_.announce(everyone);
        return;
    }
    if (a.type == "move") {
        // The mover hears their action as ever; the others what the game
        // lets them know of it, the same for all who are not its player.
        const int mover = a.data.value("player", -1);
        Announcement own = a;
        own.audience = mover;
        if (mover >= 0) out_.announce(own);
        const std::string told = toldOfLastAction(NoPlayer);
        if (told.empty()) return;
        out_.announce({"moved",
                       told + ". " + (session_ ? session_->clockTextNow() : std::string()),
                       {{"ply", a.data.value("ply", 0)},
                        {"player", mover},
                        {"name", a.data.value("name", std::string())}}});
        return;
    }
    if (a.type == "takeback") {
        out_.announce({"takeback",
                       "Takeback: the last move is undone. " +
                           (session_ ? session_->clockTextNow() : std::string()),
                       {{"ply", a.data.value("ply", 0)}}});
        return;
    }
    if (a.type == "status") {
        // Where the game stands, without the state itself.
        out_.announce({"status", a.text, {{"ply", a.data.value("ply", 0)}}});
        return;
    }
    if (among(a.type, kMovers) && session_) {
        Announcement own = a;
        own.audience = session_->current().toMove();
        if (own.audience >= 0) out_.announce(own);
    }
    // Anything else (chance, joining: not in a game of hidden views) is said to no one.
}

}  // namespace arbiter
