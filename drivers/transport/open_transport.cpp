#include "drivers/transport/open_transport.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cerrno>
#include <climits>
#include <cstdlib>

#include "drivers/transport/device_errors.h"
#include "drivers/transport/hidraw_transport.h"
#include "drivers/transport/serial_transport.h"
#include "drivers/transport/termios_transport.h"

namespace arbiter {

namespace {

// Unix98 pty slaves use character majors 136..143 on Linux.
constexpr unsigned kFirstPtySlaveMajor = 136;
constexpr unsigned kLastPtySlaveMajor = 143;

// "/dev/dgt-board-1 -> /dev/ttyACM0" in a description, when a link was followed.
class DescribedTransport final : public Transport {
  public:
    DescribedTransport(std::unique_ptr<Transport> inner, std::string alias)
        : inner_(std::move(inner)), alias_(std::move(alias)) {}
    int fd() const override { return inner_->fd(); }
    long read(uint8_t* buffer, size_t size) override { return inner_->read(buffer, size); }
    bool write(const uint8_t* bytes, size_t size) override { return inner_->write(bytes, size); }
    std::string describe() const override { return alias_ + " -> " + inner_->describe(); }

  private:
    std::unique_ptr<Transport> inner_;
    std::string alias_;
};

}  // namespace

bool isPseudoTerminal(const std::string& resolvedPath) {
    if (resolvedPath.rfind("/dev/pts/", 0) == 0) return true;
    struct stat st {};
    if (::stat(resolvedPath.c_str(), &st) != 0 || !S_ISCHR(st.st_mode)) return false;
    unsigned major = ::major(st.st_rdev);
    return major >= kFirstPtySlaveMajor && major <= kLastPtySlaveMajor;
}

std::unique_ptr<Transport> openTransport(const std::string& path, std::string& error,
                                         DeviceKind kind, int baudRate) {
    if (path.empty()) {
        error = "no device given";
        return nullptr;
    }
    char resolvedBuffer[PATH_MAX];
    if (!::realpath(path.c_str(), resolvedBuffer)) {
        // A dangling udev link is "no such device" too.
        error = openErrorText(path, errno);
        return nullptr;
    }
    std::string resolved = resolvedBuffer;
    struct stat st {};
    if (::stat(resolved.c_str(), &st) != 0) {
        error = openErrorText(path, errno);
        return nullptr;
    }
    if (!S_ISCHR(st.st_mode)) {
        error = "not a serial device: " + path + " (not a character device)";
        return nullptr;
    }

    std::unique_ptr<Transport> transport;
    const bool pseudoTerminal = isPseudoTerminal(resolved);
    const bool hidraw = !pseudoTerminal && isHidrawDevice(resolved);
    if (hidraw != (kind == DeviceKind::Hid) && !pseudoTerminal) {
        error = hidraw ? "not a serial device: " + path +
                             " (a USB HID device; only HID boards such as chessnut are read "
                             "from hidraw)"
                       : "not a HID device: " + path +
                             " (this protocol's boards are /dev/hidrawN devices; arbiterd "
                             "--list-ports lists them)";
        return nullptr;
    }
    if (hidraw) {
        transport = HidrawTransport::open(resolved, error);
    } else if (pseudoTerminal || !SerialTransport::knows(resolved)) {
        // Real lines exclusively; why not a pseudo-terminal: termios_transport.h.
        transport = TermiosTransport::open(resolved, error, !pseudoTerminal, baudRate);
    } else {
        transport = SerialTransport::open(resolved, error, baudRate);
    }
    if (!transport) {
        if (resolved != path) error += " (from " + path + ")";
        return nullptr;
    }
    if (resolved != path) {
        return std::make_unique<DescribedTransport>(std::move(transport), path);
    }
    return transport;
}

}  // namespace arbiter
