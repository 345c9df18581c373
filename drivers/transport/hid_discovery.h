#pragma once

// Lists the hidraw devices of this machine (USB or Bluetooth HID), so that
// `arbiterd --list-ports` finds HID boards such as Chessnut's beside the serial
// ports. Each one's ids come from sysfs: /sys/class/hidraw/NAME/device/uevent
// holds HID_ID=BUS:VENDOR:PRODUCT (hex), HID_NAME and HID_UNIQ (the serial
// number, often empty). No library needed, nothing opened.

#include <optional>
#include <string>
#include <vector>

#include "drivers/transport/port_discovery.h"

namespace arbiter {

// The devices under `classDir`, sorted by path, each with transport "hid" and
// path /dev/NAME; empty when there are none (or no such directory: a machine
// without hidraw). Entries whose uevent cannot be read have no ids.
std::vector<SerialPortInfo> listHidDevices(const std::string& classDir = "/sys/class/hidraw");

// The vendor and product of a HID_ID value ("0003:00002D80:00008002"), or
// nullopt when it is not three hex fields.
struct HidIds {
    uint16_t vendor = 0;
    uint16_t product = 0;
};
std::optional<HidIds> parseHidId(const std::string& value);

}  // namespace arbiter
