#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "daemon/base/time_source.h"

namespace arbiter {

// The wrong secrets given with "as" (a player of a moderated game proving who
// they are), counted for the whole socket, so that guessing is slow and seen.
// A few wrong secrets are a player's typing; after kFreeFailures in a row,
// each further one shuts "as" for everyone for a while, from kFirstLockMs
// doubling up to kLongestLockMs, and nothing given meanwhile is even
// compared, so that a guess cannot be tested during a lock. A count for the
// socket rather than for a connection: a guesser would only connect again.
// The count is forgotten after kForgetMs without a wrong secret, or when a
// secret is right.
//
// Each wrong secret is logged until the locks begin; after that one line per
// lock says how many were wrong and how many "as" were refused meanwhile, so
// that an attack costs the log a line a minute at most.
class SecretAttempts {
  public:
    static constexpr int kFreeFailures = 3;
    static constexpr Millis kFirstLockMs = 1000;
    static constexpr Millis kLongestLockMs = 64000;
    static constexpr Millis kForgetMs = 10 * 60 * 1000;

    explicit SecretAttempts(const TimeSource& time) : time_(time) {}

    // When "as" may not be tried now: why, with how long to wait. Counts the
    // refusal for the next log line.
    std::optional<std::string> refusal();
    // A secret (or name) given by `who` (the client, as the log names it,
    // e.g. "control client 7 (pid 812, uid 1000)") for `name` was wrong.
    void failed(const std::string& who, const std::string& name);
    // A secret was right: the count starts again.
    void succeeded();

  private:
    const TimeSource& time_;
    int failures_ = 0;           // wrong in a row, not yet forgotten
    Millis lastFailure_ = 0;     // when the last wrong one came
    Millis lockedUntil_ = 0;     // "as" is refused until then
    std::uint64_t refused_ = 0;  // refused during locks since the last log line
};

}  // namespace arbiter
