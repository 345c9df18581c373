#include "daemon/table/fast_play.h"

#include <spdlog/spdlog.h>

#include "daemon/referee/result_signal.h"
#include "daemon/table/surface_judge.h"
#include "engine/core/game.h"

namespace arbiter {

void FastPlay::armLook() {
    lookTimer_.cancel();
    // A game of one-step actions commits each as it is shown (SurfaceJudge::surfaceChanged).
    if (!settleNeeded(desk_.game()) || !desk_.playing() || isUnjudged(judge_.phase())) return;
    if (desk_.settings().settleMs <= kLookMs) return;  // the settle timer looks first
    lookTimer_.at(surface_.lastChange() + kLookMs, [this] { follow(); });
}

void FastPlay::follow() {
    // Each round commits the moves seen and looks again from the position
    // after them: the board may be several moves on.
    for (int round = 0; round < Referee::kMostCatchUpPlies; ++round) {
        if (!desk_.playing() || judge_.phase() != TablePhase::Playing || !surface_.allKnown() ||
            showsResultSignal()) {
            shown_.reset();
            return;
        }
        const Session& session = *desk_.session();
        if (shown_ && shown_->ply != session.ply()) shown_.reset();
        Referee& referee = judge_.preparedReferee();
        // One move from the agreed position, or one on its way (a piece in the
        // hand, a slide going on): the moves seen may yet become another.
        Verdict now = referee.judge(surface_);
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
            now = referee.judge(surface_, Referee::kMostCatchUpPlies, true);
        if (now.kind != Verdict::Kind::Commit || !now.consequences.empty()) return;
        if (shown_ && shown_->actions == now.actions) return;
        ShownMoves seen;
        seen.actions = now.actions;
        seen.seenAt = surface_.lastChange();
        seen.touchMark = surface_.touchCount();
        seen.ply = session.ply();
        seen.after = session.current().clone();
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

void FastPlay::commitShown() {
    ShownMoves seen = std::move(*shown_);
    shown_.reset();
    Session& session = *desk_.session();
    for (const Action& a : seen.actions) {
        if (!session.commit(a, {}, seen.seenAt) || session.over()) break;
    }
    spdlog::debug("{} moves followed before the board was still", seen.actions.size());
    committedSinceLever_ = true;
    // The touches of the moves after them still count (a capture on a board
    // that senses only occupancy).
    surface_.markStillAt(seen.touchMark);
    judge_.committedFromBoard();
}

void FastPlay::clockLever() {
    if (!desk_.playing() || judge_.phase() != TablePhase::Playing || !surface_.allKnown()) return;
    // Moves the board has moved on from come first, each at its own time.
    follow();
    if (!desk_.playing()) return;
    const bool before = committedSinceLever_;
    committedSinceLever_ = false;
    Verdict v = judge_.preparedReferee().judge(surface_, Referee::kMostCatchUpPlies);
    if (v.kind == Verdict::Kind::Commit) {
        judge_.judgeAtPress(v);
        committedSinceLever_ = false;  // this press ended it
        return;
    }
    // A press that ends a move already recorded (the board was still first),
    // or the one that starts the clocks, is what presses are for.
    if (before || desk_.session()->ply() == 0) return;
    idlePresses_.announce(
        {AnnouncementType::Lever,
         "The clock was pressed, but the board shows no complete move since the last "
         "press.",
         {{"complete", false}}});
}

bool FastPlay::showsResultSignal() const {
    const GameInfo* info = gameInfo(desk_.game().name());
    if (!info || !info->resultSignal || !desk_.playing()) return false;
    return resultSignalled(desk_.session()->current(), surface_).has_value();
}

void FastPlay::watchResultSignal() {
    signalTimer_.cancel();
    if (!showsResultSignal()) return;
    const uint64_t stamp = surface_.changeStamp();
    signalTimer_.at(surface_.lastChange() + kResultSignalMs, [this, stamp] {
        if (!desk_.playing() || surface_.changeStamp() != stamp) return;
        Session& session = *desk_.session();
        auto outcome = resultSignalled(session.current(), surface_);
        if (!outcome || !session.signalResult(*outcome).empty()) return;
        shown_.reset();
        judge_.gameEndedOnBoard();
    });
}

}  // namespace arbiter
