#pragma once

#include <cstdint>
#include <memory>

#include "engine/core/game.h"
#include "engine/core/playout.h"
#include "engine/core/seeded_random.h"

namespace arbiter::bench {

// Random playouts, for every game: how fast a game's rules play whole games,
// where perft measures how fast they list and try every action of a few
// turns. What a playout draws is GameState::playOut's (engine/core/playout.h).

// A playout ends when the game is over, at the cap, or stuck: a game that is
// not over and lists no action to draw (a fault of the game).
inline constexpr int kPlayoutCap = 2000;

// Plays random actions on `state` until the game is over or `cap` actions
// (state.playOut). With `trace`, each action played is folded into it.
PlayoutCount randomPlayout(GameState& state, SeededRandom& random, int cap = kPlayoutCap,
                           uint64_t* trace = nullptr);

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
