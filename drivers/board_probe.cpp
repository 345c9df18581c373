#include "drivers/board_probe.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "drivers/board_protocols.h"
#include "drivers/transport/hid_discovery.h"
#include "drivers/transport/virtual_board_path.h"

namespace arbiter {

namespace {

// The protocols to try on `port`: those that know its USB id first.
std::vector<const BoardProtocol*> protocolsFor(const SerialPortInfo& port,
                                               std::span<const BoardProtocol* const> protocols) {
    const DeviceKind kind = port.transport == "hid" ? DeviceKind::Hid : DeviceKind::Serial;
    std::vector<const BoardProtocol*> likely;
    std::vector<const BoardProtocol*> others;
    for (const BoardProtocol* protocol : protocols) {
        if (!protocol->makeDriver || protocol->device != kind) continue;
        (protocol->mayBe(port) ? likely : others).push_back(protocol);
    }
    likely.insert(likely.end(), others.begin(), others.end());
    return likely;
}

}  // namespace

std::vector<ProbeCandidate> probeCandidates(const std::vector<SerialPortInfo>& ports,
                                            const std::vector<std::string>& vboardNames,
                                            std::span<const BoardProtocol* const> protocols) {
    std::vector<ProbeCandidate> likely;
    std::vector<ProbeCandidate> others;
    std::set<std::string> seen;
    for (const SerialPortInfo& port : ports) {
        if (!seen.insert(port.path).second) continue;
        auto tried = protocolsFor(port, protocols);
        if (tried.empty()) continue;
        const bool known = tried.front()->mayBe(port);
        // A hidraw device is far more often a keyboard or a mouse than a
        // board: only one whose USB id is a board's is written to.
        if (!known && port.transport == "hid") continue;
        (known ? likely : others).push_back(ProbeCandidate{port.path, "", std::move(tried)});
    }
    likely.insert(likely.end(), others.begin(), others.end());
    std::vector<const BoardProtocol*> every;
    for (const BoardProtocol* protocol : protocols) {
        if (protocol->makeDriver) every.push_back(protocol);
    }
    for (const std::string& name : vboardNames) {
        const std::string path = virtualBoardPath(name);
        if (!seen.insert(path).second) continue;
        likely.push_back(ProbeCandidate{path, name, every});
    }
    return likely;
}

std::vector<std::string> publishedVirtualBoards() {
    namespace fs = std::filesystem;
    const fs::path directory = fs::path(virtualBoardPath("x")).parent_path();
    std::vector<std::string> names;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(directory, error)) {
        std::string name = entry.path().filename().string();
        if (isValidVirtualBoardName(name)) names.push_back(std::move(name));
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<ProbeCandidate> portsToProbe() {
    std::string error;  // no serial ports listed: the others are still probed
    std::vector<SerialPortInfo> ports = listSerialPorts(error);
    for (SerialPortInfo& hid : listHidDevices()) ports.push_back(std::move(hid));
    return probeCandidates(ports, publishedVirtualBoards(), boardProtocols());
}

std::string describeIdentity(const BoardProtocol& protocol, const BoardIdentity& who) {
    std::string text = who.trademark.empty() ? std::string(protocol.description) : who.trademark;
    // Certabo and Sentio boards say nothing of themselves: "unknown".
    if (!who.version.empty() && who.version != "unknown") text += " version " + who.version;
    if (!who.serial.empty() && who.serial != "unknown") text += " serial " + who.serial;
    return text;
}

}  // namespace arbiter
