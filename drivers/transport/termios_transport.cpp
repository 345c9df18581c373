#include "drivers/transport/termios_transport.h"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>

#include "drivers/transport/device_errors.h"
#include "drivers/transport/readiness.h"

namespace arbiter {

namespace {

constexpr int kWriteWaitMs = 200;

// The termios speed for a baud rate the boards use; B0 for any other.
speed_t speedOf(int baudRate) {
    switch (baudRate) {
        case 9600:
            return B9600;
        case 19200:
            return B19200;
        case 38400:
            return B38400;
        case 57600:
            return B57600;
        case 115200:
            return B115200;
        default:
            return B0;
    }
}

// Raw bytes, 8 data bits, no parity, 1 stop bit, no flow control.
// VMIN = 1 with O_NONBLOCK makes "no data" EAGAIN, so a read of 0 means hang-up.
bool makeRaw(int fd, speed_t speed) {
    termios t{};
    if (::tcgetattr(fd, &t) != 0) return false;
    ::cfmakeraw(&t);
    t.c_cflag &= ~static_cast<tcflag_t>(PARENB | CSTOPB | CSIZE | CRTSCTS);
    t.c_cflag |= CS8 | CLOCAL | CREAD;
    t.c_iflag &= ~static_cast<tcflag_t>(IXON | IXOFF | IXANY);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (::cfsetispeed(&t, speed) != 0 || ::cfsetospeed(&t, speed) != 0) return false;
    return ::tcsetattr(fd, TCSANOW, &t) == 0;
}

}  // namespace

std::unique_ptr<TermiosTransport> TermiosTransport::open(const std::string& path,
                                                         std::string& error, bool exclusive,
                                                         int baudRate) {
    const speed_t speed = speedOf(baudRate);
    if (speed == B0) {
        error = "cannot open " + path + ": unsupported speed " + std::to_string(baudRate) + " baud";
        return nullptr;
    }
    int fd = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        error = openErrorText(path, errno);
        return nullptr;
    }
    if (!makeRaw(fd, speed) || (exclusive && ::ioctl(fd, TIOCEXCL) != 0)) {
        error = openErrorText(path, errno);
        ::close(fd);
        return nullptr;
    }
    ::tcflush(fd, TCIFLUSH);
    return std::unique_ptr<TermiosTransport>(new TermiosTransport(fd, path, exclusive));
}

TermiosTransport::~TermiosTransport() {
    // The flag belongs to the line, not to our descriptor: were the line still
    // open elsewhere, it would keep everyone else out after we are gone.
    if (exclusive_) ::ioctl(fd_, TIOCNXCL);
    ::close(fd_);
}

long TermiosTransport::read(uint8_t* buffer, size_t size) {
    for (;;) {
        ssize_t n = ::read(fd_, buffer, size);
        if (n > 0) return n;
        if (n == 0) return -1;  // end of file: the other side hung up
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
        return -1;
    }
}

bool TermiosTransport::write(const uint8_t* bytes, size_t size) {
    size_t done = 0;
    while (done < size) {
        ssize_t n = ::write(fd_, bytes + done, size - done);
        if (n > 0) {
            done += static_cast<size_t>(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!waitWritable(fd_, kWriteWaitMs)) return false;
        } else {
            return false;
        }
    }
    return true;
}

}  // namespace arbiter
