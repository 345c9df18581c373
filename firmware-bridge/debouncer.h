#pragma once

// Per-square debouncing of sensor readings.

#include <array>
#include <cstdint>

#include "firmware-bridge/square_codes.h"

namespace arbiter::firmware {

// Filters sensor noise: a piece brushing past a square, a magnet at the edge of a
// reed switch, a hall sensor reading between two polarities. A square's reading
// becomes its accepted value only after it has been seen in requiredScans
// consecutive scans; a reading that flickers back before then is forgotten. The
// accepted values are what the board reports to the host.
class Debouncer {
  public:
    static constexpr int kDefaultRequiredScans = 2;
    static constexpr int kMaxRequiredScans = 100;

    // requiredScans is clamped to 1..kMaxRequiredScans; 1 accepts every reading.
    explicit Debouncer(int requiredScans = kDefaultRequiredScans);

    // Takes a whole board as accepted at once, as at power-up, when there is no
    // earlier picture to protect.
    void acceptAll(const SquareCodes& readings);

    // Feeds one reading of one square from the current scan. Returns true when
    // the square's accepted value changed with it.
    bool observe(int square, uint8_t reading);

    const SquareCodes& accepted() const { return accepted_; }
    int requiredScans() const { return requiredScans_; }

  private:
    int requiredScans_;
    SquareCodes accepted_{};
    SquareCodes candidate_{};
    std::array<uint8_t, dgt::kSquares> candidateScans_{};
};

}  // namespace arbiter::firmware
