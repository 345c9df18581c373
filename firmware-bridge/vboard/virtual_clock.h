#pragma once

// An emulated DGT XL or DGT 3000 plugged into the virtual board.

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "firmware-bridge/attached_clock.h"

namespace arbiter::vboard {

enum class ClockModel { Xl, Dgt3000 };

// The clock a person would see beside the virtual board. It answers the host as
// the real clock does through a board (docs/protocols/dgt.md): an ACK for every
// clock command (error ACKs for what it cannot do, such as text on an XL), its
// version (1.1 for the XL, 2.1 for the DGT 3000), the DGT 3000's buttons, and its
// times in BWTIME form. Everything the host makes it show is said, one line
// each, to a printer (arbiter-vboard's stderr): `text "Nxe5+   "`,
// `display "1 E2 1 E4"` for the XL's segments, `0:14:59 | 0:15:00, left
// running`, `times` (back to the time display), `beep 192 ms`.
//
// Times count down in milliseconds and read rounded up to the second shown, as
// clocks show them; a side that reaches zero has its flag fallen and stops. The
// lever has a left and a right half: the player who has moved presses theirs,
// which raises the other. When the clock runs on the lever (players set it
// themselves, or the host asked with set-and-run flag 8) that starts the other
// side's time; otherwise only the lever's position changes and the host decides.
class VirtualClock final : public firmware::AttachedClock {
  public:
    enum class Side { Left, Right };
    using Printer = std::function<void(const std::string&)>;

    VirtualClock(ClockModel model, Printer printer);

    // AttachedClock
    void command(std::span<const uint8_t> frame, uint32_t nowMs) override;
    firmware::BwTimePayload times(uint32_t nowMs) override;
    std::optional<firmware::BwTimePayload> takeAck() override;

    // The player on `side` presses their half of the lever.
    void pressLever(Side side, uint32_t nowMs);
    // The half that is up is pressed: the player whose time runs has moved.
    void rockLever(uint32_t nowMs);
    // A DGT 3000 button (dgt::clock::ButtonCode) reaches the host as an ACK.
    // False on an XL, whose buttons the host never hears.
    bool pressButton(uint8_t code);
    // The players set their clock by hand: both times, nothing running, the
    // lever starting the clock (the first press starts the other side).
    void set(uint32_t leftMs, uint32_t rightMs, uint32_t nowMs);
    // What the time display shows: "0:14:59 | 0:15:00, left running".
    std::string describe(uint32_t nowMs);

    ClockModel model() const { return model_; }
    // The most times a clock shows: 9:59:59.
    static constexpr uint32_t kMaxMs = (9 * 3600 + 59 * 60 + 59) * 1000u;
    static constexpr uint32_t kPowerUpMs = 5 * 60 * 1000u;

  private:
    void settle(uint32_t nowMs);
    void ack(uint8_t command, bool ok, uint8_t ack2 = 0);
    void setAndRun(std::span<const uint8_t> payload, uint32_t nowMs);
    void showText(std::span<const uint8_t> payload);
    void showSegments(std::span<const uint8_t> payload);
    uint32_t& timeOf(Side side) { return side == Side::Left ? leftMs_ : rightMs_; }
    void print(const std::string& line) const;

    ClockModel model_;
    Printer printer_;
    // Power-up: a clock set for five minutes each, waiting for the lever, as a
    // clock switched on in its last game mode. (All zero would also read, to a
    // host, as the blank BWTIME some boards send after a clock command.)
    uint32_t leftMs_ = kPowerUpMs;
    uint32_t rightMs_ = kPowerUpMs;
    std::optional<Side> runner_;  // whose time runs, or would but for the pause
    bool paused_ = true;
    bool onLever_ = true;  // the lever switches the running side
    bool rightLeverHigh_ = false;
    bool leftFlag_ = false;
    bool rightFlag_ = false;
    uint32_t settledAt_ = 0;
    std::deque<firmware::BwTimePayload> acks_;
};

}  // namespace arbiter::vboard
