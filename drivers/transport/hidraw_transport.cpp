#include "drivers/transport/hidraw_transport.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <string_view>

#include "drivers/transport/device_errors.h"
#include "drivers/transport/readiness.h"

namespace arbiter {

namespace {

constexpr int kWriteWaitMs = 200;

}  // namespace

bool isHidrawDevice(const std::string& resolvedPath) {
    struct stat st {};
    if (::stat(resolvedPath.c_str(), &st) != 0 || !S_ISCHR(st.st_mode)) return false;
    // /sys/dev/char/MAJOR:MINOR/subsystem links to .../class/hidraw.
    const std::string link = "/sys/dev/char/" + std::to_string(::major(st.st_rdev)) + ":" +
                             std::to_string(::minor(st.st_rdev)) + "/subsystem";
    char target[PATH_MAX];
    const ssize_t n = ::readlink(link.c_str(), target, sizeof target - 1);
    if (n <= 0) return false;
    const std::string_view subsystem(target, static_cast<size_t>(n));
    return subsystem.ends_with("/hidraw");
}

std::unique_ptr<HidrawTransport> HidrawTransport::open(const std::string& path,
                                                       std::string& error) {
    const int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        error = openErrorText(path, errno);
        return nullptr;
    }
    return adopt(fd, path);
}

std::unique_ptr<HidrawTransport> HidrawTransport::adopt(int fd, std::string path) {
    return std::unique_ptr<HidrawTransport>(new HidrawTransport(fd, std::move(path)));
}

HidrawTransport::~HidrawTransport() {
    ::close(fd_);
}

long HidrawTransport::read(uint8_t* buffer, size_t size) {
    for (;;) {
        const ssize_t n = ::read(fd_, buffer, size);
        if (n > 0) return n;
        // hidraw never returns an empty report; 0 is the other end gone.
        if (n == 0) return -1;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
        return -1;  // ENODEV, EIO: unplugged
    }
}

bool HidrawTransport::write(const uint8_t* bytes, size_t size) {
    for (;;) {
        const ssize_t n = ::write(fd_, bytes, size);
        // A report goes whole or not at all.
        if (n >= 0) return size_t(n) == size;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return false;
        if (!waitWritable(fd_, kWriteWaitMs)) return false;
    }
}

}  // namespace arbiter
