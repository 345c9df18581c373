#pragma once

// A serial line opened with plain POSIX calls and set to raw 9600 8N1 by termios.
// It serves what libserialport cannot: pseudo-terminals (virtual boards, tests),
// which libserialport does not find in sysfs and which lack the modem-control
// ioctls it relies on, and any other tty it does not know. Stale input from
// before the open is flushed, so a parser starts on fresh bytes.

#include <memory>
#include <string>

#include "drivers/transport/transport.h"

namespace arbiter {

class TermiosTransport final : public Transport {
  public:
    // Opens `path` (O_RDWR | O_NOCTTY | O_NONBLOCK); nullptr and `error` set on failure.
    static std::unique_ptr<TermiosTransport> open(const std::string& path, std::string& error);

    ~TermiosTransport() override;
    TermiosTransport(const TermiosTransport&) = delete;
    TermiosTransport& operator=(const TermiosTransport&) = delete;

    int fd() const override { return fd_; }
    long read(uint8_t* buffer, size_t size) override;
    bool write(const uint8_t* bytes, size_t size) override;
    std::string describe() const override { return path_ + " (termios)"; }

  private:
    TermiosTransport(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

    int fd_;
    std::string path_;
};

}  // namespace arbiter
