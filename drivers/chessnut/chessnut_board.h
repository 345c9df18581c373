#pragma once

// The host side of one Chessnut board (Air, Air+, Pro, Go, Evo) over USB HID,
// or of a virtual one on a pseudo-terminal: it switches the board to real-time
// reports, turns each position report into a dump (the first, and the one
// after requestBoard()) or into the changes since the last, asks the board for
// its version and battery, warns when the battery runs low, and lights LEDs.
// It knows the Chessnut protocol and nothing about games, and never reads a
// clock: the caller passes the time where it matters.

#include <array>
#include <bitset>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "drivers/board_driver.h"
#include "drivers/board_listener.h"
#include "drivers/chessnut/chessnut_commands.h"
#include "drivers/chessnut/chessnut_parser.h"
#include "drivers/transport/transport.h"

namespace arbiter::chessnut {

// The Chessnut protocol in the table of drivers (drivers/board_protocols.h).
extern const BoardProtocol kChessnutProtocol;

// Whether a device may be a Chessnut board by its USB id: vendor 0x2d80 and a
// product family 0x80..0x86 (the high byte of the product id).
bool mayBeChessnutBoard(std::optional<uint16_t> vendor, std::optional<uint16_t> product);

class ChessnutBoard final : public BoardDriver, private ChessnutParser::Sink {
  public:
    // Both must outlive the board. Listener callbacks may call the board's
    // output methods, but must not destroy it.
    ChessnutBoard(Transport& transport, BoardListener& listener);

    // Switches the board to real-time reports; it answers with its position.
    // The version and battery requests follow, one per read at most, each
    // 200 ms or more after the write before it, as the maker's SDK spaces its
    // writes. False when the device is gone.
    bool start() override;
    bool onReadable(int64_t nowMs) override;
    // Asks for the real-time reports again (there is no "send the board"
    // request) and for the battery; the next position is reported as a dump.
    bool requestBoard() override;
    // Every Chessnut board has LEDs; they are sent once the board has shown
    // it is one (its first position report).
    bool hasLeds() const override { return identityReported_ && !gone_; }
    // Lights exactly `lit`; nothing is sent when it is already shown.
    bool showLeds(const std::bitset<64>& lit) override;
    ClockPort* clock() override { return nullptr; }

    const BoardIdentity& identity() const { return identity_; }
    std::optional<BatteryReport> battery() const { return battery_; }
    bool gone() const { return gone_; }

  private:
    // ChessnutParser::Sink
    void message(const ChessnutMessage& message) override;
    void warning(const std::string& what) override;

    void handle(const PositionReport& report);
    void handle(const BatteryReport& report);
    void handle(const VersionReport& report);
    void handle(const Acknowledgement&) {}

    bool send(const Bytes& bytes);
    // Sends the next waiting start-up request if the last write is long enough ago.
    void sendWaitingRequest();

    Transport& transport_;
    BoardListener& listener_;
    ChessnutParser parser_;
    int64_t now_ = 0;
    bool gone_ = false;

    BoardIdentity identity_;
    bool identityReported_ = false;
    std::optional<std::array<uint8_t, 64>> shown_;  // the last position told
    bool dumpNext_ = true;
    std::optional<BatteryReport> battery_;
    bool lowBatteryTold_ = false;
    std::optional<std::bitset<64>> ledsShown_;

    std::deque<Bytes> waitingRequests_;
    std::optional<int64_t> lastWriteAt_;
    bool unstampedWrite_ = false;  // written outside onReadable, when the time is not known
    bool reading_ = false;         // within onReadable: now_ is the time
};

}  // namespace arbiter::chessnut
