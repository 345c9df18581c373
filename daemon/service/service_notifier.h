#pragma once

#include <string>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"

namespace arbiter {

// What arbiterd tells the service manager that started it (systemd's notify
// protocol, docs/install.md): when the table is ready, what it is doing, that
// it is stopping, and, for as long as the event loop turns, that it is alive.
// The watchdog's keep-alive is a timer on the loop itself, so a loop that
// stalls stops it and systemd restarts the daemon. Started by anything else
// (no NOTIFY_SOCKET), it says nothing and sets no timer.
//
// As a sink of the table's announcements it keeps the status line where the
// game stands: the last start, move or result, which `systemctl status`
// shows for a table with no terminal.
class ServiceNotifier final : public AnnouncementSink {
  public:
    explicit ServiceNotifier(EventLoop& loop);

    // The control socket is up and the game resumed or waiting for its start.
    // The status `systemctl status` shows is where the game stands (the
    // last of the announcements below, "Resumed the game ..."), or
    // `otherwise` when none was made yet. Starts the watchdog's keep-alive.
    void ready(const std::string& otherwise);
    // A new one-line status, as the table goes on.
    void status(const std::string& status);
    // Stopping on a signal: the journal keeps the game for the next start.
    void stopping();

    // A game begun, resumed, waited for, moved in or ended becomes the
    // status (from ready() on; before, it is kept for ready() to say).
    void announce(const Announcement& a) override;

    // How often the keep-alive is sent, 0 when systemd watches nothing.
    Millis keepAliveInterval() const { return interval_; }

  private:
    void keepAlive();

    Timer keepAlive_;
    Millis interval_ = 0;
    bool ready_ = false;
    std::string gameStatus_;
};

}  // namespace arbiter
