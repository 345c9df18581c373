#include "drivers/board_protocols.h"

#include <array>

#include "drivers/certabo/certabo_board.h"
#include "drivers/chessnut/chessnut_board.h"
#include "drivers/dgt/dgt_board.h"
#include "drivers/dgt_bus/dgt_bus_line.h"
#include "drivers/millennium/millennium_board.h"

namespace arbiter {

namespace {

// One line each, in the order listings show them.
constexpr std::array kProtocols = {
    &dgt::kDgtProtocol,         &dgt_bus::kDgtBusProtocol, &millennium::kMillenniumProtocol,
    &certabo::kCertaboProtocol, &certabo::kSentioProtocol, &chessnut::kChessnutProtocol,
};

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
