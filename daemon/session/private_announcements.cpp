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
            return Hearers::Everyone;
        case AnnouncementType::Illegal:
        case AnnouncementType::Consequences:
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
        case AnnouncementType::Journal:
        case AnnouncementType::Button:
            return Hearers::NoOne;
    }
    return Hearers::NoOne;
}

}  // namespace

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
    if (a.type == AnnouncementType::Move) {
        // The mover hears their action as ever; the others what the game
        // lets them know of it, the same for all who are not its player.
        const int mover = a.data.value("player", -1);
        Announcement own = a;
        own.audience = mover;
        if (mover >= 0) out_.announce(own);
        const std::string told = toldOfLastAction(NoPlayer);
        if (told.empty()) return;
        out_.announce({AnnouncementType::Moved,
                       told + ". " + (session_ ? session_->clockTextNow() : std::string()),
                       {{"ply", a.data.value("ply", 0)},
                        {"player", mover},
                        {"name", a.data.value("name", std::string())}}});
    } else if (a.type == AnnouncementType::Takeback) {
        out_.announce({AnnouncementType::Takeback,
                       "Takeback: the last move is undone. " +
                           (session_ ? session_->clockTextNow() : std::string()),
                       {{"ply", a.data.value("ply", 0)}}});
    } else if (a.type == AnnouncementType::Status) {
        // Where the game stands, without the state itself.
        out_.announce({AnnouncementType::Status, a.text, {{"ply", a.data.value("ply", 0)}}});
    }
}

}  // namespace arbiter
