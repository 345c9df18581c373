#pragma once

// The seam between the boards and the daemon. A driver speaks one board
// protocol over a Transport and tells a BoardListener what the board senses,
// in terms that are the same for every protocol; the daemon asks it for a
// full board, LEDs and the clock through BoardDriver and ClockPort, and finds
// the drivers by name in one table (drivers/board_protocols.h). Nothing above
// this seam knows a protocol's bytes.

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/board_listener.h"
#include "drivers/piece_tags.h"
#include "drivers/transport/device_kind.h"
#include "drivers/transport/port_discovery.h"
#include "drivers/transport/transport.h"

namespace arbiter {

// A half of a two-sided clock, as the players see the clock from its front.
enum class ClockHalf { Left, Right };

// What a board's clock is asked to show: both times, the side to move, and
// whether its time runs down (by itself, on the clock) or stands still.
struct ClockSetting {
    int leftSeconds = 0;
    int rightSeconds = 0;
    std::optional<ClockHalf> toMove;
    bool running = false;
    bool operator==(const ClockSetting&) const = default;
};

// A game clock plugged into a board (a DGT XL or DGT 3000). Every request is
// false, and sends nothing, while no clock has been seen or the device is gone.
class ClockPort {
  public:
    virtual ~ClockPort() = default;
    // Sets both times and which side runs; the clock counts down by itself.
    virtual bool setClock(const ClockSetting& setting, int64_t nowMs) = 0;
    // A short message, as much of it as the clock can show ("Nxe5+", "illegal").
    virtual bool showClockMessage(const std::string& text, int64_t nowMs) = 0;
    // Back to the clock's own display of the times.
    virtual bool showClockTime(int64_t nowMs) = 0;
};

// One board, whatever its protocol. Squares are the board's own numbering,
// 0 = a8 .. 63 = h1. The driver never reads a clock: the caller passes the
// time (milliseconds on a monotonic clock), so tests run instantly.
class BoardDriver {
  public:
    virtual ~BoardDriver() = default;
    // Wakes the board, asks who it is and for all its squares, and asks to be
    // told of every change. False when the device is gone.
    virtual bool start() = 0;
    // Reads and handles everything the transport has now; the listener hears
    // it. False when the device is gone: drop the driver and try again later.
    virtual bool onReadable(int64_t nowMs) = 0;
    // Asks for all squares again. False when the device is gone.
    virtual bool requestBoard() = 0;
    // Whether the board has LEDs it can safely be sent (known once it has
    // said who it is: a command some boards do not know can hang them).
    virtual bool hasLeds() const = 0;
    // Lights exactly the squares in `lit`. False, and nothing sent, when the
    // board has no LEDs or the device is gone.
    virtual bool showLeds(const std::bitset<64>& lit) = 0;
    // The clock that may be plugged into the board; nullptr for a protocol
    // without clocks.
    virtual ClockPort* clock() = 0;
    // What each piece's tag is, for a board that reads tags (readsTags):
    // it reads its squares by them from then on. Others ignore it.
    virtual void identifyPiecesBy(const PieceTags& /*tags*/) {}
};

// A serial line that several boards share, each at its own address (DGT's
// bus): one per port, owning no board but polling them all in turn. The
// daemon opens the port once, reads it through the bus and calls tick() at
// nextTickAt(); each board on it gets its BoardDriver from attach(), whose
// onReadable() reads nothing (the bus has read) and is false once the port
// is gone. Only the bus knows which bytes are whose.
class BoardBus {
  public:
    virtual ~BoardBus() = default;
    // Reads and handles everything the port has now; the boards' listeners
    // hear what is theirs. False when the port is gone.
    virtual bool onReadable(int64_t nowMs) = 0;
    // Sends what is due: the next poll, a request that went unanswered.
    // False when the port is gone.
    virtual bool tick(int64_t nowMs) = 0;
    // When tick() next has something to do.
    virtual int64_t nextTickAt() const = 0;
    // The addresses whose boards have spoken since the last call, for their
    // links to note that they answer.
    virtual std::vector<int> takeHeard() = 0;
    // The driver of the board at `address`, which leaves the bus when
    // destroyed; the bus must outlive it. nullptr when the address already
    // has one.
    virtual std::unique_ptr<BoardDriver> attach(int address, BoardListener& listener) = 0;
    // Asks every board on the line to say its address (nothing else is
    // polled meanwhile); addressesFound() has the answers so far.
    virtual bool startSearch(int64_t nowMs) = 0;
    virtual std::vector<int> addressesFound() const = 0;
};

// One protocol in the table of drivers: what a device names it by ("dgt" in
// dgt:/dev/ttyACM0), what it reads, how to make its driver on an open
// transport, and which ports (serial, or hidraw for HID boards) may be its boards.
struct BoardProtocol {
    std::string_view name;
    std::string_view description;  // "DGT board", for listings
    // The driver of one board on `transport`; both must outlive it. nullptr
    // for a protocol whose boards share a port (makeBus).
    std::unique_ptr<BoardDriver> (*makeDriver)(Transport& transport, BoardListener& listener);
    // Whether a port may be such a board, by its USB id: a candidate to probe.
    bool (*mayBe)(const SerialPortInfo& port);
    // Whether its boards may carry a game clock (ClockPort).
    bool carriesClock = false;
    // The line speed its boards talk at (always 8 data bits, no parity, 1 stop
    // bit: a protocol that wants parity sets the bit in its bytes itself).
    int baudRate = 9600;
    // What its boards can tell of a square by themselves.
    Sensing sensing = Sensing::ColourAndKind;
    // Whether its boards read each piece's tag (a Certabo's RFID): with a
    // calibration (identifyPiecesBy) they tell colour and kind as well.
    bool readsTags = false;
    // The device nodes its boards are; a pseudo-terminal stands in for any.
    DeviceKind device = DeviceKind::Serial;
    // For a protocol whose boards share one port, each at an address
    // 1..maxAddress (a device names PATH@ADDRESS): the bus on an open port,
    // which must outlive it. nullptr for one board per port.
    std::unique_ptr<BoardBus> (*makeBus)(Transport& transport) = nullptr;
    int maxAddress = 0;
};

}  // namespace arbiter
