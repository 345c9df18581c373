#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/piece.h"
#include "engine/machine/machine_level.h"

namespace arbiter {

// A seat the machine plays at a table, and how strongly (docs/machine.md).
// Part of how a game is played, like the players' names: the journal's first
// line records the seats, a resumed game is played by the machine where it
// was, and the record names them.
struct MachineSeat {
    // The machine's strengths, weakest first. Each built-in player's level
    // is a number of playouts (engine/machine), each chess engine's a skill.
    static constexpr int kWeakest = kMinMachineLevel;
    static constexpr int kStrongest = kMaxMachineLevel;
    static constexpr int kDefaultLevel = 4;

    PlayerId seat = 0;
    int level = kDefaultLevel;
    bool operator==(const MachineSeat&) const = default;
};

// The seats as the journal writes them: [{"seat": 1, "level": 4}], seats
// counted from 0 as the journal counts players.
nlohmann::json machineSeatsJson(const std::vector<MachineSeat>& seats);
// The journal header's "machines", if any, for a game of `seats` seats: each
// seat once, in range, each level in range. An empty string when good; else
// what is wrong, and `read` is left as it was.
std::string readMachineSeats(const nlohmann::json& header, int seats,
                             std::vector<MachineSeat>& read);
// The machine's seat `seat`, if it plays it; nullptr when a person does.
const MachineSeat* machineSeat(const std::vector<MachineSeat>& seats, PlayerId seat);

}  // namespace arbiter
