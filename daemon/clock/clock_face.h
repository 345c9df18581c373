#pragma once

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/clock/game_clock.h"
#include "drivers/board_driver.h"
#include "drivers/board_listener.h"

namespace arbiter {

// How a table's DGT clocks are driven (arbiterd --clock-white, clock-white).
struct ClockFaceSettings {
    // Which half of a DGT clock is the first player's (White's).
    ClockHalf white = ClockHalf::Left;
    // How long a move (or "check") stays on a clock before the times come back.
    Millis messageMs = 2000;
};

// The game a clock face shows, read whenever something is to be shown: its
// clock, how many play it, and whether it is over.
struct ClockedGame {
    const GameClock* clock = nullptr;
    int players = 0;
    bool over = false;
};

// What a DGT clock that keeps a game's time (TimeControl "dgt") says, per seat:
// White's half is `white`, Black's the other.
ClockReport clockReportOf(const ClockDisplay& shown, ClockHalf white);

// What the DGT clocks plugged into a table's boards show while arbiterd keeps the
// time: arbiterd's own clock times, the side to move running, and short messages
// taken from the announcements: the last move briefly ("Nxe5+", then "check" for
// a move that gives check), "illegal" for as long as the boards show an illegal
// position (not while they show work due, such as the position after a
// takeback: no rule is broken), the result ("1-0", "0-1", "1/2-1/2") once the
// game is over. A DGT 3000 shows them as text, an XL on its six digits as far as
// they can (DgtBoard).
//
// It listens to the announcements and answers a little later, from the event
// loop, so that it always reads the session as the announcement left it. The
// times go out with set-and-run whenever an announcement may have changed them
// (a move, a takeback, a pause, the start), never in between: the clock counts
// down by itself. Only games of two players are shown; a clock beside a game of
// more stays as the players left it. When the DGT clock keeps the time itself
// ("dgt"), its times are never set: it shows the messages, then its own times.
class ClockFace final : public AnnouncementSink {
  public:
    // The clocks of the boards now connected (those plugged in are driven), and
    // the game now played, if any: both read only when something is to be shown.
    using Clocks = std::function<std::vector<ClockPort*>()>;
    using CurrentGame = std::function<std::optional<ClockedGame>()>;

    ClockFace(EventLoop& loop, ClockFaceSettings settings, Clocks clocks, CurrentGame game);
    ~ClockFace() override;
    ClockFace(const ClockFace&) = delete;
    ClockFace& operator=(const ClockFace&) = delete;

    void announce(const Announcement& a) override;
    // A clock has been plugged in (or its board came back): it is told everything.
    void clockAttached();

  private:
    void schedule(bool timesChanged);
    void flush();
    // The first waiting message, else the lasting one, else the times.
    void showDisplay();
    void nextMessage();

    EventLoop& loop_;
    ClockFaceSettings settings_;
    Clocks clocks_;
    CurrentGame game_;
    std::deque<std::string> brief_;       // messages still to show, each for messageMs
    std::optional<std::string> lasting_;  // "illegal" or the result, until cleared
    bool timesChanged_ = false;
    Timer flushTimer_{loop_};
    Timer messageTimer_{loop_};
};

}  // namespace arbiter
