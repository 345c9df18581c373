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
        // A HID board is a hidraw device, not a serial port; a bus board is
        // named by its port and its address on the bus.
        const std::string example = protocol->makeBus                     ? "/dev/ttyUSB0@1025"
                                    : protocol->device == DeviceKind::Hid ? "/dev/hidraw0"
                                                                          : "/dev/ttyACM0";
        known += forms ? name + ":" + (protocol->makeBus ? "PATH@ADDRESS" : "PATH") + ", e.g. " +
                             name + ":" + example + ", or "
                       : name + " (e.g. " + name + ":" + example + "), ";
    }
    return known + (forms ? "vboard:NAME, e.g. vboard:left, or auto (found by probing)"
                          : "vboard (e.g. vboard:left), auto");
}

std::optional<std::string> virtualBoardName(const std::string& text, const std::string& rest,
                                            std::string& error) {
    if (isValidVirtualBoardName(rest)) return rest;
    error = "\"" + text + "\" does not name a virtual board; a name is " +
            std::string(kVirtualBoardNameRule) + ", e.g. vboard:left";
    return std::nullopt;
}

// The address of a board on a bus, split off the end of `rest`
// (PATH@ADDRESS), in decimal as the serial number on the board's label reads
// ("01025" is 1025); `where` is what comes before it.
std::optional<int> busAddress(const BoardProtocol& bus, const std::string& text,
                              const std::string& rest, std::string& where, std::string& error) {
    const std::string protocol(bus.name);
    const std::string form = "write it as " + protocol + ":PATH@ADDRESS, e.g. " + protocol +
                             ":/dev/ttyUSB0@1025, the address being the board's serial number "
                             "(1 to " +
                             std::to_string(bus.maxAddress) + ")";
    const auto at = rest.rfind('@');
    if (at == std::string::npos || at == 0) {
        error = "\"" + text + "\" names no board on the bus; " + form;
        return std::nullopt;
    }
    const std::string digits = rest.substr(at + 1);
    int address = 0;
    bool valid = !digits.empty() && digits.size() <= 6;
    for (char c : digits) {
        valid = valid && c >= '0' && c <= '9';
        if (valid) address = address * 10 + (c - '0');
    }
    if (!valid || address < 1 || address > bus.maxAddress) {
        error = "\"" + text + "\": \"" + digits + "\" is no bus address; " + form;
        return std::nullopt;
    }
    where = rest.substr(0, at);
    return address;
}

}  // namespace

std::optional<DeviceSpec> DeviceSpec::parse(const std::string& text, std::string& error) {
    if (text == kAuto) return DeviceSpec{kAuto, ""};
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
    const BoardProtocol* reader = findBoardProtocol(protocol);
    if (!reader) {
        error = "unknown board protocol \"" + protocol + "\" in \"" + text +
                "\"; known: " + knownDevices(false);
        return std::nullopt;
    }
    std::string where = rest;
    int address = 0;
    if (reader->makeBus) {
        const auto found = busAddress(*reader, text, rest, where, error);
        if (!found) return std::nullopt;
        address = *found;
    }
    const std::string virtualPrefix = std::string(kVirtual) + ":";
    if (where.starts_with(virtualPrefix)) {
        const auto name = virtualBoardName(text, where.substr(virtualPrefix.size()), error);
        if (!name) return std::nullopt;
        return DeviceSpec{protocol, virtualBoardPath(*name), *name, address};
    }
    return DeviceSpec{protocol, where, "", address};
}

std::optional<DeviceSpec> DeviceSpec::virtualBoard(const std::string& name,
                                                   const std::string& protocol,
                                                   std::string& error) {
    if (protocol.empty() || protocol == kVirtualBoardProtocol)
        return parse(std::string(kVirtual) + ":" + name, error);
    const BoardProtocol* reader = findBoardProtocol(protocol);
    if (!reader) {
        std::string known;
        for (const BoardProtocol* each : boardProtocols())
            known += (known.empty() ? "" : ", ") + std::string(each->name);
        error = "unknown board protocol \"" + protocol + "\"; known: " + known;
        return std::nullopt;
    }
    return parse(protocol + ":" + kVirtual + ":" + name + (reader->makeBus ? "@1" : ""), error);
}

std::string DeviceSpec::text() const {
    if (isAuto()) return kAuto;
    const std::string at = onBus() ? "@" + std::to_string(address) : "";
    if (!isVirtual()) return protocol + ":" + path + at;
    return protocol == kVirtual ? protocol + ":" + name
                                : protocol + ":" + std::string(kVirtual) + ":" + name + at;
}

std::string DeviceSpec::vboardOptions() const {
    if (driver() == kVirtualBoardProtocol) return "--name " + name;
    return "--protocol " + driver() + " --name " + name +
           (onBus() ? " --address " + std::to_string(address) : "");
}

bool DeviceSpec::carriesClock() const {
    const BoardProtocol* reader = findBoardProtocol(driver());
    return reader && reader->carriesClock;
}

}  // namespace arbiter
