#include "daemon/session/private_announcements.h"

namespace arbiter {

namespace {

// Who hears an announcement of the session in a game of hidden views.
enum class Hearers {
    Everyone,  // said as it is: it names no cell, piece or action
    Mover,     // about the board of the player to move: their moves, their mistakes
    InPart,    // an action or the game's state: each hears what they may know of it
    NoOne,     // nothing of it may be told (chance, joining: not in a game of hidden views)
};

Hearers hearersOf(AnnouncementType type) {
    switch (type) {
        case AnnouncementType::Start:
        case AnnouncementType::Result:
        case AnnouncementType::Flag:
        case AnnouncementType::Pause:
        case AnnouncementType::Resume:
        case AnnouncementType::DrawOffer:
        case AnnouncementType::TimeLimit:
        case AnnouncementType::Error:
        case AnnouncementType::Clock:
        case AnnouncementType::Board:
        case AnnouncementType::Abandoned:
        case AnnouncementType::Waiting:
        case AnnouncementType::ResumeClocks:
        case AnnouncementType::TimeLow:
        // The machine plays no game of hidden views (readMachineSettings).
        case AnnouncementType::Machine:
            return Hearers::Everyone;
        case AnnouncementType::Illegal:
        case AnnouncementType::Consequences:
        case AnnouncementType::ToDo:
        case AnnouncementType::Fixed:
        case AnnouncementType::Ambiguous:
        case AnnouncementType::Confirm:
        case AnnouncementType::Chain:
        case AnnouncementType::Claimable:
            return Hearers::Mover;
        case AnnouncementType::Move:
        case AnnouncementType::Takeback:
        case AnnouncementType::Status:
            return Hearers::InPart;
        case AnnouncementType::Setup:
        case AnnouncementType::Moved:
        case AnnouncementType::Chance:
        case AnnouncementType::View:
        case AnnouncementType::Found:
        case AnnouncementType::Lever:
        case AnnouncementType::Join:
        case AnnouncementType::Leave:
        case AnnouncementType::Out:
        case AnnouncementType::Journal:
        case AnnouncementType::Button:
            return Hearers::NoOne;
    }
    return Hearers::NoOne;
}

bool toldToEveryone(const Session& session, int ply) {
    return !describeTo(session.stateAt(ply), session.actions()[static_cast<size_t>(ply)], NoPlayer)
                .empty();
}

}  // namespace

int plyToldToEveryone(const Session& session) {
    int told = 0;
    for (int ply = 0; ply < session.ply(); ++ply) told += toldToEveryone(session, ply) ? 1 : 0;
    return told;
}

bool lastActionIsSecret(const Session& session) {
    // The player's last action, as a takeback finds it: chance drawn after it goes with it.
    for (int ply = session.ply() - 1; ply >= 0; --ply) {
        if (session.actions()[static_cast<size_t>(ply)].kind != Action::Kind::Chance)
            return !toldToEveryone(session, ply);
    }
    return false;
}

std::string PrivateAnnouncements::toldOfLastAction(PlayerId listener) const {
    if (!session_ || session_->actions().empty() || !session_->previous()) return {};
    const std::string told =
        describeTo(*session_->previous(), session_->actions().back(), listener);
    return told.empty() ? told : session_->withTableNames(told);
}

void PrivateAnnouncements::announce(const Announcement& a) {
    switch (hearersOf(a.type)) {
        case Hearers::Everyone: {
            Announcement everyone = a;
            everyone.audience = -1;
            out_.announce(everyone);
            return;
        }
        case Hearers::Mover: {
            if (!session_) return;
            Announcement own = a;
            own.audience = session_->current().toMove();
            if (own.audience >= 0) out_.announce(own);
            return;
        }
        case Hearers::InPart:
            tellInPart(a);
            return;
        case Hearers::NoOne:
            return;
    }
}

void PrivateAnnouncements::tellInPart(const Announcement& a) {
    const std::string clocks = session_ ? session_->clockTextNow() : std::string();
    if (a.type == AnnouncementType::Move) {
        // The mover hears their action as ever; the others what the game
        // lets them know of it, the same for all who are not its player.
        // Both count only what everyone was told of: the mover's own
        // numbers must not tell a watcher over their shoulder either.
        const int mover = a.data.value("player", -1);
        Announcement own = a;
        own.audience = mover;
        own.data["ply"] = toldPly();
        if (mover >= 0) out_.announce(own);
        const std::string told = toldOfLastAction(NoPlayer);
        if (told.empty()) return;
        nlohmann::json data = {
            {"ply", toldPly()}, {"player", mover}, {"name", a.data.value("name", std::string())}};
        // Check is said aloud to everyone (csipgs: ": Bob is in check"); the
        // game says it in words only, and speech needs the name.
        for (PlayerId p = 0; session_ && p < session_->current().playerCount(); ++p) {
            if (told.ends_with(": " + session_->playerName(p) + " is in check"))
                data["inCheck"] = session_->playerName(p);
        }
        out_.announce({AnnouncementType::Moved, told + ". " + clocks, data});
    } else if (a.type == AnnouncementType::Takeback) {
        const bool secret = undoingSecret_;
        const PlayerId undoer = undoer_;
        undoingSecret_ = false;
        undoer_ = NoPlayer;
        if (secret) {
            Announcement own = a;
            own.audience = undoer;
            own.data["ply"] = toldPly();
            if (undoer >= 0) out_.announce(own);
            return;
        }
        out_.announce({AnnouncementType::Takeback,
                       "Takeback: the last move is undone. " + clocks,
                       {{"ply", toldPly()}}});
    } else if (a.type == AnnouncementType::Status) {
        // Where the game stands, without the state itself, counted as everyone
        // counts: each turn's end is told to all.
        if (!session_) return;
        out_.announce({AnnouncementType::Status,
                       session_->toMoveText(session_->turns()) + ". " + clocks,
                       {{"ply", toldPly()}}});
    }
}

}  // namespace arbiter
