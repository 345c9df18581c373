#pragma once

// The hardware interface of the firmware, simulated on the host.

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <span>

#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/square_codes.h"
#include "firmware-bridge/vboard/physical_board.h"

namespace arbiter::vboard {

// Stands in for the circuit of a real board, so the unchanged firmware core can
// run on the host: 64 sensor values that console commands change, a serial line
// whose far end is a callback (the pseudo-terminal in arbiter-vboard, a buffer
// in tests), LEDs that only remember their state, and a millisecond clock that
// tests may replace. "Unplugging" the line makes the board deaf and mute: host
// bytes are thrown away, outgoing bytes are dropped, while the board keeps
// scanning as a real one would on its own power.
class VirtualHardware final : public firmware::BoardHardware {
  public:
    using SerialWriter = std::function<void(std::span<const uint8_t>)>;
    using Clock = std::function<uint32_t()>;
    using LedListener = std::function<void(int square, bool on)>;

    // Without a clock, milliseconds since construction on the steady clock.
    explicit VirtualHardware(SerialWriter writer, Clock clock = {});

    uint8_t readSquare(int square) override;
    std::optional<uint8_t> readSerialByte() override;
    void writeSerial(std::span<const uint8_t> bytes) override;
    void setLed(int square, bool on) override;
    uint32_t millisecondsNow() override;

    firmware::SquareCodes& sensors() { return sensors_; }
    const firmware::SquareCodes& sensors() const { return sensors_; }
    // Which physical piece stands on each square, as PhysicalBoard keeps it:
    // what a board that reads each piece's chip (a Certabo) reads.
    PieceIds& pieceIds() { return pieceIds_; }
    const PieceIds& pieceIds() const { return pieceIds_; }

    // Bytes the host wrote; lost while unplugged.
    void deliverFromHost(std::span<const uint8_t> bytes);
    void setPlugged(bool plugged);
    bool plugged() const { return plugged_; }

    bool ledOn(int square) const { return leds_[static_cast<size_t>(square)]; }
    // Called whenever an LED changes state.
    void setLedListener(LedListener listener) { ledListener_ = std::move(listener); }

  private:
    SerialWriter writer_;
    Clock clock_;
    firmware::SquareCodes sensors_{};
    PieceIds pieceIds_{};
    std::array<bool, dgt::kSquares> leds_{};
    std::deque<uint8_t> fromHost_;
    bool plugged_ = true;
    LedListener ledListener_;
};

}  // namespace arbiter::vboard
