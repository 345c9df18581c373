#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "daemon/base/time_source.h"

namespace arbiter {

class Timer;

// The daemon's one thread: waits on file descriptors and timers with poll(2)
// and runs the handler of whatever is ready. Handlers may add and remove
// watches and timers freely, including their own. Timers are set only through
// Timer objects, each owned by what set it.
class EventLoop {
  public:
    using Handler = std::function<void()>;
    // Of the descriptors ready at once, the `first` ones are served before the
    // `later` ones, and timers after both: a board is read before any client
    // of the control socket, however many clients there are.
    enum class Priority { first, later };

    explicit EventLoop(const TimeSource& time) : time_(time) {}

    // Calls `onReadable` whenever fd has input (or hung up: the handler reads and finds out).
    void watch(int fd, Handler onReadable, Priority priority = Priority::first);
    void unwatch(int fd);

    // Runs until stop(); returns at once if stop() was already called.
    void run();
    // One round: waits at most `maxWaitMs` (or until the next timer) and dispatches.
    void runOnce(Millis maxWaitMs);
    void stop() { stopped_ = true; }
    bool stopped() const { return stopped_; }

    const TimeSource& time() const { return time_; }

  private:
    friend class Timer;
    using TimerId = uint64_t;
    TimerId at(Millis when, Handler h);
    void cancel(TimerId id);
    void runDueTimers();

    const TimeSource& time_;
    struct Watch {
        Handler onReadable;
        Priority priority;
    };
    std::map<int, Watch> watches_;
    std::map<std::pair<Millis, TimerId>, Handler> timers_;
    std::map<TimerId, Millis> timerDue_;
    TimerId nextTimer_ = 1;
    bool stopped_ = false;
};

// A timer owned by the object that set it (MPD's way): setting it again
// replaces what it was to do, and it cancels itself when its owner is
// destroyed, so that no handler ever runs on an object that is gone. It is
// unset again by the time its handler runs, so the handler may set it anew.
class Timer {
  public:
    explicit Timer(EventLoop& loop) : loop_(loop) {}
    ~Timer() { cancel(); }
    Timer(const Timer&) = delete;
    Timer& operator=(const Timer&) = delete;

    // Runs `h` once at `when` (on the loop's time source), or `delay` from now,
    // in place of whatever the timer was set to do.
    void at(Millis when, EventLoop::Handler h);
    void after(Millis delay, EventLoop::Handler h) { at(loop_.time().now() + delay, std::move(h)); }
    // Sets the timer only when it is not set already: the earlier time stands.
    void afterUnlessSet(Millis delay, EventLoop::Handler h) {
        if (!armed()) after(delay, std::move(h));
    }
    void cancel();
    bool armed() const { return id_.has_value(); }

  private:
    EventLoop& loop_;
    std::optional<EventLoop::TimerId> id_;
};

}  // namespace arbiter
