#pragma once

// A USB HID device read through Linux hidraw (/dev/hidrawN): each read returns
// one whole input report, each write sends one output report whose first byte
// is the report id. No library is needed: hidraw is plain read() and write()
// on a character device, and udev gives it a group as it does serial ports.
// Drivers that read both a hidraw node and a byte stream (a virtual board on
// a pseudo-terminal) frame the reports themselves.

#include <memory>
#include <string>

#include "drivers/transport/transport.h"

namespace arbiter {

class HidrawTransport final : public Transport {
  public:
    // Opens `path` (O_RDWR | O_NONBLOCK); nullptr and `error` set on failure.
    static std::unique_ptr<HidrawTransport> open(const std::string& path, std::string& error);
    // Takes over an open descriptor that keeps message boundaries as hidraw
    // does (tests use a SOCK_SEQPACKET socket pair).
    static std::unique_ptr<HidrawTransport> adopt(int fd, std::string path);

    ~HidrawTransport() override;
    HidrawTransport(const HidrawTransport&) = delete;
    HidrawTransport& operator=(const HidrawTransport&) = delete;

    int fd() const override { return fd_; }
    // One report, or as much of it as fits in `size`.
    long read(uint8_t* buffer, size_t size) override;
    // One report: `bytes` whole, report id first.
    bool write(const uint8_t* bytes, size_t size) override;
    std::string describe() const override { return path_ + " (hidraw)"; }

  private:
    HidrawTransport(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

    int fd_;
    std::string path_;
};

// True when `resolvedPath` is a hidraw device node (its class in sysfs says so).
bool isHidrawDevice(const std::string& resolvedPath);

}  // namespace arbiter
