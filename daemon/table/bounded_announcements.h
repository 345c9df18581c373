#pragma once

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/boards/repeated_warnings.h"

namespace arbiter {

// Announcements that a hand or a device can repeat at any rate (the DGT
// clock's lever pressed, a clock plugged in and out), kept within bounds as
// the board's own warnings are (RepeatedWarnings): a clock plugged and
// unplugged at 1 kHz once said 1.4 MB in 10 s, each to every client and the
// log. A few of one kind (the same text but for its numbers) are said each
// interval; past that they are only counted, and each interval in which some
// were held back ends with one log line saying how many. What they say stays
// true in the table's status (`awaited`), which a client asks for. Time is the
// loop's, so that tests drive it.
class BoundedAnnouncements final : public AnnouncementSink {
  public:
    BoundedAnnouncements(EventLoop& loop, AnnouncementSink& out,
                         RepeatedWarnings::Limits limits = {})
        : loop_(loop), out_(out), said_(limits) {}

    void announce(const Announcement& a) override;

  private:
    // Logs what was held back in intervals that have ended, and waits for the next.
    void summariseHeldBack();

    EventLoop& loop_;
    AnnouncementSink& out_;
    RepeatedWarnings said_;
    Timer summary_{loop_};
};

}  // namespace arbiter
