#pragma once

// The Millennium ChessLink protocol on a virtual board.

#include <algorithm>
#include <cmath>

#include "firmware-bridge/millennium_firmware.h"
#include "firmware-bridge/vboard/emulated_board.h"

namespace arbiter::vboard {

// firmware::MillenniumFirmware as an EmulatedBoard. --scan-ms sets the board's
// scan time (EEPROM address 01, in its 2.048 ms units, 15 at least); how many
// scans a change must hold is the host's choice (EEPROM address 02), so
// --debounce does not apply.
class MillenniumEmulation final : public EmulatedBoard {
  public:
    MillenniumEmulation(firmware::BoardHardware& hardware, uint32_t scanMs)
        : firmware_(hardware, scanTimeUnits(scanMs)) {}

    void start() override { firmware_.start(); }
    void tick() override { firmware_.tick(); }
    uint32_t scansCompleted() const override { return firmware_.scansCompleted(); }
    uint32_t millisecondsUntilNextScan() const override {
        return firmware_.millisecondsUntilNextScan();
    }
    int scansToAccept() const override { return firmware_.scansToAccept(); }

  private:
    static uint8_t scanTimeUnits(uint32_t scanMs) {
        const long units = std::lround(static_cast<double>(scanMs) / 2.048);
        return static_cast<uint8_t>(std::clamp(units, 15L, 255L));
    }

    firmware::MillenniumFirmware firmware_;
};

}  // namespace arbiter::vboard
