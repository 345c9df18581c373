#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/outcome.h"

namespace arbiter::bench {

// Whole games in which the built-in player (engine/machine/tree_search.h)
// plays some seats and random play the others, for the machine bench: the
// checks of issue 37 (only legal turns, no hang, a bounded turn) and its
// strength.

// One table of the bench: a game with its options, and how to name it.
struct MachineTable {
    std::string label;  // "fide", "konfusion with its die"
    std::unique_ptr<Game> game;
};
// Every game of the catalogue with its defaults, and Konfusion with its die
// (chance within turns); with `larger`, Martian Chess for four (teams) and
// Colonization for twelve too.
std::vector<MachineTable> machineTables(bool larger);
// The game `name` for two players where it may be played by two, else with
// its defaults: where one level meets another.
MachineTable tableForTwo(const std::string& name);

// What the machine's turns of one game were like.
struct MachineTurns {
    uint64_t searches = 0;
    uint64_t mostPlayouts = 0;
    double longestSeconds = 0;  // CPU time of one search
    double seconds = 0;         // of every search
    uint64_t playouts = 0;      // of every search
};

struct PlayedGame {
    Outcome outcome;  // the game's, or the table limit's at the cap
    bool capped = false;
    int actions = 0;
    std::string fault;  // empty, or what went wrong (an illegal choice, a stuck game)
    MachineTurns machine;
};

// How one game is played: per seat, the playouts of the machine that plays it,
// 0 for random play; the seed of everything random; the most actions before
// the table's limit stops it; and whether some searches are also given a stop
// that fires, to see that it ends them within kStopPollEvery playouts.
struct GamePlan {
    std::vector<uint64_t> playouts;
    uint64_t seed = 1;
    int cap = 1000;
    bool tryStops = false;
};
PlayedGame playGame(const Game& game, const GamePlan& plan);

}  // namespace arbiter::bench
