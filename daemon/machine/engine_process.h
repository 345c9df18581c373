#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "daemon/base/event_loop.h"

namespace arbiter {

// A program run as a child and spoken to in lines, on the daemon's one
// thread: a UCI engine. Its standard input and output are one end of a
// socket pair rather than two pipes: a line sent to an engine that has just
// died fails with EPIPE (MSG_NOSIGNAL) instead of raising SIGPIPE, whose
// disposition is the whole process's to choose, not this object's. Our end is
// non-blocking and watched on the loop; a line longer than the parser takes is
// handed on cut short (so that it is refused) and the rest of it dropped; at
// most kMostBytesARound are read per round, so that an engine that never stops
// printing cannot hold the loop. Its stderr goes to /dev/null, and it inherits
// no descriptor of the daemon's (close-on-exec, closefrom). Its end is seen
// through a pidfd (or, on a kernel without them, waitpid without waiting
// every kPollExitMs once its output has ended); one whose output ends but
// that does not exit within kEndGraceMs is killed.
class EngineProcess {
  public:
    using LineHandler = std::function<void(std::string_view line)>;
    // How it ended: "exited with status 1", "was killed by signal 9".
    using EndHandler = std::function<void(const std::string& how)>;

    static constexpr size_t kMostBytesARound = 65536;
    static constexpr Millis kPollExitMs = 20;
    static constexpr Millis kEndGraceMs = 1000;

    // `onLine` gets each line of its output without its end; `onEnd` once it
    // has ended by itself and is reaped (not after stop()). Either may stop()
    // or start() it again.
    EngineProcess(EventLoop& loop, LineHandler onLine, EndHandler onEnd)
        : loop_(loop), onLine_(std::move(onLine)), onEnd_(std::move(onEnd)) {}
    // Kills and reaps a child still running.
    ~EngineProcess() { stop(0); }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Runs `path` without arguments; false and why ("cannot run PATH: ...")
    // when it cannot be started. Only when not running.
    bool start(const std::string& path, std::string& error);
    // Sends `line` and a newline; false and why when the child does not take it.
    bool send(std::string_view line, std::string& error);
    // Closes its input and output, waits at most `graceMs` (blocking) for it
    // to exit by itself, kills it if it has not, and reaps it.
    void stop(Millis graceMs);

    bool running() const { return pid_ > 0; }
    // Its process id, for the log (and for tests that make it die); -1 when none.
    pid_t pid() const { return pid_; }

  private:
    void readOutput();
    // Hands on the whole lines in buffer_; false when a handler stopped it.
    bool handLines(uint64_t generation);
    void closeOutput();
    void outputEnded();
    void checkExit();
    void forget();

    EventLoop& loop_;
    LineHandler onLine_;
    EndHandler onEnd_;
    pid_t pid_ = -1;
    int socket_ = -1;  // our end; -1 once its output has ended
    int exited_ = -1;  // the child's pidfd, readable once it exits; -1: polled
    // Counts starts and stops: a handler that stopped (or restarted) the child
    // leaves the loop that called it nothing more to do with the old one.
    uint64_t generation_ = 0;
    std::string buffer_;       // output not yet a whole line
    bool discarding_ = false;  // within an overlong line, dropped up to its end
    Timer grace_{loop_};       // kills a child whose output ended but that lives on
    Timer poll_{loop_};        // waitpid without a pidfd
};

}  // namespace arbiter
