#include "firmware-bridge/debouncer.h"

#include <algorithm>

namespace arbiter::firmware {

Debouncer::Debouncer(int requiredScans)
    : requiredScans_(std::clamp(requiredScans, 1, kMaxRequiredScans)) {}

void Debouncer::acceptAll(const SquareCodes& readings) {
    accepted_ = readings;
    candidate_ = readings;
    candidateScans_.fill(0);
}

bool Debouncer::observe(int square, uint8_t reading) {
    if (square < 0 || square >= dgt::kSquares) return false;
    const auto index = static_cast<size_t>(square);
    if (reading == accepted_[index]) {
        candidateScans_[index] = 0;
        candidate_[index] = reading;
        return false;
    }
    if (reading == candidate_[index] && candidateScans_[index] > 0) {
        ++candidateScans_[index];
    } else {
        candidate_[index] = reading;
        candidateScans_[index] = 1;
    }
    if (candidateScans_[index] < requiredScans_) return false;
    accepted_[index] = reading;
    candidateScans_[index] = 0;
    return true;
}

}  // namespace arbiter::firmware
