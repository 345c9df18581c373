#include "drivers/board_protocols.h"

#include <array>

#include "drivers/dgt/dgt_board.h"
#include "drivers/dgt_bus/dgt_bus_line.h"

namespace arbiter {

namespace {

constexpr std::array<const BoardProtocol*, 2> kProtocols = {&dgt::kDgtProtocol,
                                                            &dgt_bus::kDgtBusProtocol};

}  // namespace

std::span<const BoardProtocol* const> boardProtocols() {
    return kProtocols;
}

const BoardProtocol* findBoardProtocol(std::string_view name) {
    for (const BoardProtocol* protocol : kProtocols) {
        if (protocol->name == name) return protocol;
    }
    return nullptr;
}

}  // namespace arbiter
