#pragma once

#include <sys/types.h>
#include <optional>
#include <string>

namespace arbiter {

// One arbiterd per board and per journal folder: two daemons reading one
// board misread most moves, and two writing one folder lose games. An
// InstanceLock holds an advisory lock (flock) on a small file that also
// names the holder's pid, for as long as it lives, so that a second daemon
// can be refused with whom to stop. The kernel drops the lock when the
// process ends, however it ends: a daemon killed with -9 leaves no stale lock.
class InstanceLock {
  public:
    // The lock on `path` (created if missing, holding this process's pid),
    // or nullopt with `holder` set to the pid of the process that holds it,
    // or -1 with `error` set when the file cannot be opened or locked.
    static std::optional<InstanceLock> take(const std::string& path, pid_t& holder,
                                            std::string& error);
    InstanceLock(InstanceLock&& other) noexcept;
    InstanceLock& operator=(InstanceLock&& other) noexcept;
    InstanceLock(const InstanceLock&) = delete;
    InstanceLock& operator=(const InstanceLock&) = delete;
    ~InstanceLock();

  private:
    explicit InstanceLock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

// The pid of the process that holds the lock on `path`, or -1 when none does
// (no such file, or nobody holds it); the file is neither made nor changed.
pid_t lockHolder(const std::string& path);

// Where the lock of a board device lives: the system's folder of device
// locks (/run/lock), named after the device the path resolves to, as serial
// programs name theirs ("LCK..ttyACM0"); empty when the path does not resolve.
std::string boardLockPath(const std::string& devicePath, const std::string& lockDir = "/run/lock");

}  // namespace arbiter
