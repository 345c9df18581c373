#include "engine/core/clock_reading.h"

#include <algorithm>

namespace arbiter {

ClockReading readClock(std::int64_t milliseconds) {
    constexpr std::int64_t kTenthsInAMinute = 600;
    const std::int64_t time = std::max<std::int64_t>(0, milliseconds);
    ClockReading reading;
    std::int64_t wholeSeconds = 0;
    if (const std::int64_t tenthsUp = (time + 99) / 100; tenthsUp < kTenthsInAMinute) {
        reading.showsTenths = true;
        reading.tenths = static_cast<int>(tenthsUp % 10);
        wholeSeconds = tenthsUp / 10;
    } else {
        wholeSeconds = (time + 999) / 1000;
    }
    reading.hours = wholeSeconds / 3600;
    reading.minutes = static_cast<int>(wholeSeconds / 60 % 60);
    reading.seconds = static_cast<int>(wholeSeconds % 60);
    return reading;
}

}  // namespace arbiter
