#pragma once

// A real serial device (USB CDC-ACM board, USB-serial adapter, Bluetooth RFCOMM)
// opened through libserialport, which knows the platform's quirks, set to 8N1
// (9600 baud unless told otherwise) without flow control and used without blocking. It is opened
// for this process alone (TIOCEXCL): no other program can open the port while we have it.

#include <memory>
#include <string>

#include "drivers/transport/transport.h"

struct sp_port;

namespace arbiter {

class SerialTransport final : public Transport {
  public:
    // True when libserialport can look the port up (it finds devices in sysfs;
    // pseudo-terminals are not there).
    static bool knows(const std::string& path);
    // Opens and configures the port; nullptr and `error` set on failure.
    static std::unique_ptr<SerialTransport> open(const std::string& path, std::string& error,
                                                 int baudRate = 9600);

    ~SerialTransport() override;
    SerialTransport(const SerialTransport&) = delete;
    SerialTransport& operator=(const SerialTransport&) = delete;

    int fd() const override { return fd_; }
    long read(uint8_t* buffer, size_t size) override;
    bool write(const uint8_t* bytes, size_t size) override;
    std::string describe() const override { return path_ + " (libserialport)"; }

  private:
    SerialTransport(sp_port* port, int fd, std::string path)
        : port_(port), fd_(fd), path_(std::move(path)) {}

    sp_port* port_;
    int fd_;
    std::string path_;
};

}  // namespace arbiter
