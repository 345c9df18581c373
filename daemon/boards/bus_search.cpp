#include "daemon/boards/bus_search.h"

#include <poll.h>

#include <algorithm>

#include "drivers/board_protocols.h"
#include "drivers/transport/open_transport.h"

namespace arbiter {

std::optional<std::vector<int>> findBoardsOnBus(const std::string& port, const TimeSource& time,
                                                std::string& error) {
    const auto protocols = boardProtocols();
    const auto bus = std::find_if(protocols.begin(), protocols.end(),
                                  [](const BoardProtocol* p) { return p->makeBus != nullptr; });
    if (bus == protocols.end()) {
        error = "no protocol of this arbiterd has boards on a bus";
        return std::nullopt;
    }
    auto transport = openTransport(port, error);
    if (!transport) return std::nullopt;
    auto line = (*bus)->makeBus(*transport);
    bool alive = line->startSearch(time.now());
    // Until the search is over: boards answer while nextTickAt() lies ahead.
    const Millis until = line->nextTickAt();
    while (alive && time.now() < until) {
        pollfd readable{transport->fd(), POLLIN, 0};
        ::poll(&readable, 1, static_cast<int>(std::max<Millis>(1, until - time.now())));
        alive = line->onReadable(time.now());
    }
    if (!alive) {
        error = "the device went away";
        return std::nullopt;
    }
    return line->addressesFound();
}

}  // namespace arbiter
