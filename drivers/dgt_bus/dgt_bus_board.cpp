#include "drivers/dgt_bus/dgt_bus_board.h"

#include <fmt/format.h>

#include "drivers/dgt/dgt_pieces.h"
#include "drivers/dgt_bus/dgt_bus_line.h"

namespace arbiter::dgt_bus {

std::string serialOfAddress(int address) {
    return fmt::format("{:05d}", address);
}

DgtBusBoard::DgtBusBoard(DgtBusLine& line, int address, BoardListener& listener)
    : line_(line), address_(address), listener_(listener) {
    identity_.protocol = "dgt-bus";
    identity_.serial = serialOfAddress(address);
    identity_.trademark = "DGT board on a bus";
}

DgtBusBoard::~DgtBusBoard() {
    line_.detach(address_);
}

bool DgtBusBoard::start() {
    identityReported_ = false;
    return line_.restart(address_);
}

bool DgtBusBoard::onReadable(int64_t) {
    return !line_.gone();
}

bool DgtBusBoard::requestBoard() {
    return line_.askBoard(address_);
}

void DgtBusBoard::dump(const BusBoardDump& dump) {
    reportIdentityOnce();
    BoardSquares squares;
    std::string resultSquares;
    for (int square = 0; square < dgt::kSquares; ++square) {
        const uint8_t code = dump.codes[static_cast<size_t>(square)];
        if (!dgt::isPieceCode(code))
            resultSquares += (resultSquares.empty() ? "" : ", ") + std::to_string(square);
        squares[static_cast<size_t>(square)] = dgt::appearanceOf(code);
    }
    if (!resultSquares.empty())
        listener_.protocolWarning("board dump: result pieces on squares " + resultSquares +
                                  " treated as empty");
    listener_.boardDump(squares);
}

void DgtBusBoard::changes(const DecodedChanges& changes) {
    for (const dgt::FieldUpdate& update : changes.pieces) {
        if (!dgt::isPieceCode(update.code))
            listener_.protocolWarning(
                fmt::format("changes: result piece {:#04x} on square {} treated as empty",
                            update.code, update.square));
        listener_.squareChanged(update.square, dgt::appearanceOf(update.code));
    }
}

void DgtBusBoard::version(const BusVersion& version) {
    identity_.version = std::to_string(version.major) + "." + std::to_string(version.minor);
    if (identityReported_) listener_.identified(identity_);
}

// Once, just before the first dump, as a single DGT board does: by then the
// board has said its version, and a dump proves it is there.
void DgtBusBoard::reportIdentityOnce() {
    if (identityReported_) return;
    identityReported_ = true;
    listener_.identified(identity_);
}

}  // namespace arbiter::dgt_bus
