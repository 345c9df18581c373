#pragma once

// One DGT board in bus mode on a virtual board's line: it listens to every
// command on the line and answers those addressed to it (or to every board),
// as DGT's protocol description 1.03 says a board on a bus does
// (docs/protocols/dgt-bus.md). Several of them share one pseudo-terminal
// (arbiter-vboard --protocol dgt-bus --address A --address B ...).

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "firmware-bridge/square_codes.h"
#include "firmware-bridge/vboard/emulated_board.h"
#include "firmware-bridge/vboard/virtual_hardware.h"

namespace arbiter::vboard {

class DgtBusEmulation final : public EmulatedBoard {
  public:
    // Firmware version it reports (it is ours, not DGT's).
    static constexpr uint8_t kVersionMajor = 1;
    static constexpr uint8_t kVersionMinor = 0;

    DgtBusEmulation(VirtualHardware& hardware, int address, uint32_t scanMs, int debounce);

    void start() override;
    void tick() override;
    uint32_t scansCompleted() const override { return scans_; }
    uint32_t millisecondsUntilNextScan() const override;
    int scansToAccept() const override { return debounce_; }

  private:
    void hear(uint8_t byte);
    void obey(uint8_t command, int address);
    void scan();
    void reply(uint8_t id, const std::vector<uint8_t>& data = {});
    // When its answer to a ping of every board goes out: a moment of its own
    // within DGT's 1.1 s, so that boards on one line do not talk at once.
    uint32_t pingDelayMs() const;

    VirtualHardware& hardware_;
    int address_;
    uint32_t scanMs_;
    int debounce_;
    firmware::SquareCodes accepted_{};   // what it has reported
    firmware::SquareCodes candidate_{};  // a change seen, not yet accepted
    std::array<int, 64> seen_{};         // scans in a row the candidate was seen
    std::vector<uint8_t> changes_;       // records since the last SEND_CHANGES
    std::vector<uint8_t> lastSent_;      // for REPEAT_CHANGES
    std::array<uint8_t, 4> frame_{};
    size_t framed_ = 0;  // bytes of the command being heard
    uint32_t nextScanAt_ = 0;
    uint32_t scans_ = 0;
    std::optional<uint32_t> pingAt_;
    bool ignoreNextPing_ = false;
};

}  // namespace arbiter::vboard
