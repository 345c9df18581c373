#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace arbiter::e2e {

// A program the end-to-end tests run as a real process: its stdin is a pipe the
// test writes to, its stdout and stderr one pipe the test reads lines from.
// Killed (SIGKILL after a polite SIGTERM) when the object goes away.
class ChildProcess {
  public:
    explicit ChildProcess(std::vector<std::string> argv);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    void send(const std::string& text);
    // Reads output until a line containing `needle` appears after line `from`;
    // returns its index, or -1 after `timeout`. Every line read is kept.
    int waitFor(const std::string& needle, std::chrono::milliseconds timeout, size_t from = 0);
    // Reads whatever output is there within `for`.
    void drain(std::chrono::milliseconds wait);
    const std::vector<std::string>& lines() const { return lines_; }
    std::string transcript() const;

    void signal(int sig);
    // Waits for the process to end; returns its exit status or -signal.
    int wait(std::chrono::milliseconds timeout);
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

  private:
    bool readSome(std::chrono::milliseconds timeout);

    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    std::string partial_;
    std::vector<std::string> lines_;
};

}  // namespace arbiter::e2e
