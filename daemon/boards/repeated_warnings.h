#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "daemon/base/time_source.h"

namespace arbiter {

// What a board says that the log should hear, kept within bounds: a board
// babbling garbage once wrote 284 MB of log in 20 s. Lines of one kind (the
// same text but for its numbers) are logged as they come, a few per interval;
// past that they are only counted, and every interval in which some were held
// back ends with one line saying how many, the last one too after the flood
// has stopped. Time is the caller's, so that tests can drive it.
class RepeatedWarnings {
  public:
    struct Limits {
        int perInterval = 5;  // lines of one kind logged before the rest are counted
        Millis interval = 10'000;
    };

    explicit RepeatedWarnings(Limits limits) : limits_(limits) {}
    RepeatedWarnings() : RepeatedWarnings(Limits{}) {}

    // Whether `what`, said at `now`, is to be logged; if not, it is counted.
    bool admit(const std::string& what, Millis now);
    // One line for each kind whose interval has ended by `now` with lines held
    // back: `12,345 more like "..." in the last 10 s`, quoting the latest.
    std::vector<std::string> summaries(Millis now);
    // When summaries() next has something to say; nullopt while nothing is held back.
    std::optional<Millis> nextSummaryAt() const;

  private:
    struct Kind {
        Millis since = 0;      // when its current interval began
        int logged = 0;        // lines logged in it
        long heldBack = 0;     // lines counted in it
        bool flooded = false;  // the last interval ended with lines held back
        std::string latest;    // the latest line held back
    };
    // Kinds the driver's fixed texts make are few; a device's own words could
    // make many, so past this many they share one.
    static constexpr size_t kMaxKinds = 32;

    Limits limits_;
    std::map<std::string, Kind> kinds_;
};

}  // namespace arbiter
