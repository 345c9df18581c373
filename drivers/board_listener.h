#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/chess_set.h"

namespace arbiter {

// What a sensor board has told us, in terms that are the same for every protocol.
// Squares are the board's own numbering, 0..63, 0 = a8 ... 63 = h1 as the board
// sees itself (which way round it stands is the surface's business, not the driver's).
using BoardSquares = std::array<Appearance, 64>;

struct BoardIdentity {
    std::string protocol;   // "dgt"
    std::string serial;     // serial number as the board reports it
    std::string version;    // "1.4"
    std::string trademark;  // free text
};

// Times shown by a clock attached to the board (DGT XL / 3000), if any.
struct ClockDisplay {
    int leftSeconds = 0;
    int rightSeconds = 0;
    bool running = false;
    bool leftToMove = false;
    bool rightToMove = false;
};

// The receiving side of a driver: the daemon implements it. A driver calls it
// from within its own read handling, on the daemon's one thread.
class BoardListener {
  public:
    virtual ~BoardListener() = default;
    virtual void boardDump(const BoardSquares& squares) = 0;
    virtual void squareChanged(int square, Appearance now) = 0;
    virtual void identified(const BoardIdentity&) {}
    virtual void clockDisplay(const ClockDisplay&) {}
    // A clock has been seen on the board (again): it may be sent what to show.
    virtual void clockAttached() {}
    // Bytes that made no sense were skipped: said once per incident, for the log.
    virtual void protocolWarning(const std::string& what) = 0;
};

}  // namespace arbiter
