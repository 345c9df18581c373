#pragma once

// The main loop of the sensor board.

#include <cstdint>

#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/board_identity.h"
#include "firmware-bridge/debouncer.h"
#include "firmware-bridge/dgt_board_side.h"
#include "firmware-bridge/square_codes.h"

namespace arbiter::firmware {

// What a build or a host program chooses about a board.
struct FirmwareConfig {
    uint32_t scanPeriodMs = 200;  // a real board needs 200-250 ms per scan; tests go faster
    int debounceScans = Debouncer::kDefaultRequiredScans;
    BoardIdentity identity{};
};

// Ties the sensors, the debouncer and the DGT board side into one board: call
// tick() as often as possible (a microcontroller's main loop, a host's event
// loop). Host bytes are answered within the same tick; every scanPeriodMs the 64
// sensors are read, debounced, and each accepted change goes to the host as a
// FIELD_UPDATE when an update mode is on. All state lives in fixed members: the
// object can be a static on a board without a heap.
class Firmware {
  public:
    // clock: the chess clock plugged into the board, if any (it must outlive this).
    Firmware(BoardHardware& hardware, const FirmwareConfig& config, AttachedClock* clock = nullptr);
    Firmware(const Firmware&) = delete;
    Firmware& operator=(const Firmware&) = delete;

    // Power-up: reads every sensor once and takes that picture as it is. tick()
    // calls it if nobody did.
    void start();

    void tick();

    // Scans done since start() (the power-up scan not counted): lets a simulator
    // hold a change until the board has seen it.
    uint32_t scansCompleted() const { return scansCompleted_; }
    // How long the caller may sleep before the next scan is due (0: now).
    uint32_t millisecondsUntilNextScan() const;

    const SquareCodes& acceptedBoard() const { return debouncer_.accepted(); }
    UpdateMode updateMode() const { return boardSide_.updateMode(); }
    const FirmwareConfig& config() const { return config_; }

  private:
    void serveHost(uint32_t nowMs);
    void scan();

    BoardHardware& hardware_;
    FirmwareConfig config_;
    Debouncer debouncer_;
    DgtBoardSide boardSide_;
    bool started_ = false;
    uint32_t lastScanMs_ = 0;
    uint32_t scansCompleted_ = 0;
};

}  // namespace arbiter::firmware
