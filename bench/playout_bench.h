#pragma once

#include <string_view>

namespace arbiter::bench {

// The perft bench's rows of random playouts (bench/random_playout.h), for
// every game of the catalogue with its default options: complete playouts per
// second from the start and from a middle game, played for `budgetSeconds`
// each (at least one playout), in this thread's CPU time; only the game
// named `only` when it is not empty.
void timePlayouts(double budgetSeconds, std::string_view only = {});

// The deterministic part: per game, the total number of actions of a fixed
// number of seeded playouts from the start and a hash of every action they
// played, a line each ("signature of the playouts of fide: 1234 actions,
// trace 0123456789abcdef"), which
// bench/playout_signatures.cmake pins. Any change to a game's rules, to the
// order of its legalActions() or to the playouts prints another.
void printPlayoutSignatures();

}  // namespace arbiter::bench
