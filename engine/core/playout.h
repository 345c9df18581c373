#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/action.h"
#include "engine/core/seeded_random.h"

namespace arbiter {

// Random playouts: a game played from a state to its end by uniform random
// draws, what a machine player that thinks by sampling (Monte Carlo) lives
// on, and what the bench times per game.
//
// A playout draws, while the game is not over and fewer than `cap` actions
// are played: when chance() says something must be drawn, each value in turn
// with random.below(sides), and Action::chance(values) is played; else the
// action at index random.below(n) of the n that listActions() lists, roster
// actions (join, leave) left out (GameState::chooseListed). A turn ends as
// perft counts it (completesTurn, perft.h). GameState::playOut does this
// through the other hooks; a game may play the same actions its own way.

// What a playout did.
struct PlayoutCount {
    int actions = 0;
    int turns = 0;
    bool capped = false;  // stopped at the cap with the game still going
    bool stuck = false;   // the game not over, and nothing to draw (a fault of the game)

    bool operator==(const PlayoutCount&) const = default;
};

// Folds every field of `a` into `trace` (FNV-1a over the fields' values), so
// that a pinned trace catches a changed order of listActions() that happens
// to keep a playout's length.
inline void traceAction(uint64_t& trace, const Action& a) {
    auto fold = [&trace](int64_t value) {
        trace = (trace ^ static_cast<uint64_t>(value)) * 0x100000001b3ULL;
    };
    fold(static_cast<int>(a.kind));
    fold(a.from);
    fold(a.to);
    fold(a.piece);
    fold(a.arg);
    fold(static_cast<int64_t>(a.path.size()));
    for (Cell c : a.path) fold(c);
    fold(static_cast<int64_t>(a.payload.size()));
    for (int v : a.payload) fold(v);
}

class GameState;

// What a playout keeps from one step to the next, so that once its lists
// have grown, drawing an action allocates nothing: the actions listed, and
// chance's draw.
struct PlayoutScratch {
    std::vector<Action> listed;
    Action drawn = Action::chance({});
};

// The action a playout plays next on `state` (chance's draw, or the pick
// among the listed actions), held in `scratch` until the next draw; nullptr
// when there is none: the game is stuck.
const Action* randomPlayoutAction(const GameState& state, SeededRandom& random,
                                  PlayoutScratch& scratch);

}  // namespace arbiter
