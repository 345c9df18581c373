#include "drivers/board_protocols.h"

#include <array>

#include "drivers/chessnut/chessnut_board.h"
#include "drivers/dgt/dgt_board.h"

namespace arbiter {

namespace {

constexpr std::array kProtocols = {&dgt::kDgtProtocol, &chessnut::kChessnutProtocol};

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
