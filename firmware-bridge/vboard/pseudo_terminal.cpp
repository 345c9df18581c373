#include "firmware-bridge/vboard/pseudo_terminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace arbiter::vboard {

namespace {

[[noreturn]] void throwSystemError(const char* what) {
    throw std::system_error(errno, std::generic_category(), what);
}

void makeRaw(int descriptor) {
    termios settings{};
    if (tcgetattr(descriptor, &settings) != 0) throwSystemError("tcgetattr");
    cfmakeraw(&settings);
    settings.c_cflag |= CLOCAL | CREAD;
    settings.c_cflag &= ~static_cast<tcflag_t>(HUPCL);
    settings.c_cc[VMIN] = 1;
    settings.c_cc[VTIME] = 0;
    cfsetispeed(&settings, B9600);
    cfsetospeed(&settings, B9600);
    if (tcsetattr(descriptor, TCSANOW, &settings) != 0) throwSystemError("tcsetattr");
}

}  // namespace

PseudoTerminal::PseudoTerminal() {
    master_ = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master_ < 0) throwSystemError("posix_openpt");
    try {
        if (grantpt(master_) != 0) throwSystemError("grantpt");
        if (unlockpt(master_) != 0) throwSystemError("unlockpt");
        char name[128];
        if (ptsname_r(master_, name, sizeof name) != 0) throwSystemError("ptsname_r");
        devicePath_ = name;
        const int flags = fcntl(master_, F_GETFL);
        if (flags < 0 || fcntl(master_, F_SETFL, flags | O_NONBLOCK) != 0) {
            throwSystemError("fcntl O_NONBLOCK");
        }
        heldSlave_ = open(devicePath_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (heldSlave_ < 0) throwSystemError("open pseudo-terminal slave");
        makeRaw(heldSlave_);
    } catch (...) {
        if (heldSlave_ >= 0) close(heldSlave_);
        close(master_);
        throw;
    }
}

PseudoTerminal::~PseudoTerminal() {
    if (heldSlave_ >= 0) close(heldSlave_);
    if (master_ >= 0) close(master_);
}

size_t PseudoTerminal::readFromHost(std::span<uint8_t> buffer) {
    for (;;) {
        const ssize_t count = read(master_, buffer.data(), buffer.size());
        if (count > 0) return static_cast<size_t>(count);
        if (count < 0 && errno == EINTR) continue;
        return 0;  // EAGAIN: nothing there; EIO: no slave open (cannot happen, we hold one)
    }
}

size_t PseudoTerminal::writeToHost(std::span<const uint8_t> bytes) {
    size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t count = write(master_, bytes.data() + written, bytes.size() - written);
        if (count > 0) {
            written += static_cast<size_t>(count);
        } else if (count < 0 && errno == EINTR) {
            continue;
        } else {
            break;  // EAGAIN: the terminal is full; drop the rest
        }
    }
    return bytes.size() - written;
}

}  // namespace arbiter::vboard
