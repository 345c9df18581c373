#include "daemon/base/event_loop.h"

#include <poll.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace arbiter {

void EventLoop::watch(int fd, Handler onReadable, Priority priority) {
    watches_[fd] = {std::move(onReadable), priority};
}

void EventLoop::unwatch(int fd) {
    watches_.erase(fd);
}

EventLoop::TimerId EventLoop::at(Millis when, Handler h) {
    TimerId id = nextTimer_++;
    timers_.emplace(std::make_pair(when, id), std::move(h));
    timerDue_[id] = when;
    return id;
}

void EventLoop::cancel(TimerId id) {
    auto it = timerDue_.find(id);
    if (it == timerDue_.end()) return;
    timers_.erase({it->second, id});
    timerDue_.erase(it);
}

void EventLoop::run() {
    while (!stopped_) runOnce(1000);
}

void EventLoop::runDueTimers() {
    // Timers added by a handler for "now" run in the next round, never in a tight loop here.
    Millis now = time_.now();
    std::vector<TimerId> due;
    for (auto& [key, handler] : timers_) {
        if (key.first > now) break;
        due.push_back(key.second);
    }
    for (TimerId id : due) {
        auto it = timerDue_.find(id);
        if (it == timerDue_.end()) continue;  // cancelled by an earlier handler
        auto node = timers_.extract({it->second, id});
        timerDue_.erase(it);
        node.mapped()();
        if (stopped_) return;
    }
}

void EventLoop::runOnce(Millis maxWaitMs) {
    Millis wait = maxWaitMs;
    if (!timers_.empty()) {
        Millis untilNext = timers_.begin()->first.first - time_.now();
        wait = std::max<Millis>(0, std::min(wait, untilNext));
    }
    std::vector<pollfd> fds;
    fds.reserve(watches_.size());
    for (Priority priority : {Priority::first, Priority::later})
        for (auto& [fd, watched] : watches_)
            if (watched.priority == priority) fds.push_back({fd, POLLIN, 0});
    int n = ::poll(fds.data(), fds.size(), static_cast<int>(wait));
    if (n < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "poll");
    for (const pollfd& p : fds) {
        if (stopped_) return;
        if (p.revents == 0) continue;
        auto it = watches_.find(p.fd);
        if (it == watches_.end()) continue;  // unwatched by an earlier handler
        Handler h = it->second.onReadable;   // a copy: the handler may unwatch itself
        h();
    }
    if (!stopped_) runDueTimers();
}

void Timer::at(Millis when, EventLoop::Handler h) {
    cancel();
    id_ = loop_.at(when, [this, h = std::move(h)] {
        id_.reset();
        h();  // may set this timer again, or destroy its owner: `this` is not used after it
    });
}

void Timer::cancel() {
    if (id_) loop_.cancel(*id_);
    id_.reset();
}

}  // namespace arbiter
