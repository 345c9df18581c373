#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bench/seeded_random.h"
#include "engine/core/game.h"

namespace arbiter::bench {

// Random playouts through the GameState interface alone, for every game: how
// fast a game's rules play whole games, where perft measures how fast they
// list and try every action of a few turns.
//
// A random action is drawn uniformly among legalActions(), roster actions
// (join, leave) left out; when chance() says something must be drawn, each
// value is drawn uniformly instead, and Action::chance(values) is the action,
// as engine/core/perft.cpp walks them. A turn ends as perft counts it: with
// an action other than a draw that leaves the state not midTurn(), or with
// any action that ends the game.

// A playout ends when the game is over, at the cap, or stuck: a game that is
// not over and lists no action to draw (a fault of the game).
inline constexpr int kPlayoutCap = 2000;

struct PlayoutCount {
    int actions = 0;
    int turns = 0;
    bool capped = false;  // stopped at the cap with the game still going
    bool stuck = false;   // the game not over, and nothing to draw
};

// What a playout keeps from one step to the next, so that once its lists
// have grown, drawing an action allocates nothing: the actions listed, and
// chance's draw.
struct PlayoutScratch {
    std::vector<Action> listed;
    Action drawn;
};

// One uniformly drawn action of the player to move (or chance's draw), held
// in `scratch` until the next draw; nullptr when there is none.
const Action* randomAction(const GameState& state, SeededRandom& random,
                           PlayoutScratch& scratch);

// Plays random actions on `state` until the game is over or `cap` actions.
// With `trace`, each action played is folded into it (traceAction), so that a
// signature catches a changed order of legalActions() that happens to keep a
// playout's length.
PlayoutCount randomPlayout(GameState& state, SeededRandom& random, int cap = kPlayoutCap,
                           uint64_t* trace = nullptr);

// Folds every field of `a` into `trace` (FNV-1a over the fields' values).
void traceAction(uint64_t& trace, const Action& a);

// A game's "middle game", which needs no position written by hand: the state
// that the random playout seeded with `seed` reaches after `turns` complete
// turns from `start`, or halfway through that game when it ends within twice
// as many (so that the middle game of a short game still has a game after
// it). `played` is how many turns it took.
struct MiddleGame {
    std::unique_ptr<GameState> state;
    int played = 0;
};
MiddleGame randomMiddleGame(const GameState& start, uint64_t seed, int turns);

}  // namespace arbiter::bench
