#include "engine/machine/machine_level.h"

#include <algorithm>
#include <array>

namespace arbiter {

uint64_t playoutsForLevel(int level) {
    // Roughly doubling, so that each level is a step a player feels; level 8
    // is what a patient player waits for in the slowest games (a few seconds).
    static constexpr std::array<uint64_t, kMaxMachineLevel> kPlayouts = {25,  50,   100,  200,
                                                                         500, 1000, 3000, 10000};
    const int clamped = std::clamp(level, kMinMachineLevel, kMaxMachineLevel);
    return kPlayouts[static_cast<size_t>(clamped - kMinMachineLevel)];
}

}  // namespace arbiter
