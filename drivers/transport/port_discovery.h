#pragma once

// Lists the serial ports of this machine so that a person (or `arbiterd
// --list-ports`) can see which device is which board. A USB id alone does not
// identify a DGT board: 04d8:000a is Microchip's generic CDC id, shared by many
// unrelated gadgets, so a port is only ever a *candidate* until a probe gets a
// DGT answer (the driver's identified()).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arbiter {

struct SerialPortInfo {
    std::string path;                   // /dev/ttyACM0
    std::string description;            // libserialport's one-line description
    std::string transport;              // "usb", "bluetooth", "native"
    std::optional<uint16_t> vendorId;   // USB only
    std::optional<uint16_t> productId;  // USB only
    std::string manufacturer;           // USB strings, "" when absent
    std::string product;
    std::string serialNumber;
};

// The ports libserialport finds; empty with `error` set when it cannot list them.
std::vector<SerialPortInfo> listSerialPorts(std::string& error);

// "1234:abcd", or "" when the port is not on USB.
std::string usbId(const SerialPortInfo& port);

}  // namespace arbiter
