#pragma once

#include <optional>
#include <string>

#include "daemon/base/time_source.h"
#include "engine/core/piece.h"

namespace arbiter {

// Limits a table may set on a whole game, besides the players' clocks
// (docs/time-controls.md): a time limit on play, after which the round is
// finished and the game ends, as Colonization's rules say; and a limit on
// the moves each player makes. Either ends the game by the game's own count
// (GameState::stoppedOutcome).
struct GameLimits {
    Millis time = 0;  // playing time of the whole game; 0: no limit
    int moves = 0;    // moves each player makes at most, i.e. rounds; 0: no limit

    // "90" minutes, "1.5"; nullopt unless 0 < minutes <= 24 hours.
    static std::optional<Millis> parseMinutes(const std::string& text);
    // 1 to 10000 moves; nullopt otherwise.
    static std::optional<int> parseMoves(const std::string& text);
    bool operator==(const GameLimits&) const = default;
};

// Keeps count of what the limits measure: the game's playing time (from the
// first move, not while the clocks are paused) and its rounds. A round ends
// when the turn goes back round the table, from a seat to the same or an
// earlier one. Like GameClock it never reads the time: every call is given `now`.
class GameLimitWatch {
  public:
    explicit GameLimitWatch(GameLimits limits = {}) : limits_(limits) {}
    const GameLimits& limits() const { return limits_; }

    void startPlay(Millis now);
    void stopPlay(Millis now);
    bool playing() const { return playingSince_.has_value(); }
    Millis played(Millis now) const;
    // As recorded in the journal, for a resumed game; play is then stopped.
    void setPlayed(Millis played);
    // When the time limit will be reached if play goes on; nullopt when there is
    // none, it is already reached, or play is stopped.
    std::optional<Millis> timeLimitAt() const;
    // From now on the round is finished and then the game ends.
    void reachTimeLimit() { timeReached_ = true; }
    bool timeLimitReached() const { return timeReached_; }

    // Where the rounds stand; what a takeback puts back.
    struct Rounds {
        int done = 0;
        bool open = false;  // someone has moved in the round under way
        bool operator==(const Rounds&) const = default;
    };
    // The turn passed from seat `mover` to seat `next`.
    void turnTaken(PlayerId mover, PlayerId next);
    // For a game that says when its rounds are under way
    // (GameState::roundUnderWay): a round ends when one under way is no more.
    void roundMarked(bool underWay);
    Rounds rounds() const { return rounds_; }
    void restore(Rounds r) { rounds_ = r; }

    // Why the game ends here by a limit, or empty: the last round the move
    // limit allows is complete, or the time limit is reached between rounds.
    std::string reason() const;

  private:
    GameLimits limits_;
    Millis playedBefore_ = 0;  // up to playingSince_, or all of it when stopped
    std::optional<Millis> playingSince_;
    bool timeReached_ = false;
    Rounds rounds_;
    bool gameRounds_ = false;  // the game says what a round is (roundMarked)
};

}  // namespace arbiter
