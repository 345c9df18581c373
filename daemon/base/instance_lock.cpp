#include "daemon/base/instance_lock.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/file.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace arbiter {

std::optional<InstanceLock> InstanceLock::take(const std::string& path, pid_t& holder,
                                               std::string& error) {
    holder = -1;
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        error = "cannot open the lock " + path + ": " + std::strerror(errno);
        return std::nullopt;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int why = errno;
        if (why == EWOULDBLOCK) {
            char text[32] = {};
            const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
            holder = n > 0 ? static_cast<pid_t>(std::strtol(text, nullptr, 10)) : 0;
        } else {
            error = "cannot lock " + path + ": " + std::strerror(why);
        }
        ::close(fd);
        return std::nullopt;
    }
    // The pid as serial device locks write it: ten columns and a newline.
    char text[16];
    const int n = std::snprintf(text, sizeof text, "%10d\n", static_cast<int>(::getpid()));
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, text, static_cast<size_t>(n), 0) != n) {
        error = "cannot write the lock " + path + ": " + std::strerror(errno);
        ::close(fd);
        return std::nullopt;
    }
    return InstanceLock(fd);
}

InstanceLock::InstanceLock(InstanceLock&& other) noexcept : fd_(other.fd_) {
    other.fd_ = -1;
}

InstanceLock& InstanceLock::operator=(InstanceLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

InstanceLock::~InstanceLock() {
    // Closing drops the lock; the file stays, since removing it would race
    // with a daemon just taking it.
    if (fd_ >= 0) ::close(fd_);
}

pid_t lockHolder(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    pid_t holder = -1;
    // A shared lock is refused only while someone holds the exclusive one.
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK) {
            char text[32] = {};
            const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
            holder = n > 0 ? static_cast<pid_t>(std::strtol(text, nullptr, 10)) : 0;
        }
    }
    ::close(fd);  // and with it the shared lock, if it was granted
    return holder;
}

std::string boardLockPath(const std::string& devicePath, const std::string& lockDir) {
    char resolved[PATH_MAX];
    if (!::realpath(devicePath.c_str(), resolved)) return {};
    std::string name = resolved;
    if (name.starts_with("/dev/")) name.erase(0, 5);
    for (char& c : name) {
        if (c == '/') c = '_';
    }
    return lockDir + "/LCK.." + name;
}

}  // namespace arbiter
