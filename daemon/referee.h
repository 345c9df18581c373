#pragma once

#include <string>
#include <vector>

#include "daemon/surface.h"
#include "engine/core/game.h"

namespace arbiter {

// One cell that does not show what it should.
struct CellFix {
    Cell cell = NoCell;
    Appearance sensed;
    Appearance wanted;
    Sensing sensing = Sensing::ColourAndKind;  // what its board can tell, for the wording
};

// What the referee makes of a still surface.
struct Verdict {
    enum class Kind {
        Unknown,    // some cell of the game cannot be seen (a board is away)
        Settled,    // the surface shows the current state
        Pending,    // on the way to a legal action or a takeback: a piece in the hand
        Commit,     // shows the state after `actions` (one, or more when catching up)
        Takeback,   // shows the state before the last action
        Ambiguous,  // several legal actions explain it equally: `candidates`
        Illegal,    // nothing explains it: `fixes` say what to change
    };
    Kind kind = Kind::Unknown;
    std::vector<Action> actions;
    std::vector<Action> candidates;
    std::vector<CellFix> fixes;
    // Illegal only: the fixes lead to this legal action rather than back to the
    // current state, because the surface is nearer to it (a pawn put on the last
    // rank without being exchanged for the promoted piece).
    std::vector<Action> fixesComplete;
    // Pending only: the surface shows the state after this action, but a cell
    // whose piece it changes was never touched (`untouched`). On a board that
    // cannot tell pieces apart a lifted piece looks like a capture made; only
    // the captured piece being lifted off tells them apart.
    std::vector<Action> unconfirmed;
    std::vector<Cell> untouched;
};

// The one place where physical meets logical. For the current state and for
// every legal action it knows what the cells should show (the game's physical
// projection) and compares the sensed surface with those, honouring what each
// board can sense. No game has move-detection code of its own.
//
// Where the boards cannot tell whose a piece is (occupancy only, or one colour
// for all players), ownership is followed through history: the state knows
// whose each piece is, and an action that changes a cell's piece without
// changing what the cell shows (a capture) counts only once that cell has
// been touched since the last agreed position (Surface::touched).
class Referee {
  public:
    // `previous` is the state before the last action, if there is one (for
    // takebacks). `catchUpPlies` > 1 also tries sequences of that many actions:
    // used when a board comes back and moves may have been made while it was away.
    Verdict judge(const GameState& current, const GameState* previous, const Surface& surface,
                  int catchUpPlies = 1) const;

    // What to change so that the surface shows `state`.
    static std::vector<CellFix> fixesTo(const GameState& state, const Surface& surface);

    // The physical projection of a state: what each cell should show.
    static std::vector<Appearance> project(const GameState& state);
    static bool matches(const SensedCell& sensed, const Appearance& wanted, Sensing sensing);

    // A fix in the players' own terms: "put a white pawn on e2".
    static std::string describe(const CellFix& fix, const Geometry& g);
};

}  // namespace arbiter
