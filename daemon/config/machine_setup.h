#pragma once

#include <string>

#include "daemon/config/configuration.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// The machine's seats, time and engine of `config` (docs/machine.md), checked
// against the game's `start` into `settings`: each seat a number from 1 or
// the game's name for it, once, at a level from 1 to 8; the time a number of
// seconds from 0.1 to 600; the engine "builtin" or a path. A game whose
// players see only part of it takes no machine seat: the machine would see it
// all. False and a message naming the line when anything is wrong. A chess
// engine asked for by default but not installed leaves chess to the built-in
// player, said in `note`.
bool readMachineSettings(const Configuration& config, const GameState& start,
                         TableSettings& settings, std::string& note, std::string& error);

// The seats alone: what machineSeatsText writes reads back the same.
bool machineSeatsAsked(const Configuration& config, const GameState& start,
                       std::vector<MachineSeat>& seats, std::string& error);
// "black:4" for `seat`, as the configuration writes it.
std::string machineSeatText(const GameState& start, const MachineSeat& seat);
// "black:4, white:2" for `seats`; empty for none.
std::string machineSeatsText(const GameState& start, const std::vector<MachineSeat>& seats);

}  // namespace arbiter
