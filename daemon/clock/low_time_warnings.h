#pragma once

#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "daemon/base/time_source.h"
#include "daemon/clock/game_clock.h"
#include "engine/core/game.h"

namespace arbiter {

// When a player is told their time runs low ("White: 1 minute left"): once
// for each mark their running clock passes, each mark once a game. The marks
// follow the time control: 5 minutes for a game of at least 15, 1 minute for
// one of at least 3, 10 seconds for one of at least 30 s; none when the DGT
// clock keeps the time (it shows it) or the game is untimed. A plain value:
// the session keeps it, and the desk's timer asks it when the next mark is.
class LowTimeWarnings {
  public:
    explicit LowTimeWarnings(const TimeControl& control);

    // A mark the running player's clock has just reached.
    struct Warning {
        PlayerId player = NoPlayer;
        Millis mark = 0;  // what is left, as said: 60000 is "1 minute left"
    };

    // The marks, largest first.
    const std::vector<Millis>& marks() const { return marks_; }
    // When the running clock reaches its next mark not yet told; nullopt when
    // no clock runs or every mark of its player is told.
    std::optional<Millis> nextAt(const GameClock& clock, Millis now) const;
    // The mark the running clock has reached now, if one is due, and every
    // mark above it counted as told. A mark passed long ago (a game resumed
    // with less time left) is counted as told without a word.
    std::optional<Warning> due(const GameClock& clock, Millis now);

    // "1 minute", "5 minutes", "10 seconds".
    static std::string said(Millis mark);

  private:
    std::vector<Millis> marks_;
    std::set<std::pair<PlayerId, Millis>> told_;
};

}  // namespace arbiter
