#pragma once

#include <cstdint>

namespace arbiter {

// A player's remaining time as a clock displays it. Every place arbiter shows
// a time (the announcements, the game record) reads it through readClock(),
// so that the same milliseconds always read alike.
//
// The time is rounded up to the unit displayed, as tournament clocks do: a
// clock set to 5 minutes shows 5:00 for the whole first second, and it shows
// zero only once the time is used up, when the flag has fallen. Rounding down
// would show 0:00 while the player still had time to move. The unit is a
// second from one minute up and a tenth of a second below it.
struct ClockReading {
    std::int64_t hours = 0;
    int minutes = 0;           // 0 to 59
    int seconds = 0;           // 0 to 59
    bool showsTenths = false;  // below a minute (after rounding up)
    int tenths = 0;            // 0 to 9, when shown
};

// Negative times (a clock that ran over) read as zero.
ClockReading readClock(std::int64_t milliseconds);

}  // namespace arbiter
