// Sandkings's steps made: a step with all the rules then take off, made on
// the state in place, the turn it ends, and a whole random playout of them.
#include <cassert>

#include "engine/core/playout.h"
#include "engine/sandkings/sandkings.h"

namespace arbiter::sandkings {

void SandkingsState::takeOff(CellSet cells) {
    for (CellSet& s : pieces_) s &= ~cells;
    for (CellSet& s : kinds_) s &= ~cells;
}

void SandkingsState::makeStep(Cell from, Cell to) {
    const PlayerId p = toMove_;
    assert(ownerAt(from) == p);
    unsigned seatsIn = seatsIn_;
    if (has(occupied(), to)) {
        const PlayerId victim = ownerAt(to);
        const bool body = has(kinds_[kBody], to);
        takeOff(only(to));
        const CellSet rest = piecesOf(victim);
        if (body) {
            takeOff(rest);
            seatsIn &= ~(1u << victim);
        } else if (const CellSet cut = rest & ~flood(rest & kinds_[kBody], rest, true)) {
            takeOff(cut);
        }
    }
    const CellSet moved = only(from) | only(to);
    pieces_[static_cast<size_t>(p)] ^= moved;
    kinds_[static_cast<size_t>(kindAt(from))] ^= moved;
    unsigned suffocated = suffocatedByStep(to, has(kinds_[kBody], to), seatsIn);
#ifndef NDEBUG
    unsigned judgedWhole = 0;
    for (PlayerId q = 0; q < players_; ++q) {
        if (seatsIn & (1u << q))
            judgedWhole |=
                suffocatedBy(q, pieces_, kinds_[kBody], seatsIn, rules_.diagonalSuffocation);
    }
    assert(suffocated == judgedWhole);
#endif
    seatsIn_ = seatsIn & ~suffocated;
    for (PlayerId q = 0; suffocated; ++q) {
        if (!(suffocated & (1u << q))) continue;
        suffocated &= ~(1u << q);
        takeOff(piecesOf(q));
    }
#ifndef NDEBUG
    for (PlayerId q = 0; q < players_; ++q)
        assert(inGame(q) == (bodyOf(q) != 0) && (inGame(q) || piecesOf(q) == 0));
#endif
}

void SandkingsState::apply(const Action& a) {
    assert(isLegal(a));
    const PlayerId mover = toMove_;
    if (a.kind != Action::Kind::Move) {
        beginTurnAfter(mover);
        return;
    }
    takeStep(a.from, a.to);
}

void SandkingsState::takeStep(Cell from, Cell to, bool stepsJudged) {
    const PlayerId mover = toMove_;
    makeStep(from, to);
    ++made_;
    // The turn ends with its last step, and with the mover's creature, which
    // only walking its body into a corner closed by a diagonal chain can lose.
    if (made_ >= allowed_ || !inGame(mover) || countOf(seatsIn_) < 2)
        beginTurnAfter(mover, stepsJudged);
}

// The hooks' playout (GameState::playOut) with the same numbers drawn for
// the same actions: the pick is found from the counted steps, as
// chooseListed finds it, and made without an Action, nor a virtual call.
PlayoutCount SandkingsState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    PlayoutCount count;
    CreatureSteps steps;
    // The turns begun here leave unjudged whether any creature can step
    // (decided()): the steps counted for the pick tell it, and only when
    // the mover has none need the others be asked.
    while (!outcome_.over()) {
        if (count.actions >= cap) {
            if (made_ == 0) outcome_ = decided();
            count.capped = !outcome_.over();
            break;
        }
        stepsOf(toMove_, steps);
        if (steps.total == 0 && made_ == 0) {
            outcome_ = decided();
            if (outcome_.over()) break;
        }
        const auto moves = static_cast<uint64_t>(steps.total);
        const bool closing = made_ > 0 || moves == 0;  // "end", or the pass
        const uint64_t chosen = random.below(moves + (closing ? 1 : 0));
        ++count.actions;
        if (chosen == moves) {
            if (trace) traceAction(*trace, made_ > 0 ? Action::endTurn() : Action::pass());
            beginTurnAfter(toMove_, /*stepsJudged=*/false);
        } else {
            const CreatureSteps::Step step = steps.at(static_cast<int>(chosen));
            if (trace) traceAction(*trace, Action::move(step.from, step.to));
            takeStep(step.from, step.to, /*stepsJudged=*/false);
        }
        // As completesTurn counts turns: every action but a step that
        // leaves the turn open ends one.
        if (!midTurn()) ++count.turns;
    }
    return count;
}

}  // namespace arbiter::sandkings
