#pragma once

#include <cstdint>
#include <memory>
#include <optional>

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

// One uniformly drawn action of the player to move (or chance's draw);
// nullopt when there is none.
std::optional<Action> randomAction(const GameState& state, SeededRandom& random);

// Plays random actions on `state` until the game is over or `cap` actions.
PlayoutCount randomPlayout(GameState& state, SeededRandom& random, int cap = kPlayoutCap);

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
