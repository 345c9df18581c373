#include "daemon/boards/port_probe.h"

#include <unistd.h>

#include "drivers/transport/open_transport.h"
#include "drivers/transport/transport.h"

namespace arbiter {

PortProbe::PortProbe(EventLoop& loop, ProbeCandidate candidate, Millis windowMs, Done done)
    : loop_(loop), candidate_(std::move(candidate)), windowMs_(windowMs), done_(std::move(done)) {}

PortProbe::~PortProbe() {
    close();
}

void PortProbe::start() {
    if (const std::string lockPath = boardLockPath(candidate_.path); !lockPath.empty()) {
        pid_t holder = -1;
        std::string why;
        lock_ = InstanceLock::take(lockPath, holder, why);
        if (!lock_ && holder >= 0) {
            const bool ours = holder == ::getpid();
            finish(PortVerdict{candidate_, ours ? PortVerdict::Kind::Ours : PortVerdict::Kind::InUse,
                               nullptr, {},
                               ours ? "read by another board of this arbiterd"
                                    : "in use by another arbiterd (pid " + std::to_string(holder) +
                                          ")"});
            return;
        }
    }
    tryNext();
}

void PortProbe::tryNext() {
    if (next_ >= candidate_.protocols.size()) {
        lock_.reset();
        finish(PortVerdict{candidate_,
                           garbled_ ? PortVerdict::Kind::Garbled : PortVerdict::Kind::Silent});
        return;
    }
    trying_ = candidate_.protocols[next_++];
    std::string error;
    transport_ = openTransport(candidate_.path, error, trying_->device, trying_->baudRate);
    if (!transport_) {
        lock_.reset();
        finish(PortVerdict{candidate_, PortVerdict::Kind::Unopenable, nullptr, {}, error});
        return;
    }
    listener_ = std::make_unique<ProbeListener>();
    driver_ = trying_->makeDriver(*transport_, *listener_);
    loop_.watch(transport_->fd(), [this] { readable(); });
    window_.after(windowMs_, [this] { nextProtocol(); });
    if (!driver_->start()) nextProtocol();
}

void PortProbe::readable() {
    const bool open = driver_->onReadable(loop_.time().now());
    garbled_ = garbled_ || listener_->garbled();
    if (listener_->identity()) {
        const BoardIdentity identity = *listener_->identity();
        const BoardProtocol* found = trying_;
        close();
        finish(PortVerdict{candidate_, PortVerdict::Kind::Found, found, identity});
        return;
    }
    if (!open) nextProtocol();
}

void PortProbe::nextProtocol() {
    if (listener_) garbled_ = garbled_ || listener_->garbled();
    close();
    tryNext();
}

void PortProbe::close() {
    window_.cancel();
    if (transport_) loop_.unwatch(transport_->fd());
    driver_.reset();
    listener_.reset();
    transport_.reset();
}

void PortProbe::finish(PortVerdict verdict) {
    close();
    done_(verdict);  // last: the caller may be done with this probe
}

}  // namespace arbiter
