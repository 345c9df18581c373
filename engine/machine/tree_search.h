#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "engine/core/action.h"
#include "engine/core/game.h"

namespace arbiter {

// The built-in machine player: Monte Carlo tree search (UCT) over the
// GameState interface, so that every game of the catalogue has a machine
// opponent without a line of its own. Pure computation: no clock, no thread,
// no I/O; the randomness is a SeededRandom seeded by the caller, so a search
// is replayable. docs/machine.md says how strong it is per game.

// The longest playout from a leaf of the tree, in actions; a longer game is
// judged where it stands (reward.h, cappedShares).
inline constexpr int kSearchPlayoutCap = 200;
// The most nodes a tree holds (one is added per playout at most): about
// 120 MB (112 bytes a node), so that a long think bounded only by its stop cannot take the
// machine's memory; beyond it the search goes on playing from the leaves.
inline constexpr size_t kMaxSearchNodes = size_t{1} << 20;
// How many playouts run between two calls of SearchLimits::stop.
inline constexpr uint64_t kStopPollEvery = 4;

// What bounds one search: at most `playouts` playouts, and `stop`, called
// before the first playout and then every kStopPollEvery, by which the caller
// bounds the time per turn and cancels; it may be empty. A stop makes the
// choice depend on when it came, so only a search without one is replayable.
struct SearchLimits {
    uint64_t playouts = 0;
    std::function<bool()> stop;
    int playoutCap = kSearchPlayoutCap;
    size_t maxNodes = kMaxSearchNodes;
};

// What a search chose, and how much it knew when it did.
struct SearchChoice {
    Action action;
    uint64_t playouts = 0;  // 0: the only listed action, or stopped before any
    size_t nodes = 0;       // the tree's size at the end
    // The mover's mean share of the win (reward.h) over the playouts through
    // `action`: 1 a sure win, 1/players even; 0 when none went through it.
    double share = 0;
};

// The action the player to move in `state` should make now. nullopt when there
// is nothing to choose: the game is over, chance must be drawn first (the
// caller draws it, as for any table), or nothing but roster actions is listed.
// The action is one listActions() lists, never a roster action (join, leave),
// and so legal; when only one is listed it is returned without a search.
// Turns of several actions are chosen one action at a time: the caller asks
// again while the same player is to move (midTurn()).
//
// Same state, seed and limits without a stop: the same choice.
//
// Hidden information (moderated csipgs, state.hidden() != nullptr) is not
// respected: the search reads the whole state. The daemon refuses machine
// seats at such tables.
std::optional<SearchChoice> chooseAction(const GameState& state, uint64_t seed,
                                         const SearchLimits& limits);

}  // namespace arbiter
