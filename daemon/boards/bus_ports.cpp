#include "daemon/boards/bus_ports.h"

#include <unistd.h>

#include <filesystem>
#include <vector>

#include <spdlog/spdlog.h>

#include "drivers/board_protocols.h"
#include "drivers/transport/open_transport.h"
#include "drivers/transport/transport.h"

namespace arbiter {

struct BusPorts::Port {
    Port(EventLoop& loop, uint64_t number) : id(number), timer(loop) {}
    uint64_t id;
    std::string path;  // as the first board named it, for the log
    std::optional<InstanceLock> lock;
    std::unique_ptr<Transport> transport;
    std::unique_ptr<BoardBus> bus;
    Timer timer;
    std::map<int, Member> members;
    // Calling its boards back: a board that leaves meanwhile does not close it.
    bool busy = false;
};

BusSeat::~BusSeat() {
    ports_.leave(port_, address_);
}

BusPorts::BusPorts(EventLoop& loop) : loop_(loop) {}

BusPorts::~BusPorts() {
    for (auto& [key, port] : ports_) loop_.unwatch(port->transport->fd());
}

std::string BusPorts::portOf(const DeviceSpec& device) const {
    std::error_code ec;
    const auto resolved = std::filesystem::canonical(device.path, ec);
    return ec ? device.path : resolved.string();
}

std::optional<BusPorts::Joined> BusPorts::join(const DeviceSpec& device, BoardListener& listener,
                                               Member member, std::string& error) {
    const std::string key = portOf(device);
    auto it = ports_.find(key);
    if (it == ports_.end()) {
        std::unique_ptr<Port> port = open(device, error);
        if (!port) return std::nullopt;
        it = ports_.emplace(key, std::move(port)).first;
    }
    Port& port = *it->second;
    std::unique_ptr<BoardDriver> driver = port.bus->attach(device.address, listener);
    if (!driver) {
        error = "another board of this arbiterd is at address " + std::to_string(device.address) +
                " on " + port.path;
        closeIfUnused(port.id);
        return std::nullopt;
    }
    port.members[device.address] = std::move(member);
    return Joined{std::move(driver), std::make_unique<BusSeat>(*this, port.id, device.address)};
}

std::unique_ptr<BusPorts::Port> BusPorts::open(const DeviceSpec& device, std::string& error) {
    auto port = std::make_unique<Port>(loop_, nextId_++);
    port->path = device.path;
    // One daemon per port, as per board (BoardLink): a bus read by two
    // daemons would have each answer stolen by the other.
    if (const std::string lockPath = boardLockPath(device.path); !lockPath.empty()) {
        pid_t holder = -1;
        std::string why;
        port->lock = InstanceLock::take(lockPath, holder, why);
        if (!port->lock && holder == ::getpid()) {
            error = "its port is read by another board of this arbiterd that is on no bus";
            return nullptr;
        }
        if (!port->lock && holder >= 0) {
            error = "in use by another arbiterd (pid " + std::to_string(holder) + ")";
            return nullptr;
        }
        if (!port->lock) spdlog::debug("bus {}: not locked: {}", device.path, why);
    }
    port->transport = openTransport(device.path, error);
    if (!port->transport) return nullptr;
    port->bus = findBoardProtocol(device.driver())->makeBus(*port->transport);
    const uint64_t id = port->id;
    loop_.watch(port->transport->fd(), [this, id] { readable(id); });
    spdlog::info("bus {}: port open", device.path);
    schedule(*port);
    return port;
}

BusPorts::Port* BusPorts::find(uint64_t id) {
    for (auto& [key, port] : ports_)
        if (port->id == id) return port.get();
    return nullptr;
}

void BusPorts::readable(uint64_t id) {
    Port* port = find(id);
    if (!port) return;
    if (!port->bus->onReadable(loop_.time().now())) {
        lose(id, "the device went away");
        return;
    }
    port->busy = true;
    for (int address : port->bus->takeHeard()) {
        auto member = port->members.find(address);
        if (member != port->members.end()) member->second.heard();
    }
    port->busy = false;
    closeIfUnused(id);
    if ((port = find(id))) schedule(*port);
}

void BusPorts::tick(uint64_t id) {
    Port* port = find(id);
    if (!port) return;
    if (!port->bus->tick(loop_.time().now())) {
        lose(id, "the device does not take our requests");
        return;
    }
    schedule(*port);
}

void BusPorts::schedule(Port& port) {
    const uint64_t id = port.id;
    port.timer.at(port.bus->nextTickAt(), [this, id] { tick(id); });
}

void BusPorts::leave(uint64_t id, int address) {
    Port* port = find(id);
    if (!port) return;
    port->members.erase(address);
    closeIfUnused(id);
}

void BusPorts::closeIfUnused(uint64_t id) {
    Port* port = find(id);
    if (!port || port->busy || !port->members.empty()) return;
    loop_.unwatch(port->transport->fd());
    spdlog::info("bus {}: no board left on it; port closed", port->path);
    for (auto it = ports_.begin(); it != ports_.end(); ++it) {
        if (it->second->id != id) continue;
        ports_.erase(it);
        return;
    }
}

void BusPorts::lose(uint64_t id, const std::string& why) {
    std::unique_ptr<Port> gone;
    for (auto it = ports_.begin(); it != ports_.end(); ++it) {
        if (it->second->id != id) continue;
        gone = std::move(it->second);
        ports_.erase(it);
        break;
    }
    if (!gone) return;
    loop_.unwatch(gone->transport->fd());
    gone->timer.cancel();
    spdlog::warn("bus {}: {}; every board on it waits for it to come back", gone->path, why);
    // Each board drops its driver (leaving the bus, still alive here) and
    // its seat (which finds the port no more).
    std::vector<Member> members;
    for (auto& [address, member] : gone->members) members.push_back(member);
    for (Member& member : members) member.lost(why);
}

}  // namespace arbiter
