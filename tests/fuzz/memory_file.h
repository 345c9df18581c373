#pragma once

// A file in memory for the parsers that read only paths.

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_check.h"

namespace arbiter::fuzzing {

// The configuration and journal readers take a path; an anonymous memory file
// (memfd) reached through /proc/self/fd gives them the fuzzer's bytes without
// touching the disk, and leaves nothing behind when a run is killed.
class MemoryFile {
  public:
    MemoryFile(const uint8_t* data, size_t size) : fd_(memfd_create("arbiter-fuzz", MFD_CLOEXEC)) {
        fuzzCheck(fd_ >= 0, "memfd_create works");
        size_t written = 0;
        while (written < size) {
            ssize_t n = ::write(fd_, data + written, size - written);
            fuzzCheck(n > 0, "a memory file takes every byte");
            written += static_cast<size_t>(n);
        }
    }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;
    ~MemoryFile() { ::close(fd_); }

    std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

  private:
    int fd_;
};

}  // namespace arbiter::fuzzing
