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
};

// The one place where physical meets logical. For the current state and for
// every legal action it knows what the cells should show (the game's physical
// projection) and compares the sensed surface with those, honouring what each
// board can sense. No game has move-detection code of its own.
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
