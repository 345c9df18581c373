#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "daemon/base/event_loop.h"

namespace arbiter::testing {

// A program (arbiterctl) run as a real process against a server on the test's
// own thread: whoever waits for it pumps the event loop, so the server
// answers while the program runs. Killed if still running at the end.
class Program {
  public:
    // `environment` entries NAME=value are added to (or replace) the test's own.
    explicit Program(const std::vector<std::string>& argv,
                     const std::vector<std::string>& environment = {});
    ~Program();
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;

    // Pumps the loop until the program ends; its exit status, -signal, or
    // -1000 if it was still running after `timeout`.
    int finish(EventLoop& loop, std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // Takes in whatever output is there without waiting.
    void collect();
    const std::string& out() const { return out_; }
    const std::string& err() const { return err_; }

  private:
    pid_t pid_ = -1;
    int outPipe_ = -1;
    int errPipe_ = -1;
    std::string out_;
    std::string err_;
};

}  // namespace arbiter::testing
