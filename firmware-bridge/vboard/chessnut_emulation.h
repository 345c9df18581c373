#pragma once

// The Chessnut protocol on a virtual board: a Chessnut Air as arbiterd's
// chessnut driver (drivers/chessnut/) and any other Chessnut host see it,
// behind a pseudo-terminal instead of a hidraw node. A pseudo-terminal keeps
// no report boundaries: the board writes each frame whole and unpadded, and
// the host frames them by id and length (docs/protocols/chessnut.md).

#include <array>
#include <cstdint>

#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/debouncer.h"
#include "firmware-bridge/vboard/emulated_board.h"

namespace arbiter::vboard {

class ChessnutEmulation final : public EmulatedBoard {
  public:
    // The version text the board gives, and its battery (always full).
    static constexpr const char* kVersion = "arbiter vboard chessnut";
    static constexpr int kBatteryPercent = 100;
    // In real-time mode the position is sent on every change and, like the
    // real boards, again now and then when nothing changes.
    static constexpr uint32_t kRepeatMs = 1000;

    // hardware must outlive the emulation. scanMs: milliseconds per scan;
    // debounce: scans a change must be seen in before it is reported.
    ChessnutEmulation(firmware::BoardHardware& hardware, uint32_t scanMs, int debounce);

    void start() override;
    void tick() override;
    uint32_t scansCompleted() const override { return scans_; }
    uint32_t millisecondsUntilNextScan() const override;
    int scansToAccept() const override { return debouncer_.requiredScans(); }

    bool realTime() const { return realTime_; }

  private:
    void readHost();
    void handleCommand();
    void scan();
    void sendPosition();

    firmware::BoardHardware& hardware_;
    uint32_t scanMs_;
    firmware::Debouncer debouncer_;
    uint32_t scans_ = 0;
    uint32_t lastScanAt_ = 0;
    uint32_t lastReportAt_ = 0;
    bool realTime_ = false;
    // The host's frame being read: id, length, payload.
    std::array<uint8_t, 64> command_{};
    size_t filled_ = 0;
};

}  // namespace arbiter::vboard
