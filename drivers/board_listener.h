#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "drivers/piece_tags.h"
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
    bool operator==(const BoardIdentity&) const = default;
};

// Times shown by a clock attached to the board (DGT XL / 3000), if any. "Left" and
// "right" are the halves as the players see the clock from its front.
struct ClockDisplay {
    int leftSeconds = 0;
    int rightSeconds = 0;
    bool running = false;
    bool leftToMove = false;
    bool rightToMove = false;
    // The clock says that side's time ran out (it stops at zero).
    bool leftFlagFallen = false;
    bool rightFlagFallen = false;
    bool rightLeverHigh = false;  // the right half of the lever is up
    bool operator==(const ClockDisplay&) const = default;
};

// The buttons of a clock that reports them (the DGT 3000's five).
enum class ClockButton { Back, Plus, Run, Minus, Ok };

// The receiving side of a driver: the daemon implements it. A driver calls it
// from within its own read handling, on the daemon's one thread.
class BoardListener {
  public:
    virtual ~BoardListener() = default;
    virtual void boardDump(const BoardSquares& squares) = 0;
    virtual void squareChanged(int square, Appearance now) = 0;
    // A board that reads each piece's tag: the tags of every square, after
    // its dump and after every change, also one that changes no appearance
    // (a piece exchanged for a look-alike).
    virtual void pieceTags(const SquareTags&) {}
    virtual void identified(const BoardIdentity&) {}
    virtual void clockDisplay(const ClockDisplay&) {}
    // A clock has been seen on the board (again): it may be sent what to show.
    virtual void clockAttached() {}
    // The board says its clock is no longer plugged in.
    virtual void clockDetached() {}
    // A player pressed a button of the clock.
    virtual void clockButton(ClockButton) {}
    // The clock's lever went the other way: a player pressed their half.
    virtual void clockLever(bool /*rightHigh*/) {}
    // Bytes that made no sense were skipped: said once per incident, for the log.
    virtual void protocolWarning(const std::string& what) = 0;
};

}  // namespace arbiter
