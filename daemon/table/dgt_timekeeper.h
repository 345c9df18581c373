#pragma once

#include <optional>
#include <string>

#include "daemon/announce/announcement.h"
#include "daemon/clock/clock_face.h"
#include "daemon/referee/surface.h"
#include "daemon/table/bounded_announcements.h"
#include "daemon/table/desk.h"

namespace arbiter {

// The DGT clock that keeps a game's time (--time dgt) rather than arbiterd:
// with clocks on several boards the first to report keeps it, and its times
// become the game's. It owns which board's clock that is and what it showed
// last, which a game begun later takes as its times. Each call that hands
// times to the session says whether they ended the game, which the table then
// ends as any game on time.
class DgtTimekeeper {
  public:
    // What it says goes to `out`, within bounds: a clock plugged in and out
    // at any rate says so a few times an interval (BoundedAnnouncements).
    DgtTimekeeper(EventLoop& loop, Desk& desk, const Surface& surface, AnnouncementSink& out)
        : desk_(desk), surface_(surface), out_(loop, out) {}

    // Whether a DGT clock keeps the time of the game on, or else of the next one.
    bool keepsTime() const;
    // What the clock on `board` shows now. True when it ended the game.
    [[nodiscard]] bool clockDisplay(int board, const ClockDisplay& shown);
    void clockDetached(int board);
    // A game kept by the DGT clock has begun (or was resumed): it takes the
    // clock's times as last shown, or is told that it waits for one. True when
    // they ended the game.
    [[nodiscard]] bool takeClockTimes();
    // What the table waits for of the clock, for status (" (and the DGT clock:
    // ...)"); empty when nothing.
    std::string awaited() const;

  private:
    Desk& desk_;
    const Surface& surface_;
    BoundedAnnouncements out_;
    std::optional<int> board_;
    std::optional<ClockDisplay> shown_;
};

}  // namespace arbiter
