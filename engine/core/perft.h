#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/action.h"
#include "engine/core/game.h"

namespace arbiter {

// Perft for every game: the number of distinct ways to play `depth` complete
// turns from a state, counted through the GameState interface alone.
//
// Why: a game module's rules are only as good as its legalActions(), and perft
// is the standard way to prove a generator against counts worked out by hand,
// and to time it. Counting whole turns rather than actions makes the number
// mean the same thing in every game: a Sandkings turn of three steps, a
// csipgs action and its design change, a die and the move it allows are each
// one turn, as a player would count them.
//
// perft(s, 0) = 1; for depth >= 1 a finished game counts 0, else the sum of
// perft(t, depth - 1) over the turns from s to t. A turn is the actions of the
// player to move from where the previous turn completed (from `s` itself, even
// if it was loaded midTurn()) up to the first action that leaves the state not
// midTurn() or the game over. Chance (GameState::chance()) is drawn within the
// turn: each of its sides^count outcomes is a branch of its own, and drawing
// never ends a turn unless it ends the game. Roster actions (join, leave) are
// not turns. Distinct action sequences count separately: the games list each
// decision once, so this counts what a player would describe differently.
//
// A game must bound its turns (no endless midTurn()). This perft clones the
// state for every action it tries, but counts the last turn by
// GameState::turnCount() where the game answers it; it is still slower than a
// game's own (FIDE's bitboard perft in engine/fide/perft.h), which must give
// the same counts.
uint64_t perft(const GameState& state, int depth);

// Whether `made`, just applied, completed the turn and led to `after`: an
// action that leaves the state not midTurn(), or any action that ends the
// game. A draw of chance comes before the player acts, so it never
// completes a turn by itself unless it ends the game.
bool completesTurn(const Action& made, const GameState& after);

// One complete turn as forEachTurn() finds it.
struct Turn {
    std::vector<Action> actions;
    // The encode() of each action in the state it was made in, joined with
    // spaces ("d1-c1 end"): how --divide names the turn.
    std::string text;
};

// Calls `visit` once for every complete turn from `state` (none when the game
// is over), in the order the game lists actions and draws chance, with the
// turn and the state after it.
void forEachTurn(const GameState& state,
                 const std::function<void(const Turn& turn, const GameState& after)>& visit);

// One first turn and the perft below it.
struct TurnCount {
    std::string turn;  // Turn::text
    uint64_t nodes = 0;
    bool operator==(const TurnCount&) const = default;
};

// Perft per first turn, in forEachTurn()'s order (depth >= 1): the tool to find
// which turn a faulty count comes from. The counts sum to perft(state, depth).
std::vector<TurnCount> perftDivide(const GameState& state, int depth);

}  // namespace arbiter
