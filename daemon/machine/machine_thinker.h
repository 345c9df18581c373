#pragma once

#include <functional>
#include <optional>
#include <string>

#include "daemon/base/time_source.h"
#include "daemon/session/session.h"
#include "engine/core/action.h"

namespace arbiter {

// How the machine finds the action for one of its seats, without holding up
// the event loop: the built-in player searches on a thread of its own
// (SearchThinker), a chess engine in a process of its own (UciThinker). A
// thought is asked for, answered once on the loop, or cancelled, after which
// its answer never comes.
class MachineThinker {
  public:
    // The action chosen, legal in the state thought about; or nullopt and
    // why none was (an engine that failed).
    using Answer = std::function<void(std::optional<Action> chosen, const std::string& why)>;

    virtual ~MachineThinker() = default;
    // Thinks about `session`'s current state, for the player to move, for at
    // most `budget`, in place of any thought in flight. `answer` runs on the
    // loop, later, never from within think().
    virtual void think(const Session& session, Millis budget, Answer answer) = 0;
    // Drops the thought in flight, if any: its answer never runs.
    virtual void cancel() = 0;
    // What plays: "the built-in player at level 4", for the status and the log.
    virtual std::string name() const = 0;
};

}  // namespace arbiter
