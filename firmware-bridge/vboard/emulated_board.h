#pragma once

// The protocol side of a virtual board.

#include <cstdint>

namespace arbiter::vboard {

// What arbiter-vboard runs behind its pseudo-terminal: one board protocol
// over the virtual hardware (VirtualHardware: the sensors, as DGT piece codes,
// the serial bytes and the LEDs). It scans the sensors at its own pace, reports
// what changed in its protocol's bytes and answers the host; the console and
// the loop around it are the same for every protocol.
class EmulatedBoard {
  public:
    virtual ~EmulatedBoard() = default;
    // Power-up: the sensors are read once and taken as they are.
    virtual void start() = 0;
    // Answers the host's bytes and scans when a scan is due; call it often.
    virtual void tick() = 0;
    // Scans done since start(): the console holds a slide until the board
    // has seen each square it crosses.
    virtual uint32_t scansCompleted() const = 0;
    // How long the caller may sleep before the next scan is due (0: now).
    virtual uint32_t millisecondsUntilNextScan() const = 0;
    // How many scans in a row must see a change before it is reported.
    virtual int scansToAccept() const = 0;
};

}  // namespace arbiter::vboard
