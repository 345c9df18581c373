#pragma once

// The Certabo and Tabutronic Sentio protocols on a virtual board.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "firmware-bridge/vboard/emulated_board.h"
#include "firmware-bridge/vboard/virtual_hardware.h"

namespace arbiter::vboard {

// A Certabo or a Sentio board as arbiter-vboard plays it: every scan it reads
// the sensors and sends the whole reading as a line, ':' numbers CR LF, as the
// real boards do of their own accord (docs/protocols/certabo.md); the host's
// bytes are LED frames of 8 bytes, one per rank from the eighth, bit 0 the
// a-file. A Certabo sends each square's RFID as five numbers: every virtual
// piece has a chip of its own (its identity, VirtualHardware::pieceIds, kept
// by PhysicalBoard), which goes with it as it is lifted, moved and set down,
// and a piece from the box has a new one; a Sentio sends a bitmask of the
// taken squares per rank.
// Debouncing is the host's business on these boards, so a change goes out at
// the next scan.
class CertaboEmulation final : public EmulatedBoard {
  public:
    enum class Model { Certabo, Sentio };
    // The host accepts a change once two readings agree: a slide must stay on
    // each square that long.
    static constexpr int kReadingsToAccept = 2;

    CertaboEmulation(Model model, VirtualHardware& hardware, uint32_t scanPeriodMs);

    void start() override;
    void tick() override;
    uint32_t scansCompleted() const override { return scans_; }
    uint32_t millisecondsUntilNextScan() const override;
    int scansToAccept() const override { return kReadingsToAccept; }

    // The chip of the piece on each square (0: none), as the last scan read it.
    const std::array<uint64_t, 64>& chips() const { return chips_; }

  private:
    void scan();
    // Reads the sensors and the identity of each piece on them.
    void readChips();
    std::string reading();
    void hearHost();

    Model model_;
    VirtualHardware& hardware_;
    uint32_t scanPeriodMs_;
    uint32_t nextScanAt_ = 0;
    uint32_t scans_ = 0;
    std::array<uint8_t, 64> codes_{};   // what each square held at the last scan
    std::array<uint64_t, 64> chips_{};  // the chip of the piece on it
    std::array<uint8_t, 8> ledFrame_{};
    size_t ledFilled_ = 0;
};

}  // namespace arbiter::vboard
