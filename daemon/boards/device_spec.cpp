#include "daemon/boards/device_spec.h"

#include "drivers/transport/virtual_board_path.h"

namespace arbiter {

std::optional<DeviceSpec> DeviceSpec::parse(const std::string& text, std::string& error) {
    auto colon = text.find(':');
    std::string protocol = colon == std::string::npos ? "" : text.substr(0, colon);
    std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (protocol == "vboard") {
        if (!isValidVirtualBoardName(rest)) {
            error = "\"" + text + "\" does not name a virtual board; a name is " +
                    std::string(kVirtualBoardNameRule) + ", e.g. vboard:left";
            return std::nullopt;
        }
        return DeviceSpec{protocol, virtualBoardPath(rest), rest};
    }
    if (protocol.empty() || rest.empty()) {
        error = "\"" + text +
                "\" is not a board device; write it as dgt:PATH, e.g. dgt:/dev/ttyACM0, or "
                "vboard:NAME, e.g. vboard:left";
        return std::nullopt;
    }
    if (protocol != "dgt") {
        error = "unknown board protocol \"" + protocol + "\" in \"" + text +
                "\"; known: dgt (e.g. dgt:/dev/ttyACM0), vboard (e.g. vboard:left)";
        return std::nullopt;
    }
    return DeviceSpec{protocol, rest};
}

}  // namespace arbiter
