#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/referee/referee.h"
#include "daemon/referee/surface.h"
#include "daemon/table/bounded_announcements.h"
#include "daemon/table/desk.h"

namespace arbiter {

class SurfaceJudge;

// Fast play at an open table (docs/arbiterd.md, "Fast play"): moves made
// faster than the boards are ever still, the DGT clock's lever as the end of
// a move, and chess's result signal. Shortly after each burst of events it
// looks for the moves the surface shows made from the agreed state and keeps
// them as seen, to commit them as soon as the boards show the next moves begun
// from the position after them. It owns those moves, a referee prepared for
// the position after them, the timers that look and that watch the result
// signal, and whether a move came since the lever was last pressed; the
// judging itself is the SurfaceJudge's, whose part it is.
class FastPlay {
  public:
    FastPlay(EventLoop& loop, Desk& desk, Surface& surface, AnnouncementSink& out,
             SurfaceJudge& judge)
        : loop_(loop), desk_(desk), surface_(surface), out_(out), judge_(judge) {}

    // How long after the last sensor event the table looks again for moves
    // made faster than the settle time: the field updates of one scan of a
    // DGT board arrive within a few milliseconds of each other.
    static constexpr Millis kLookMs = 20;
    // How long the DGT result signal must stand still to be recorded: long
    // enough that kings put down in the centre on the way elsewhere (setting
    // up, a hand passing) are never taken for it, short enough that players
    // who made it do not wonder whether it was seen.
    static constexpr Millis kResultSignalMs = 2000;

    // After a sensor event: looks again shortly, and watches for the result signal.
    void armLook();
    void watchResultSignal();
    // Looks at the surface as it is now for moves made since the last agreed
    // position, and commits those the board has moved on from.
    void follow();
    // A press of the lever ends the move the board shows at once, without
    // waiting for the board to be still; a press with no complete move made
    // since the last one is said as such.
    void clockLever();
    // Whether the game is chess and the surface shows the result signal.
    bool showsResultSignal() const;
    // A move from the board was committed.
    void moveCommitted() { committedSinceLever_ = true; }
    // The game ended or another began: moves seen belong to the game before.
    void forgetGame() {
        shown_.reset();
        lookTimer_.cancel();
        signalTimer_.cancel();
    }

  private:
    // The moves the surface showed made, complete, from the session's current
    // state, not yet committed because the board was never still: committed
    // as soon as the board shows the next moves begun or made from the
    // position after them.
    struct ShownMoves {
        std::vector<Action> actions;
        Millis seenAt = 0;                  // when the surface first showed them made
        uint64_t touchMark = 0;             // Surface::touchCount() then
        int ply = 0;                        // the session's ply they follow
        std::unique_ptr<GameState> before;  // the state before the last of them
        std::unique_ptr<GameState> after;
    };
    void commitShown();

    EventLoop& loop_;
    Desk& desk_;
    Surface& surface_;
    AnnouncementSink& out_;
    SurfaceJudge& judge_;
    std::optional<ShownMoves> shown_;
    Referee ahead_;  // prepared for shown_->after
    // Not part of the phase: the lever's own memory, kept across phases. A
    // move came from the board since the clock's lever was last pressed.
    bool committedSinceLever_ = false;
    Timer lookTimer_{loop_};
    Timer signalTimer_{loop_};
    // A press with no move to end is said a few times an interval, however
    // fast the lever is pressed.
    BoundedAnnouncements idlePresses_{loop_, out_};
};

}  // namespace arbiter
