#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/base/time_source.h"
#include "engine/core/piece.h"

namespace arbiter {

// A time control, as a table chooses it: how much time each player has, in one
// or more periods, and what happens to the clocks around each move (a Fischer
// increment, a Bronstein or simple delay, or an hourglass). It is plain data:
// the GameClock applies it. docs/time-controls.md describes every form.
struct TimeControl {
    // What happens around each move besides the mover's clock running down.
    enum class Mode {
        Fischer,      // after each move the mover gets `increment`
        Bronstein,    // after each move the mover gets back the time it took, at most `delay`
        SimpleDelay,  // each turn the clock waits `delay` before it starts running down
        Hourglass,    // the time the mover uses is given to the other players
        DgtClock,     // the players' DGT clock keeps the time; arbiterd reads it ("dgt")
    };

    // A period after the first one in a staged control ("40/90+30:30+30").
    // Each player enters it on their own, once they have made the moves of the
    // periods before it.
    struct Stage {
        int moves = 0;         // the player's moves in this period; 0: the rest of the game
        Millis time = 0;       // added to the player's clock as they enter the period
        Millis increment = 0;  // Fischer: added after each move of the period
        Millis delay = 0;      // Bronstein or simple delay for each move of the period
        bool operator==(const Stage&) const = default;
    };

    // Base time and increment come first so that {base, increment} is a Fischer control.
    Millis base = 0;       // on every clock at the start: the time of the first period
    Millis increment = 0;  // Fischer increment for each move of the first period
    Mode mode = Mode::Fischer;
    Millis delay = 0;                     // Bronstein or simple delay in the first period
    int baseMoves = 0;                    // moves of the first period; 0 when it is the whole game
    std::vector<Stage> laterStages = {};  // the periods after the first; the last has moves 0

    // "5+3" (minutes + seconds), "90", "0.5+2", "5b3" (Bronstein), "5d3" (simple
    // delay), "5h" (hourglass), "40/90+30:30+30" (periods), "dgt" (the DGT clock
    // keeps the time). nullopt when malformed.
    static std::optional<TimeControl> parse(const std::string& text);
    // The canonical text: parse(text()) gives this control back.
    std::string text() const;

    // Every period, the first one included, in order.
    std::vector<Stage> stages() const;
    bool keptByDgtClock() const { return mode == Mode::DgtClock; }
    bool operator==(const TimeControl&) const = default;
};

// What the clocks hold that belongs to the position rather than to the moment:
// what a takeback or a restart must put back so that periods and increments
// continue exactly as they would have.
struct ClockState {
    std::vector<Millis> remaining;  // per player
    std::vector<int> movesMade;     // per player: their own completed moves
    std::vector<bool> inGame;       // per player: false once removed
    bool operator==(const ClockState&) const = default;
};

// What a clock that keeps the time itself shows (a DGT clock, TimeControl "dgt"),
// per seat.
struct ClockReport {
    std::vector<Millis> remaining;
    std::vector<bool> flagFallen;  // the clock says this seat's time ran out
    bool running = false;
};

// The players' clocks. At most one runs at a time; a move stops the mover's
// clock, applies the time control and starts the next player's. It never reads
// the time itself: every call is given `now`, so it is exact under test.
//
// When a DGT clock keeps the time (TimeControl::Mode::DgtClock) the times never
// run down here: they are what the clock last reported (report()), or what the
// journal last recorded, and the turn and the pause are still kept as usual.
class GameClock {
  public:
    GameClock(TimeControl control, int players);

    // p's clock runs (no increment). A new turn: a simple delay starts afresh.
    void start(PlayerId p, Millis now);
    // `mover` completed a move: their clock stops and the control applies
    // (increment, delay refund, next period; the increment also for a first
    // move made before any clock ran), then `next`'s clock runs.
    void moved(PlayerId mover, PlayerId next, Millis now);
    void stop(Millis now);
    // No clock runs while paused; start() and moved() still hand the turn over
    // and the new runner's clock waits for resume().
    void pause(Millis now);
    void resume(Millis now);
    // p leaves the game: their clock stops and never runs again, they receive no
    // hourglass time, and their remaining time stays as it is.
    void removePlayer(PlayerId p, Millis now);
    // A late arrival takes the next seat with the first period's time; hourglass
    // time used before they came is shared among those who were there.
    void addPlayer(Millis now);

