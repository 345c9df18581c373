#pragma once

#include <vector>

#include "engine/core/game.h"
#include "engine/core/outcome.h"

namespace arbiter {

// What a playout's end is worth to each player, for the built-in player's tree
// search (tree_search.h): one share of 1 per player, summing to 1, so that
// every game, of two players or of twelve, of teams or not, is scored alike
// and a node can keep the reward of the player who chose it.

// The shares an outcome gives: a win is shared among its winners (partners
// win together), a draw among those who share it, and a draw shared by all
// (Outcome::winners empty) among the players still in the game. A finished
// game that names nobody in the game gives equal shares to every seat.
std::vector<double> outcomeShares(const GameState& state, const Outcome& outcome);

// The shares of a playout stopped at its cap with the game still going: the
// game's own verdict for a table's limit (stoppedOutcome: a score, pieces
// left, coins), since it is the game's word for who leads. Where that is a
// draw shared by all (a game without a score, or scores level), the players
// in the game with the most pieces on the board share it, as if a limit
// decided by material counted pieces alike; level there too, equal shares.
// Crude (a pawn counts as a queen) but cheap, and every game here but
// Power Coinz loses by losing its pieces.
std::vector<double> cappedShares(const GameState& state);

}  // namespace arbiter
