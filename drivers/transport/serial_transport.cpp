#include "drivers/transport/serial_transport.h"

#include <libserialport.h>
#include <sys/ioctl.h>

#include <cerrno>
#include <cstring>

#include "drivers/transport/device_errors.h"
#include "drivers/transport/readiness.h"

namespace arbiter {

namespace {

constexpr int kWriteWaitMs = 200;

// libserialport's own message for the last failure, or a generic one.
std::string lastError(const std::string& path, sp_return result) {
    if (result == SP_ERR_FAIL) return openErrorText(path, sp_last_error_code());
    if (result == SP_ERR_SUPP) return "not supported by libserialport: " + path;
    return "cannot open " + path + " with libserialport (error " + std::to_string(result) + ")";
}

}  // namespace

bool SerialTransport::knows(const std::string& path) {
    sp_port* port = nullptr;
    if (sp_get_port_by_name(path.c_str(), &port) != SP_OK) return false;
    sp_free_port(port);
    return true;
}

std::unique_ptr<SerialTransport> SerialTransport::open(const std::string& path, std::string& error,
                                                       int baudRate) {
    sp_port* port = nullptr;
    sp_return result = sp_get_port_by_name(path.c_str(), &port);
    if (result != SP_OK) {
        error = result == SP_ERR_FAIL ? lastError(path, result) : "no such device: " + path;
        return nullptr;
    }
    result = sp_open(port, SP_MODE_READ_WRITE);
    if (result != SP_OK) {
        error = lastError(path, result);
        sp_free_port(port);
        return nullptr;
    }
    int fd = -1;
    if ((result = sp_set_baudrate(port, baudRate)) != SP_OK ||
        (result = sp_set_bits(port, 8)) != SP_OK ||
        (result = sp_set_parity(port, SP_PARITY_NONE)) != SP_OK ||
        (result = sp_set_stopbits(port, 1)) != SP_OK ||
        (result = sp_set_flowcontrol(port, SP_FLOWCONTROL_NONE)) != SP_OK ||
        (result = sp_get_port_handle(port, &fd)) != SP_OK) {
        error = "cannot set " + path + " to " + std::to_string(baudRate) + " 8N1: " +
                (result == SP_ERR_FAIL ? std::strerror(sp_last_error_code())
                                       : "libserialport error " + std::to_string(result));
        sp_close(port);
        sp_free_port(port);
        return nullptr;
    }
    // For this process alone: a second reader (another arbiterd, a terminal
    // program) would take half of the board's messages.
    if (::ioctl(fd, TIOCEXCL) != 0) {
        error = openErrorText(path, errno);
        sp_close(port);
        sp_free_port(port);
        return nullptr;
    }
    sp_flush(port, SP_BUF_INPUT);
    return std::unique_ptr<SerialTransport>(new SerialTransport(port, fd, path));
}

SerialTransport::~SerialTransport() {
    // The flag belongs to the line: were it still open elsewhere, it would keep
    // everyone else out after we are gone.
    ::ioctl(fd_, TIOCNXCL);
    sp_close(port_);
    sp_free_port(port_);
}

long SerialTransport::read(uint8_t* buffer, size_t size) {
    // A count, not one of the enum's values: held as the int it is.
    const int n = sp_nonblocking_read(port_, buffer, size);
    if (n > 0) return n;
    if (n < 0) return -1;
    // libserialport says 0 both for "nothing yet" and for end of file.
    return hungUp(fd_) ? -1 : 0;
}

bool SerialTransport::write(const uint8_t* bytes, size_t size) {
    size_t done = 0;
    while (done < size) {
        const int n = sp_nonblocking_write(port_, bytes + done, size - done);
        if (n < 0) return false;
        if (n == 0 && !waitWritable(fd_, kWriteWaitMs)) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

}  // namespace arbiter
