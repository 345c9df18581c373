#pragma once

namespace arbiter {

// Where an open table stands with its boards: the one state the table's
// judging works from (SurfaceJudge::setPhase keeps it and checks each step).
// A game taken up from the journal is first Resumed, then Resuming, then
// Playing; a game begun at the table, or played without boards, is Playing at
// once (and, having no boards, never falls behind them). Each phase of a game
// has its Behind twin: the game moved on without the boards (an action said
// through the control socket that changes cells, a takeback said there, a
// player out on time whose pieces come off), and nothing the boards show
// counts as a move until they show the game.
enum class TablePhase {
    // No game is on (none yet, or the last one is over): the boards are being
    // set up for the next, and the setup guide names what is still to do. A
    // game without boards waits for arbiterctl new-game.
    SettingUp,
    // A game taken up from the journal whose boards have not been judged yet
    // (not every board has reported, or none has been still since): the first
    // judgement finds which way round the board stands and says where the
    // game stands.
    Resumed,
    ResumedBehind,
    // A resumed game that the boards do not show yet: what they show is a
    // position being set up (told with a picture of the game), never a
    // takeback or a move to complete; moves made meanwhile are caught up,
    // unless the game moved on without the boards.
    Resuming,
    ResumingBehind,
    // The boards show the game: what they show next is a move, a takeback, or
    // a position to put right.
    Playing,
    BoardBehind,
};

constexpr bool isBehind(TablePhase phase) {
    return phase == TablePhase::ResumedBehind || phase == TablePhase::ResumingBehind ||
           phase == TablePhase::BoardBehind;
}

// Resumed, and the boards not judged yet: nothing is known of how they stand.
constexpr bool isUnjudged(TablePhase phase) {
    return phase == TablePhase::Resumed || phase == TablePhase::ResumedBehind;
}

constexpr bool isResuming(TablePhase phase) {
    return phase == TablePhase::Resuming || phase == TablePhase::ResumingBehind;
}

// The steps a table's phase may take, and no others: a game begins, or is
// taken up from the journal, only while none is on; a game may end in any
// phase; a resumed game is judged before its boards may show it, and shown
// before it is played; the game may move on without the boards in any phase
// of a game, and only the boards showing it brings them level again.
constexpr bool isStep(TablePhase from, TablePhase to) {
    using P = TablePhase;
    if (from == to || to == P::SettingUp) return true;
    switch (from) {
        case P::SettingUp:
            return to == P::Playing || to == P::Resumed;
        case P::Resumed:
            return to == P::ResumedBehind || to == P::Resuming;
        case P::ResumedBehind:
            return to == P::ResumingBehind;
        case P::Resuming:
            return to == P::ResumingBehind || to == P::Playing;
        case P::ResumingBehind:
            return to == P::BoardBehind;
        case P::Playing:
            return to == P::BoardBehind;
        case P::BoardBehind:
            return to == P::Playing;
    }
    return false;
}

// The same phase once the game has moved on without the boards.
constexpr TablePhase behind(TablePhase phase) {
    switch (phase) {
        case TablePhase::Resumed:
            return TablePhase::ResumedBehind;
        case TablePhase::Resuming:
            return TablePhase::ResumingBehind;
        case TablePhase::Playing:
            return TablePhase::BoardBehind;
        case TablePhase::SettingUp:
        case TablePhase::ResumedBehind:
        case TablePhase::ResumingBehind:
        case TablePhase::BoardBehind:
            break;
    }
    return phase;
}

}  // namespace arbiter
