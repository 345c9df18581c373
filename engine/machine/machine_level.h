#pragma once

#include <cstdint>

namespace arbiter {

// The built-in player's strength as a table chooses it: a level from 1 to 8,
// each a budget of playouts per action (docs/machine.md). A number rather
// than a time, so that a level plays the same on every machine and a seed
// replays a game; the daemon bounds the time besides, by the search's stop.
inline constexpr int kMinMachineLevel = 1;
inline constexpr int kMaxMachineLevel = 8;

// The playouts a search of `level` may play for one action: 1: 25, 2: 50,
// 3: 100, 4: 200, 5: 500, 6: 1000, 7: 3000, 8: 10000. Levels outside
// kMinMachineLevel..kMaxMachineLevel are clamped into it.
uint64_t playoutsForLevel(int level);

}  // namespace arbiter
