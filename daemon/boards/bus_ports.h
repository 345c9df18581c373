#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "daemon/base/event_loop.h"
#include "daemon/base/instance_lock.h"
#include "daemon/boards/device_spec.h"
#include "drivers/board_driver.h"
#include "drivers/board_listener.h"

namespace arbiter {

class Transport;
class BusPorts;

// A board's place on a shared port: while it lives the port stays open for
// the board; the port closes when the last place is given up.
class BusSeat {
  public:
    BusSeat(BusPorts& ports, uint64_t port, int address)
        : ports_(ports), port_(port), address_(address) {}
    ~BusSeat();
    BusSeat(const BusSeat&) = delete;
    BusSeat& operator=(const BusSeat&) = delete;

  private:
    BusPorts& ports_;
    uint64_t port_;
    int address_;
};

// The ports that several boards of a table share, each board at its own
// address (a DGT bus). Every board that names a port gets a place on it, but
// the port is opened once, locked once against other daemons, read once and
// polled on one timer, by its protocol's bus (drivers/board_driver.h), which
// alone knows whose bytes are whose. A board's silence is that board's own
// (its BoardLink waits for it); the loss of the port is every board's. It
// must outlive the places it gives.
class BusPorts {
  public:
    // What a board's link is told by its port.
    struct Member {
        std::function<void()> heard;                   // the board spoke: read it
        std::function<void(const std::string&)> lost;  // the port is gone, and why
    };
    // A board joined to its port's bus: its driver, to be destroyed before
    // its seat.
    struct Joined {
        std::unique_ptr<BoardDriver> driver;
        std::unique_ptr<BusSeat> seat;
    };

    explicit BusPorts(EventLoop& loop);
    ~BusPorts();
    BusPorts(const BusPorts&) = delete;
    BusPorts& operator=(const BusPorts&) = delete;

    // Joins the board `device` names (of a bus protocol) to the bus on its
    // port, opening the port for the first board. nullopt and `error` set
    // when the port cannot be opened (openTransport's words), is held by
    // another daemon, or the address is taken.
    std::optional<Joined> join(const DeviceSpec& device, BoardListener& listener, Member member,
                               std::string& error);

  private:
    friend class BusSeat;
    struct Port;

    void leave(uint64_t id, int address);
    Port* find(uint64_t id);
    std::string portOf(const DeviceSpec& device) const;
    std::unique_ptr<Port> open(const DeviceSpec& device, std::string& error);
    void readable(uint64_t id);
    void tick(uint64_t id);
    void schedule(Port& port);
    void closeIfUnused(uint64_t id);
    // The port is gone: every board on it is told, then it is closed.
    void lose(uint64_t id, const std::string& why);

    EventLoop& loop_;
    std::map<std::string, std::unique_ptr<Port>> ports_;  // by the device the path resolves to
    uint64_t nextId_ = 1;
};

}  // namespace arbiter
