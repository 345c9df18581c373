#include "daemon/boards/device_spec.h"

#include "drivers/board_protocols.h"
#include "drivers/transport/virtual_board_path.h"

namespace arbiter {

namespace {

// "dgt:PATH, e.g. dgt:/dev/ttyACM0, or vboard:NAME, e.g. vboard:left" when
// `forms`, else "dgt (e.g. dgt:/dev/ttyACM0), vboard (e.g. vboard:left)".
std::string knownDevices(bool forms) {
    std::string known;
    for (const BoardProtocol* protocol : boardProtocols()) {
        const std::string name(protocol->name);
        known += forms ? name + ":PATH, e.g. " + name + ":/dev/ttyACM0, or "
                       : name + " (e.g. " + name + ":/dev/ttyACM0), ";
    }
    return known + (forms ? "vboard:NAME, e.g. vboard:left" : "vboard (e.g. vboard:left)");
}

std::optional<std::string> virtualBoardName(const std::string& text, const std::string& rest,
                                            std::string& error) {
    if (isValidVirtualBoardName(rest)) return rest;
    error = "\"" + text + "\" does not name a virtual board; a name is " +
            std::string(kVirtualBoardNameRule) + ", e.g. vboard:left";
    return std::nullopt;
}

}  // namespace

std::optional<DeviceSpec> DeviceSpec::parse(const std::string& text, std::string& error) {
    auto colon = text.find(':');
    std::string protocol = colon == std::string::npos ? "" : text.substr(0, colon);
    std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
    if (protocol == kVirtual) {
        const auto name = virtualBoardName(text, rest, error);
        if (!name) return std::nullopt;
        return DeviceSpec{protocol, virtualBoardPath(*name), *name};
    }
    if (protocol.empty() || rest.empty()) {
        error = "\"" + text + "\" is not a board device; write it as " + knownDevices(true);
        return std::nullopt;
    }
    if (!findBoardProtocol(protocol)) {
        error = "unknown board protocol \"" + protocol + "\" in \"" + text +
                "\"; known: " + knownDevices(false);
        return std::nullopt;
    }
    const std::string virtualPrefix = std::string(kVirtual) + ":";
    if (rest.starts_with(virtualPrefix)) {
        const auto name = virtualBoardName(text, rest.substr(virtualPrefix.size()), error);
        if (!name) return std::nullopt;
        return DeviceSpec{protocol, virtualBoardPath(*name), *name};
    }
    return DeviceSpec{protocol, rest};
}

std::string DeviceSpec::text() const {
    if (!isVirtual()) return protocol + ":" + path;
    return protocol == kVirtual ? protocol + ":" + name
                                : protocol + ":" + std::string(kVirtual) + ":" + name;
}

std::string DeviceSpec::vboardOptions() const {
    if (driver() == kVirtualBoardProtocol) return "--name " + name;
    return "--protocol " + driver() + " --name " + name;
}

bool DeviceSpec::carriesClock() const {
    const BoardProtocol* reader = findBoardProtocol(driver());
    return reader && reader->carriesClock;
}

}  // namespace arbiter
