#pragma once

#include <memory>

#include "daemon/announce/announcement.h"
#include "daemon/session/session.h"

namespace arbiter {

// How many of the session's actions everyone at the table was told of: all
// but those that the game tells no one but their player (a design change said
// in moderated csipgs: HiddenInformation::describeTo says nothing of it).
// Every `ply` that a table of hidden views shows anyone counts these, so that
// a secret action neither raises it nor leaves a gap in it.
int plyToldToEveryone(const Session& session);

// Whether no one but its player was told of the last action a player made
// (the one a takeback undoes).
bool lastActionIsSecret(const Session& session);

// What a session says at a table where each player sees only part of the game
// (moderated csipgs Chess), sorted before anyone hears it. What everyone may
// know (the start, the clocks, whose turn it is, flags, pauses, the result)
// goes to everyone; an action in full goes to its player alone, and everyone
// else hears what the game lets them know of it (HiddenInformation::describeTo: "White
// has taken their turn", or nothing for a design change); what the player to
// move does wrong on their board goes to them alone; anything else is said to
// no one. The session itself knows nothing of views: it says everything, to
// this.
//
// A secret action (a design change said) leaves no trace for anyone else:
// every `ply` said counts only what everyone is told of
// (plyToldToEveryone), and its takeback is told to its player alone.
class PrivateAnnouncements final : public AnnouncementSink {
  public:
    // `session` is the one speaking (it may be made after this, and replaced);
    // `out` hears what is sorted, each announcement with its audience set.
    PrivateAnnouncements(AnnouncementSink& out, const std::unique_ptr<Session>& session)
        : out_(out), session_(session) {}
    void announce(const Announcement& a) override;
    // Said by the table just before it takes back the last action, made by
    // `player`: whether no one else was told of it (lastActionIsSecret), so
    // that its takeback too is told to that player alone.
    void takingBack(PlayerId player, bool secret) {
        undoer_ = player;
        undoingSecret_ = secret;
    }

  private:
    // A move, a takeback or the game's state, each told as far as the
    // listeners may know it.
    void tellInPart(const Announcement& a);
    // The action just made, as `listener` may be told of it; empty: nothing.
    std::string toldOfLastAction(PlayerId listener) const;

    int toldPly() const { return session_ ? plyToldToEveryone(*session_) : 0; }

    AnnouncementSink& out_;
    const std::unique_ptr<Session>& session_;
    PlayerId undoer_ = NoPlayer;
    bool undoingSecret_ = false;
};

}  // namespace arbiter