    // A DGT clock's times, for a clock kept by one; ignored otherwise, and when
    // they are not one per seat.
    void report(const ClockReport& report);
    // What the DGT clock showed before the game began, whose times report()
    // then takes as the game's from its start: a flag down in it fell in the
    // game before.
    void markFlagsShownBefore(const ClockReport& report);
    // Whether p's flag is down since before the game began, and the clock has
    // not shown p's time since (the players have not set it again).
    bool flagLeftFromBefore(PlayerId p) const {
        return p >= 0 && static_cast<size_t>(p) < flagsFromBefore_.size() &&
               flagsFromBefore_[static_cast<size_t>(p)];
    }
    // Whether the times mean anything: false for a DGT clock until it or the
    // journal has given them.
    bool timesKnown() const { return !control_.keptByDgtClock() || known_; }
    // Whether the DGT clock has been seen running in this game (its fallen flag
    // is this game's, not one left from the game before).
    bool seenRunning() const { return seenRunning_; }
    // Whether the time runs: the turn's clock, and for a DGT clock what it says.
    bool timeRuns() const { return running() && (!control_.keptByDgtClock() || reportedRunning_); }

    // Restoring times alone (move counts unchanged). Meant for a stopped clock:
    // for a running one the runner's time counts from when it started.
    void setRemaining(std::vector<Millis> remaining);
    // Everything a takeback or a restart needs, as of `now`.
    ClockState snapshot(Millis now) const;
    // The clocks become exactly the snapshot's, seats included (a takeback may
    // go back before a late arrival), and no clock runs (a pause stays). False,
    // and nothing changed, when the snapshot does not hold one value of each
    // kind for 1 to kMaxPlayers seats.
    bool restore(const ClockState& state);

    bool running() const { return runner_ != NoPlayer && !paused_; }
    bool paused() const { return paused_; }
    // Whose clock runs, or would run but for a pause; NoPlayer when none.
    PlayerId runner() const { return runner_; }
    int seats() const { return static_cast<int>(remaining_.size()); }
    Millis remaining(PlayerId p, Millis now) const;
    std::vector<Millis> remainingAll(Millis now) const;
    // When the running clock reaches zero (a simple delay included); nullopt
    // when none runs or the clocks are paused.
    std::optional<Millis> flagAt() const;
    const TimeControl& control() const { return control_; }

    // "1:02:03", "4:59", "0:59.2": hours when there are any, minutes, seconds
    // and, below a minute, tenths; rounded up to the unit shown (readClock()).
    static std::string format(Millis ms);

  private:
    bool isPlayer(PlayerId p) const;
    // The period a player's move number `move` (1 for their first) belongs to.
    size_t stageOfMove(int move) const;
    // The clocks as they read at `now`, without changing anything.
    std::vector<Millis> readingsAt(Millis now) const;
    // How much of the time since runningSince_ the runner is charged (after the delay).
    Millis chargedSince(Millis now) const;
    // Folds the running time up to `now` into the stored values.
    void settle(Millis now);
    // Hourglass: gives the time used since the last share-out to the other players.
    void shareOutFlow();
    void shareOut(Millis used, PlayerId from, std::vector<Millis>& clocks) const;
    // Stops the runner's clock for good; returns the time it used this turn.
    Millis endTurn(Millis now);
    void beginTurn(PlayerId p, Millis now);

    TimeControl control_;
    std::vector<TimeControl::Stage> stages_;
    std::vector<Millis> remaining_;  // as of runningSince_ for the runner
    std::vector<int> movesMade_;
    std::vector<bool> inGame_;
    PlayerId runner_ = NoPlayer;
    bool paused_ = false;
    Millis runningSince_ = 0;
    Millis delayLeft_ = 0;     // simple delay still to wait this turn, as of runningSince_
    Millis usedThisTurn_ = 0;  // charged to the runner this turn, as of runningSince_
    Millis pendingFlow_ = 0;   // hourglass: used by the runner, not yet shared out
    bool known_ = false;       // a DGT clock's times have been given
    bool reportedRunning_ = false;
    bool seenRunning_ = false;
    std::vector<bool> flagsFromBefore_;  // per player: flagLeftFromBefore()
};

}  // namespace arbiter
