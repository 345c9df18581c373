#pragma once

#include <optional>
#include <string>

namespace arbiter {

// A device named on the command line or in the configuration: "dgt:/dev/ttyACM0",
// or "vboard:left", the virtual board arbiter-vboard --name left publishes
// (drivers/transport/virtual_board_path.h). A virtual board speaks DGT too; it
// keeps its name so that messages say what the user wrote, not where it lives.
struct DeviceSpec {
    std::string protocol;   // "dgt" or "vboard"
    std::string path;       // what to open: for a vboard, the link it publishes
    std::string name = {};  // a vboard's name; empty for other devices
    // nullopt and a message that says what is accepted when the text is not a device.
    static std::optional<DeviceSpec> parse(const std::string& text, std::string& error);
    std::string text() const { return protocol + ":" + (name.empty() ? path : name); }
};

}  // namespace arbiter
