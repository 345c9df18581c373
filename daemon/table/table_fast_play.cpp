// Fast play: moves made faster than the board is ever still, the clock's lever
// as the end of a move, and the result signal of chess (docs/arbiterd.md,
// "Fast play").
#include <spdlog/spdlog.h>

#include "daemon/referee/result_signal.h"
#include "daemon/table/table.h"

namespace arbiter {

void Table::armLook() {
    lookTimer_.cancel();
    // A game of one-step actions commits each as it is shown (surfaceChanged).
    if (!desk_.game().settleNeeded() || !desk_.playing() || isUnjudged(phase_)) return;
    if (desk_.settings().settleMs <= kLookMs) return;  // the settle timer looks first
    lookTimer_.at(surface_.lastChange() + kLookMs, [this] { follow(); });
}

void Table::follow() {
    // Each round commits the moves seen and looks again from the position
    // after them: the board may be several moves on.
    for (int round = 0; round < Referee::kMostCatchUpPlies; ++round) {
        if (!desk_.playing() || phase_ != TablePhase::Playing || !surface_.allKnown() ||
            showsResultSignal()) {
            shown_.reset();
            return;
        }
        if (shown_ && shown_->ply != desk_.session()->ply()) shown_.reset();
        prepareReferee();
        // One move from the agreed position, or one on its way (a piece in the
        // hand, a slide going on): the moves seen may yet become another.
        Verdict now = referee_.judge(surface_);
        if (now.kind == Verdict::Kind::Settled) shown_.reset();
        if (now.kind != Verdict::Kind::Commit && now.kind != Verdict::Kind::Illegal &&
            now.kind != Verdict::Kind::Ambiguous)
            return;
        if (now.kind != Verdict::Kind::Commit && shown_) {
            // Judged from the position after the moves seen, the surface is
            // the next moves begun or made: the board has moved on, they were
            // made. What the board was seen to show goes before any sequence
            // found afresh from the agreed position.
            Verdict next = ahead_.judge(surface_, Referee::kMostCatchUpPlies, true);
            if (next.kind == Verdict::Kind::Commit || next.kind == Verdict::Kind::Pending) {
                commitShown();
                continue;
            }
        }
        if (now.kind != Verdict::Kind::Commit)
            now = referee_.judge(surface_, Referee::kMostCatchUpPlies, true);
        if (now.kind != Verdict::Kind::Commit || !now.consequences.empty()) return;
        if (shown_ && shown_->actions == now.actions) return;
        ShownMoves seen;
        seen.actions = now.actions;
        seen.seenAt = surface_.lastChange();
        seen.touchMark = surface_.touchCount();
        seen.ply = desk_.session()->ply();
        seen.after = desk_.session()->current().clone();
        for (const Action& a : seen.actions) {
            seen.before = seen.after->clone();
            seen.after->apply(a);
        }
        // Mid-game chance (a die to roll) is drawn by the session: the
        // position after the moves is not known before they are committed.
        if (seen.after->chance()) return;
        shown_ = std::move(seen);
        ahead_.prepare(*shown_->after, shown_->before.get(), &shown_->actions.back(), surface_);
        return;
    }
}

void Table::commitShown() {
    ShownMoves seen = std::move(*shown_);
    shown_.reset();
    bool recorded = true;
    for (const Action& a : seen.actions) {
        recorded = desk_.session()->commit(a, {}, seen.seenAt);
        if (!recorded || desk_.session()->over()) break;
    }
    spdlog::debug("{} moves followed before the board was still", seen.actions.size());
    refereeStale_ = true;
    committedSinceLever_ = true;
    // The touches of the moves after them still count (a capture on a board
    // that senses only occupancy).
    surface_.markStillAt(seen.touchMark);
    toClear_.clear();
    afterBoardCommit();
}

void Table::afterBoardCommit() {
    if (toldToFix_) desk_.session()->announceFixed();
    toldToFix_.reset();
    chainShown_.clear();
    lights_.lightGame(*desk_.session());
    desk_.armTimers();
    if (desk_.session()->over()) {
        gameEnded();
        return;
    }
    prepareReferee();
}

void Table::clockLever(int, bool) {
    if (!desk_.playing() || phase_ != TablePhase::Playing || !surface_.allKnown()) return;
    // Moves the board has moved on from come first, each at its own time.
    follow();
    if (!desk_.playing()) return;
    const bool before = committedSinceLever_;
    committedSinceLever_ = false;
    prepareReferee();
    Verdict v = referee_.judge(surface_, Referee::kMostCatchUpPlies);
    if (v.kind == Verdict::Kind::Commit) {
        judgeTimer_.cancel();
        early_ = v;
        earlyStamp_ = surface_.changeStamp();
        earlyPly_ = desk_.session()->ply();
        judgeInGame(Judging::Lever);
        committedSinceLever_ = false;  // this press ended it
        return;
    }
    // A press that ends a move already recorded (the board was still first),
    // or the one that starts the clocks, is what presses are for.
    if (before || desk_.session()->ply() == 0) return;
    out_.announce({"lever",
                   "The clock was pressed, but the board shows no complete move since the last "
                   "press.",
                   {{"complete", false}}});
}

bool Table::showsResultSignal() const {
    if (desk_.game().name() != "fide" || !desk_.playing()) return false;
    return resultSignalled(desk_.session()->current(), surface_).has_value();
}

void Table::watchResultSignal() {
    signalTimer_.cancel();
    if (!showsResultSignal()) return;
    const uint64_t stamp = surface_.changeStamp();
    signalTimer_.at(surface_.lastChange() + kResultSignalMs, [this, stamp] {
        if (!desk_.playing() || surface_.changeStamp() != stamp) return;
        auto outcome = resultSignalled(desk_.session()->current(), surface_);
        if (!outcome || !desk_.session()->signalResult(*outcome).empty()) return;
        shown_.reset();
        desk_.armTimers();
        gameEnded();
    });
}

}  // namespace arbiter
