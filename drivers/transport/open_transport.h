#pragma once

// Opens whatever a configuration names as a board's device with the transport
// that suits it: libserialport for real serial devices, plain termios for
// pseudo-terminals (virtual boards) and ttys libserialport does not know,
// hidraw for USB HID boards.

#include <memory>
#include <string>

#include "drivers/transport/device_kind.h"
#include "drivers/transport/transport.h"

namespace arbiter {

// Resolves symlinks (udev names such as /dev/dgt-board-1), then opens the device.
// On failure returns nullptr and sets `error` to one clear line, e.g.
// "no such device: /dev/ttyACM0" or "permission denied: /dev/ttyACM0 (add
// yourself to the dialout group, then log in again)". `kind` is what the
// protocol reads: a hidraw node for Hid, a serial line for Serial, and a
// pseudo-terminal (a virtual board) for either; any other device is refused.
// A serial line runs at `baudRate`, 8 data bits, no parity, 1 stop bit.
std::unique_ptr<Transport> openTransport(const std::string& path, std::string& error,
                                         DeviceKind kind = DeviceKind::Serial, int baudRate = 9600);

// True for a pseudo-terminal slave: /dev/pts/N, or a character device whose
// major number is one of those of pty slaves (136..143).
bool isPseudoTerminal(const std::string& resolvedPath);

}  // namespace arbiter
