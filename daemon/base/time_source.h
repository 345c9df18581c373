#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace arbiter {

// Milliseconds on a monotonic clock: what timers, clocks and stillness are measured in.
using Millis = int64_t;

// No clock, period or time of play holds more: about 31 years. Any number of
// milliseconds read from outside (a journal) beyond it is damage, not play;
// and a sum of a few such numbers stays far from overflowing.
inline constexpr Millis kMostMillis = 1'000'000'000'000;

// a + b, held at the ends of Millis rather than overflowing: times that grow
// with play (increments on a clock) stay times.
constexpr Millis addMillis(Millis a, Millis b) {
    Millis sum = 0;
    if (!__builtin_add_overflow(a, b, &sum)) return sum;
    return b > 0 ? INT64_MAX : INT64_MIN;
}

// Where the daemon gets the time. Injected everywhere so that tests (and the
// referee benchmark) can drive time by hand and run instantly and exactly.
class TimeSource {
  public:
    virtual ~TimeSource() = default;
    virtual Millis now() const = 0;             // monotonic
    virtual std::string wallClock() const = 0;  // ISO 8601 local time, for records
    // Milliseconds since 1970 (UTC), with a fraction: when something happened,
    // for another machine to compare (the hall's events). Not monotonic.
    virtual double epochMillis() const;
};

class SystemTimeSource final : public TimeSource {
  public:
    Millis now() const override;
    std::string wallClock() const override;
    double epochMillis() const override;
};

// A clock that only moves when told to.
class ManualTimeSource final : public TimeSource {
  public:
    Millis now() const override { return now_; }
    std::string wallClock() const override { return "2026-01-01T00:00:00"; }
    void advance(Millis ms) { now_ += ms; }
    void set(Millis ms) { now_ = ms; }

  private:
    Millis now_ = 0;
};

}  // namespace arbiter
