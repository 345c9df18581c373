#pragma once

// A byte pipe to one device. Drivers speak protocols over it and never care
// whether the bytes travel through libserialport, a plain tty, a pseudo-terminal
// or a socket in a test; the daemon watches fd() in its event loop.

#include <cstddef>
#include <cstdint>
#include <string>

namespace arbiter {

class Transport {
  public:
    virtual ~Transport() = default;

    // The descriptor to poll for input (never blocks when read).
    virtual int fd() const = 0;
    // Reads what is there without waiting: > 0 bytes read, 0 nothing now,
    // -1 the device is gone (error, end of file or hang-up).
    virtual long read(uint8_t* buffer, size_t size) = 0;
    // Writes all `size` bytes, waiting only briefly if the output buffer is full;
    // false when that failed (the device is gone or stuck).
    virtual bool write(const uint8_t* bytes, size_t size) = 0;
    // For the log: what this is connected to ("/dev/ttyACM0 (libserialport)").
    virtual std::string describe() const = 0;
};

}  // namespace arbiter
