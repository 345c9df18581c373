#pragma once

// A stable name for the virtual board's port.

#include <string>

namespace arbiter::vboard {

// A symbolic link, say /tmp/board-a -> /dev/pts/7, so that configurations and
// tests can name a virtual board before knowing which pseudo-terminal it gets,
// like a udev rule names a real one. A symbolic link already at that path
// (left by an earlier run) is replaced; any other file there is an error, never
// clobbered. The link is removed again on destruction, if it still points
// where we made it point.
class DeviceLink {
  public:
    // Throws std::runtime_error with a one-line message, starting with the
    // link's path, when it cannot.
    DeviceLink(std::string linkPath, std::string target);
    ~DeviceLink();
    DeviceLink(const DeviceLink&) = delete;
    DeviceLink& operator=(const DeviceLink&) = delete;

    const std::string& path() const { return linkPath_; }

  private:
    std::string linkPath_;
    std::string target_;
};

// Makes the directory a named board's link goes in (and any missing parent),
// each new one private to the user (mode 0700): the links there decide which
// port arbiterd trusts as the board. For the same reason a directory there, or
// its parent, that belongs to another user (say, one made in /tmp before us) is
// refused. Throws std::runtime_error with a one-line message when it cannot.
void makeBoardDirectory(const std::string& directory);

}  // namespace arbiter::vboard
