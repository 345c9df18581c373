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
struct DeviceSpec {
    std::string protocol;   // as written: a protocol's name, or "vboard"
    std::string path;       // what to open: for a vboard, the link it publishes
    std::string name = {};  // a vboard's name; empty for other devices
    // nullopt and a message that says what is accepted when the text is not a device.
    static std::optional<DeviceSpec> parse(const std::string& text, std::string& error);
    std::string text() const;
    bool isVirtual() const { return !name.empty(); }
    // The protocol of the table of drivers that reads it.
    std::string driver() const { return protocol == kVirtual ? kVirtualBoardProtocol : protocol; }
    // How to start it, when it is a virtual board: "arbiter-vboard --name left",
    // with "--protocol millennium" when it speaks another protocol than DGT.
    std::string vboardOptions() const;
    // Whether its board may carry a game clock that arbiterd can read.
    bool carriesClock() const;

    static constexpr const char* kVirtual = "vboard";
    static constexpr const char* kVirtualBoardProtocol = "dgt";  // what arbiter-vboard speaks
};

}  // namespace arbiter
