#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "daemon/base/event_loop.h"
#include "daemon/base/instance_lock.h"
#include "drivers/board_driver.h"
#include "drivers/board_probe.h"

namespace arbiter {

// What probing one port came to.
struct PortVerdict {
    enum class Kind {
        Found,       // a board answered in `protocol`
        InUse,       // another arbiterd reads it
        Ours,        // another board of this arbiterd reads it, or is probing it
        Unopenable,  // it could not be opened (`detail` says why)
        Garbled,     // it sent bytes, but in none of the protocols tried
        Silent,      // it said nothing that any protocol tried could read
    };
    ProbeCandidate candidate;
    Kind kind = Kind::Silent;
    const BoardProtocol* protocol = nullptr;  // when Found
    BoardIdentity identity = {};              // when Found
    std::string detail = {};                  // when InUse, Ours or Unopenable
};

// Probes one port on the daemon's event loop, never blocking it: holds the
// port's device lock (so that no other arbiterd, and no other board of this
// one, reads or probes it meanwhile), then opens it with each protocol of the
// candidate in turn, at that protocol's speed, starts its driver and gives
// it `windowMs` to hear the board say who it is. A port that hangs or
// babbles costs at most windowMs per protocol.
class PortProbe {
  public:
    using Done = std::function<void(const PortVerdict&)>;
    // `done` is called once, from the loop, after which the probe holds
    // nothing but the lock of a port where a board was found (takeLock).
    PortProbe(EventLoop& loop, ProbeCandidate candidate, Millis windowMs, Done done);
    ~PortProbe();
    PortProbe(const PortProbe&) = delete;
    PortProbe& operator=(const PortProbe&) = delete;

    void start();
    // The lock of the port a board was found on, for what reads the board now.
    std::optional<InstanceLock> takeLock() { return std::move(lock_); }

  private:
    void tryNext();
    void readable();
    // The protocol being tried had its time, or the device failed it.
    void nextProtocol();
    void close();
    void finish(PortVerdict verdict);

    EventLoop& loop_;
    ProbeCandidate candidate_;
    Millis windowMs_;
    Done done_;
    size_t next_ = 0;  // the next protocol of the candidate to try
    const BoardProtocol* trying_ = nullptr;
    bool garbled_ = false;
    std::optional<InstanceLock> lock_;
    std::unique_ptr<Transport> transport_;
    std::unique_ptr<ProbeListener> listener_;
    std::unique_ptr<BoardDriver> driver_;  // destroyed before its transport and listener
    Timer window_{loop_};
};

}  // namespace arbiter
