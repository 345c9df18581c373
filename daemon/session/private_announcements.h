#pragma once

#include <memory>

#include "daemon/announce/announcement.h"
#include "daemon/session/session.h"

namespace arbiter {

// What a session says at a table where each player sees only part of the game
// (moderated csipgs Chess), sorted before anyone hears it. What everyone may
// know (the start, the clocks, whose turn it is, flags, pauses, the result)
// goes to everyone; an action in full goes to its player alone, and everyone
// else hears what the game lets them know of it (HiddenInformation::describeTo: "White
// has taken their turn", or nothing for a design change); what the player to
// move does wrong on their board goes to them alone; anything else is said to
// no one. The session itself knows nothing of views: it says everything, to
// this.
class PrivateAnnouncements final : public AnnouncementSink {
  public:
    // `session` is the one speaking (it may be made after this, and replaced);
    // `out` hears what is sorted, each announcement with its audience set.
    PrivateAnnouncements(AnnouncementSink& out, const std::unique_ptr<Session>& session)
        : out_(out), session_(session) {}
    void announce(const Announcement& a) override;

  private:
    // A move, a takeback or the game's state, each told as far as the
    // listeners may know it.
    void tellInPart(const Announcement& a);
    // The action just made, as `listener` may be told of it; empty: nothing.
    std::string toldOfLastAction(PlayerId listener) const;

    AnnouncementSink& out_;
    const std::unique_ptr<Session>& session_;
};

}  // namespace arbiter
