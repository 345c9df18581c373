#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/machine/uci_line.h"
#include "engine/machine/machine_level.h"

namespace arbiter {

// A seat played by the machine has a level, 1 (weakest) to 8 (strongest),
// the same for every game: the built-in player's levels, and for FIDE chess
// a UCI engine's. UCI itself has no levels; an engine offers what it has among
// its options (its answer to `uci`), and this maps a level onto them:
//
//   "Skill Level" (a spin; stockfish's is 0..20, 20 its full strength):
//       levels 1..8 -> 0, 3, 6, 9, 12, 15, 18, 20, scaled onto its own range;
//   else "UCI_LimitStrength" (check) with "UCI_Elo" (spin), the protocol's own
//   options (UCI text of April 2006): levels 1..7 -> UCI_Elo from its min
//       up in sevenths of its range (stockfish 15.1: 1350, 1564, ... 2635),
//       level 8 -> no limit;
//   else nothing: the engine plays at its full strength, and the log says so.
inline constexpr int kLowestMachineLevel = kMinMachineLevel;
inline constexpr int kHighestMachineLevel = kMaxMachineLevel;

// The strength options an engine offered, as its option lines said them.
struct UciStrengthOptions {
    std::optional<UciOption> skillLevel;     // "Skill Level", a spin with bounds
    std::optional<UciOption> limitStrength;  // "UCI_LimitStrength", a check
    std::optional<UciOption> elo;            // "UCI_Elo", a spin with bounds

    // Keeps `option` when it is one of them, of the right type (UCI's names
    // are matched without regard to case, as engines read them).
    void learn(const UciOption& option);
};

// What to send an engine for a level, and the words for the log.
struct UciStrength {
    std::vector<std::string> commands;  // "setoption name Skill Level value 6", ...
    std::string description;            // "Skill Level 6 (of 0..20)"
};

// `level` is held within kLowestMachineLevel..kHighestMachineLevel.
UciStrength uciStrength(const UciStrengthOptions& offered, int level);

}  // namespace arbiter
