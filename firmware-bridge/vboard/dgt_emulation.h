#pragma once

// The DGT protocol on a virtual board: our own firmware, run on the host.

#include "firmware-bridge/firmware.h"
#include "firmware-bridge/vboard/emulated_board.h"

namespace arbiter::vboard {

// The firmware of the do-it-yourself board (firmware-bridge/firmware.h) as an
// EmulatedBoard: a virtual DGT board runs the very code a real one would.
class DgtEmulation final : public EmulatedBoard {
  public:
    // clock: the chess clock plugged into the board, if any (it must outlive this).
    DgtEmulation(firmware::BoardHardware& hardware, const firmware::FirmwareConfig& config,
                 firmware::AttachedClock* clock = nullptr)
        : firmware_(hardware, config, clock) {}

    void start() override { firmware_.start(); }
    void tick() override { firmware_.tick(); }
    uint32_t scansCompleted() const override { return firmware_.scansCompleted(); }
    uint32_t millisecondsUntilNextScan() const override {
        return firmware_.millisecondsUntilNextScan();
    }
    int scansToAccept() const override { return firmware_.config().debounceScans; }

    const firmware::Firmware& firmware() const { return firmware_; }

  private:
    firmware::Firmware firmware_;
};

}  // namespace arbiter::vboard
