#include "daemon/clock/low_time_warnings.h"

#include <string>

namespace arbiter {

namespace {

constexpr Millis kSecond = 1000;
constexpr Millis kMinute = 60 * kSecond;
// A mark is worth saying only in a game at least this many times as long.
constexpr Millis kGameAtLeast = 3;
// How long after reaching it a mark is still news: a timer fires late only
// by the event loop's slack, a resumed game may be long past it.
constexpr Millis kStillNews = 2 * kSecond;

}  // namespace

LowTimeWarnings::LowTimeWarnings(const TimeControl& control) {
    if (control.keptByDgtClock()) return;
    for (Millis mark : {5 * kMinute, kMinute, 10 * kSecond})
        if (control.base >= kGameAtLeast * mark) marks_.push_back(mark);
}

std::optional<Millis> LowTimeWarnings::nextAt(const GameClock& clock, Millis now) const {
    if (!clock.running() || !clock.timesKnown()) return std::nullopt;
    const PlayerId p = clock.runner();
    const Millis left = clock.remaining(p, now);
    for (Millis mark : marks_) {
        if (told_.count({p, mark})) continue;
        // Reached already: due now; else when the clock comes down to it.
        return left <= mark ? now : now + (left - mark);
    }
    return std::nullopt;
}

std::optional<LowTimeWarnings::Warning> LowTimeWarnings::due(const GameClock& clock, Millis now) {
    if (!clock.running() || !clock.timesKnown()) return std::nullopt;
    const PlayerId p = clock.runner();
    const Millis left = clock.remaining(p, now);
    std::optional<Warning> reached;
    for (Millis mark : marks_) {
        if (left > mark || told_.count({p, mark})) continue;
        told_.insert({p, mark});
        if (left > mark - kStillNews) reached = Warning{p, mark};
    }
    return reached;
}

std::string LowTimeWarnings::said(Millis mark) {
    const bool minutes = mark >= kMinute;
    const Millis n = minutes ? mark / kMinute : mark / kSecond;
    return std::to_string(n) + (minutes ? " minute" : " second") + (n == 1 ? "" : "s");
}

}  // namespace arbiter
