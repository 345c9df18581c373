#pragma once

#include <optional>
#include <string>

namespace arbiter {

// A device named on the command line or in the configuration: PROTOCOL:PATH,
// a protocol of the table of drivers (drivers/board_protocols.h) and the
// device to open ("dgt:/dev/ttyACM0"), or "vboard:left", the virtual board
// arbiter-vboard --name left publishes (drivers/transport/virtual_board_path.h).
// A virtual board speaks DGT unless the protocol is named before it
// ("millennium:vboard:left", arbiter-vboard --protocol millennium --name left);
// it keeps its name so that messages say what the user wrote, not where it lives.
// A board on a bus (a protocol whose boards share a port) is named by port
// and address, PATH@ADDRESS ("dgt-bus:/dev/ttyUSB0@1025",
// "dgt-bus:vboard:table@7"): '@' because it appears in no device path, not
// even in udev's /dev/serial/by-path names, which are full of ':'.
// "auto" names no device: the board is found by probing every port
// (drivers/board_probe.h), and is then read as the device found.
struct DeviceSpec {
    std::string protocol;   // as written: a protocol's name, or "vboard"
    std::string path;       // what to open: for a vboard, the link it publishes
    std::string name = {};  // a vboard's name; empty for other devices
    int address = 0;        // a board's address on a bus; 0 for a port of its own
    // nullopt and a message that says what is accepted when the text is not a device.
    static std::optional<DeviceSpec> parse(const std::string& text, std::string& error);
    // The virtual board `name` speaking `protocol` ("" or "dgt": "vboard:NAME");
    // a bus protocol's board is a line of its own, at address 1. nullopt and a
    // message naming the known protocols when `protocol` is none of them.
    static std::optional<DeviceSpec> virtualBoard(const std::string& name,
                                                  const std::string& protocol, std::string& error);
    std::string text() const;
    bool isVirtual() const { return !name.empty(); }
    bool onBus() const { return address > 0; }
    bool isAuto() const { return protocol == kAuto; }
    // The protocol of the table of drivers that reads it.
    std::string driver() const { return protocol == kVirtual ? kVirtualBoardProtocol : protocol; }
    // How to start it, when it is a virtual board: "arbiter-vboard --name left",
    // with "--protocol millennium" when it speaks another protocol than DGT.
    std::string vboardOptions() const;
    // Whether its board may carry a game clock that arbiterd can read.
    bool carriesClock() const;

    static constexpr const char* kVirtual = "vboard";
    static constexpr const char* kAuto = "auto";
    static constexpr const char* kVirtualBoardProtocol = "dgt";  // what arbiter-vboard speaks
};

}  // namespace arbiter
