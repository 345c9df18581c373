#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/time_source.h"
#include "engine/core/piece.h"

namespace arbiter {

// A time control: base time per player plus a Fischer increment after each move.
struct TimeControl {
    Millis base = 0;
    Millis increment = 0;

    // "5+3" (minutes + seconds), "90" (minutes), "0.5+2" (30 s + 2 s). nullopt when malformed.
    static std::optional<TimeControl> parse(const std::string& text);
    std::string text() const;
};

// The players' clocks. At most one runs at a time; a move stops the mover's
// clock, adds the increment and starts the next player's. It never reads the
// time itself: every call is given `now`, so it is exact under test.
class GameClock {
  public:
    GameClock(TimeControl control, int players);

    void start(PlayerId p, Millis now);  // p's clock runs (no increment)
    // `mover` completed a move: their clock stops and gets the increment (also
    // for the first move, made before any clock ran), then `next`'s clock runs.
    void moved(PlayerId mover, PlayerId next, Millis now);
    void stop(Millis now);
    void setRemaining(std::vector<Millis> remaining);  // restoring after a takeback or a restart

    bool running() const { return runner_ != NoPlayer; }
    PlayerId runner() const { return runner_; }
    Millis remaining(PlayerId p, Millis now) const;
    std::vector<Millis> remainingAll(Millis now) const;
    // When the running clock reaches zero; nullopt when none runs.
    std::optional<Millis> flagAt() const;
    const TimeControl& control() const { return control_; }

    // "4:59.2": minutes, seconds and (below a minute) tenths.
    static std::string format(Millis ms);

  private:
    TimeControl control_;
    std::vector<Millis> remaining_;  // as of runningSince_ for the runner
    PlayerId runner_ = NoPlayer;
    Millis runningSince_ = 0;
};

}  // namespace arbiter
