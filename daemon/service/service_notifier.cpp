#include "daemon/service/service_notifier.h"

#include <systemd/sd-daemon.h>

#include <algorithm>
#include <cstring>

#include <spdlog/spdlog.h>

namespace arbiter {

namespace {

// A line of the notify protocol carries no newline of its own.
std::string oneLine(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

void notify(const std::string& state) {
    const int sent = sd_notify(0, state.c_str());
    if (sent < 0) spdlog::warn("cannot tell systemd {}: {}", oneLine(state), std::strerror(-sent));
}

}  // namespace

ServiceNotifier::ServiceNotifier(EventLoop& loop) : keepAlive_(loop) {
    uint64_t usec = 0;
    // Half of what systemd allows, as sd_watchdog_enabled(3) advises: a
    // keep-alive late by a busy moment still arrives in time.
    if (sd_watchdog_enabled(0, &usec) > 0) interval_ = std::max<Millis>(1, Millis(usec / 2000));
}

void ServiceNotifier::ready(const std::string& otherwise) {
    ready_ = true;
    notify("READY=1\nSTATUS=" + oneLine(gameStatus_.empty() ? otherwise : gameStatus_));
    if (interval_ > 0) {
        spdlog::debug("telling systemd's watchdog every {} ms that the table is alive", interval_);
        keepAlive();
    }
}

void ServiceNotifier::status(const std::string& status) {
    notify("STATUS=" + oneLine(status));
}

void ServiceNotifier::stopping() {
    keepAlive_.cancel();
    notify("STOPPING=1\nSTATUS=stopping; the game is kept for the next start");
}

void ServiceNotifier::announce(const Announcement& a) {
    switch (a.type) {
        case AnnouncementType::Start:
        case AnnouncementType::Resume:
        case AnnouncementType::Abandoned:
        case AnnouncementType::Waiting:
        case AnnouncementType::Move:
        case AnnouncementType::Result:
            gameStatus_ = a.text;
            if (ready_) status(a.text);
            return;
        default:
            return;
    }
}

void ServiceNotifier::keepAlive() {
    notify("WATCHDOG=1");
    keepAlive_.after(interval_, [this] { keepAlive(); });
}

}  // namespace arbiter
