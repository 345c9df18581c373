#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "daemon/base/time_source.h"

namespace arbiter {

// The daemon's one thread: waits on file descriptors and timers with poll(2)
// and runs the handler of whatever is ready. Handlers may add and remove
// watches and timers freely, including their own.
class EventLoop {
  public:
    using Handler = std::function<void()>;
    using TimerId = uint64_t;
    // Of the descriptors ready at once, the `first` ones are served before the
    // `later` ones, and timers after both: a board is read before any client
    // of the control socket, however many clients there are.
    enum class Priority { first, later };

    explicit EventLoop(const TimeSource& time) : time_(time) {}

    // Calls `onReadable` whenever fd has input (or hung up: the handler reads and finds out).
    void watch(int fd, Handler onReadable, Priority priority = Priority::first);
    void unwatch(int fd);

    TimerId at(Millis when, Handler h);
    TimerId after(Millis delay, Handler h) { return at(time_.now() + delay, std::move(h)); }
    void cancel(TimerId id);

    // Runs until stop(); returns at once if stop() was already called.
    void run();
    // One round: waits at most `maxWaitMs` (or until the next timer) and dispatches.
    void runOnce(Millis maxWaitMs);
    void stop() { stopped_ = true; }
    bool stopped() const { return stopped_; }

    const TimeSource& time() const { return time_; }

  private:
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

}  // namespace arbiter
