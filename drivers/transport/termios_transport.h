#pragma once

// A serial line opened with plain POSIX calls and set to raw 8N1 by termios, at
// 9600 baud unless told otherwise.
// It serves what libserialport cannot: pseudo-terminals (virtual boards, tests),
// which libserialport does not find in sysfs and which lack the modem-control
// ioctls it relies on, and any other tty it does not know. Stale input from
// before the open is flushed, so a parser starts on fresh bytes.
//
// A real serial line is opened exclusively (TIOCEXCL): while arbiterd has it,
// no other program can open it and read half of the board's messages. A
// pseudo-terminal is not: its slave is held open by the program that made it
// (arbiter-vboard), so the flag would outlive a daemon killed with -9 and lock
// its restart out; two daemons on one virtual board are kept apart by the
// board's lock (daemon/base/instance_lock.h).

#include <memory>
#include <string>

#include "drivers/transport/transport.h"

namespace arbiter {

class TermiosTransport final : public Transport {
  public:
    // Opens `path` (O_RDWR | O_NOCTTY | O_NONBLOCK) at `baudRate` (9600,
    // 19200, 38400, 57600 or 115200), for this process alone when `exclusive`;
    // nullptr and `error` set on failure.
    static std::unique_ptr<TermiosTransport> open(const std::string& path, std::string& error,
                                                  bool exclusive = false, int baudRate = 9600);

    ~TermiosTransport() override;
    TermiosTransport(const TermiosTransport&) = delete;
    TermiosTransport& operator=(const TermiosTransport&) = delete;

    int fd() const override { return fd_; }
    long read(uint8_t* buffer, size_t size) override;
    bool write(const uint8_t* bytes, size_t size) override;
    std::string describe() const override { return path_ + " (termios)"; }

  private:
    TermiosTransport(int fd, std::string path, bool exclusive)
        : fd_(fd), path_(std::move(path)), exclusive_(exclusive) {}

    int fd_;
    std::string path_;
    bool exclusive_;
};

}  // namespace arbiter
