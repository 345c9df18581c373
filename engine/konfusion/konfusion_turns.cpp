// How many turns a state of the die option has (GameState::turnCount()),
// counted without the generic perft's clone of the whole state per action: a
// turn there is the roll, then up to that many moves of different pieces, an
// early "end" after any of them. The rest of the rules are in konfusion.cpp.
#include <cassert>

#include "engine/konfusion/konfusion.h"

namespace arbiter::konfusion {

void KonfusionState::turnsByBudget(int budget, std::array<uint64_t, kMaxPips + 1>& byBudget) const {
    assert(budget >= 1 && budget <= kMaxPips && !outcome_.over());
    byBudget.fill(0);
    // Ending the turn here, once a piece has moved, is a turn at any budget.
    const uint64_t endHere = movedCount_ > 0 ? 1 : 0;
    uint64_t moves = 0;
    std::array<uint64_t, kMaxPips + 1> after{};
    own_[static_cast<size_t>(toMove_)].each([&](Cell from) {
        if (movedAlready(from)) return;
        const CellSet to = destinations(from);
        moves += static_cast<uint64_t>(to.count());
        if (budget == 1) return;  // each move ends the turn: counted, not made
        to.each([&](Cell dest) {
            KonfusionState next(*this);
            next.movePiece(from, dest);
            // The turn ends with the game, or when no piece left to move can.
            if (next.outcome_.over() || !next.hasMove(toMove_, true)) {
                for (int k = 2; k <= budget; ++k) ++after[static_cast<size_t>(k)];
                return;
            }
            std::array<uint64_t, kMaxPips + 1> rest{};
            next.turnsByBudget(budget - 1, rest);
            for (int k = 2; k <= budget; ++k)
                after[static_cast<size_t>(k)] += rest[static_cast<size_t>(k - 1)];
        });
    });
    // Without any move at the start of a turn the player passes: one turn.
    const uint64_t passHere = movedCount_ == 0 && moves == 0 ? 1 : 0;
    byBudget[1] = endHere + moves + passHere;
    for (int k = 2; k <= budget; ++k)
        byBudget[static_cast<size_t>(k)] = endHere + after[static_cast<size_t>(k)] + passHere;
}

std::optional<uint64_t> KonfusionState::turnCountWithDie() const {
    assert(rules_.die && !outcome_.over());
    // No piece can move more than once a turn: a roll above the pieces
    // counts the turns of a roll of as many as there are.
    const int pieces = own_[static_cast<size_t>(toMove_)].count();
    std::array<uint64_t, kMaxPips + 1> byBudget{};
    if (chance()) {
        const int budget = std::min(pieces, kMaxPips);
        turnsByBudget(budget, byBudget);
        uint64_t turns = 0;
        for (int roll = 1; roll <= kMaxPips; ++roll)
            turns += byBudget[static_cast<size_t>(std::min(roll, budget))];
        return turns;
    }
    if (roll_ == 0) return 1;  // no roll, as no move: the pass
    const int left = roll_ - movedCount_;
    assert(left >= 1);
    turnsByBudget(left, byBudget);
    return byBudget[static_cast<size_t>(left)];
}

}  // namespace arbiter::konfusion
