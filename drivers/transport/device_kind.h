#pragma once

namespace arbiter {

// What kind of device node a protocol's boards are: a serial line (a tty,
// read as a byte stream) or a USB HID device read through hidraw (whole
// reports per read and write). A virtual board stands in for either on a
// pseudo-terminal, so every protocol can be read from one.
enum class DeviceKind { Serial, Hid };

}  // namespace arbiter
