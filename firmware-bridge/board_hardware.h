#pragma once

// The few things the firmware needs from the circuit it runs on.

#include <cstdint>
#include <optional>
#include <span>

namespace arbiter::firmware {

// The hardware interface of the firmware core. The core never touches pins, UARTs
// or timers itself; it goes through this, so the same core runs on a
// microcontroller, in unit tests (a fake) and on the host as arbiter-vboard (a
// pseudo-terminal). Every call must return at once: the core polls, it never waits.
class BoardHardware {
  public:
    virtual ~BoardHardware() = default;

    // The DGT piece code the sensor of one square reads now (square 0 = a8 as the
    // board numbers it, see dgt::kSquares). A board with hall sensors that tell
    // the two magnet polarities apart knows the colour; a board with reed
    // switches senses occupancy only and returns one fixed code for every
    // occupied square (say dgt::kWhitePawn), which its host must be told. Codes
    // above dgt::kLastPieceCode are treated as a failed reading and skipped.
    virtual uint8_t readSquare(int square) = 0;

    // The next byte from the host, or nothing when none is waiting (non-blocking).
    virtual std::optional<uint8_t> readSerialByte() = 0;

    // Hands bytes to the serial line towards the host. It may drop them when its
    // buffer is full: the DGT protocol has no flow control, and hosts resync.
    virtual void writeSerial(std::span<const uint8_t> bytes) = 0;

    // Switches the LED of one square (same numbering as readSquare). A board
    // without LEDs ignores this.
    virtual void setLed(int square, bool on) = 0;

    // A free-running millisecond counter; it may wrap, the core only subtracts.
    virtual uint32_t millisecondsNow() = 0;
};

}  // namespace arbiter::firmware
