#include "daemon/table/surface_judge.h"

#include <algorithm>
#include <cassert>

#include "daemon/referee/telling_apart.h"
#include "daemon/table/board_orientation.h"

namespace arbiter {

SurfaceJudge::SurfaceJudge(EventLoop& loop, Desk& desk, Surface& surface, BoardLights& lights,
                           SetupGuide& guide, AnnouncementSink& out, Listener& table)
    : loop_(loop),
      desk_(desk),
      surface_(surface),
      lights_(lights),
      guide_(guide),
      table_(table),
      fastPlay_(loop, desk, surface, out, *this) {}

void SurfaceJudge::setPhase(TablePhase next) {
    assert(isStep(phase_, next));
    // A game is on in every phase but SettingUp.
    assert((next == TablePhase::SettingUp) == !desk_.playing());
    phase_ = next;
}

void SurfaceJudge::gameBegun() {
    setPhase(TablePhase::Playing);
    forgetGame();
}

void SurfaceJudge::gameResumed() {
    // A game without boards has no boards to find it on: it is played at once.
    setPhase(withoutBoards() ? TablePhase::Playing : TablePhase::Resumed);
    forgetGame();
}

void SurfaceJudge::gameOver() {
    setPhase(TablePhase::SettingUp);
    forgetGame();
    guide_.gameOver();
}

void SurfaceJudge::forgetGame() {
    // What was told, seen or left to make belongs to the game it was said in:
    // a cell still to make from a said move of the game before is no reason to
    // leave the next game's said move untold (and then take it back).
    toClear_.clear();
    toldToFix_.reset();
    chainShown_.clear();
    early_.reset();
    catchUpPlies_ = 1;
    refereeStale_ = true;
    hintTimer_.cancel();
    fastPlay_.forgetGame();
}

void SurfaceJudge::gameMovedOn(MovedOn why) {
    // Without boards, nothing can lag behind the game.
    if (withoutBoards()) return;
    movedOn_ = why;
    setPhase(behind(phase_));
}

void SurfaceJudge::boardCameBack() {
    // Moves may have been made while it was away: the first judgement may catch up.
    if (desk_.session() && !isUnjudged(phase_)) catchUpPlies_ = 2;
}

void SurfaceJudge::actionSaid(bool joined, bool changesCells) {
    const Session& session = *desk_.session();
    if (!joined && surface_.allKnown()) {
        // Said rather than shown (a move, a production, a Weapon, someone leaving
        // with their pieces): the boards must now show it. The players are told
        // what to make, as for any consequence, and nothing else is judged
        // until they have.
        auto fixes = Referee::fixesTo(session.current(), surface_);
        bool told = std::all_of(fixes.begin(), fixes.end(), [&](const CellFix& f) {
            return std::find(toClear_.begin(), toClear_.end(), f.cell) != toClear_.end();
        });
        // What is still to make from an earlier action was said already.
        if (!fixes.empty() && !told) {
            desk_.session()->announceConsequences(fixes);
            toClear_.clear();
            for (const CellFix& f : fixes) toClear_.push_back(f.cell);
            lights_.light(fixes);
            gameMovedOn();
            if (!toldToFix_) toldToFix_.emplace();  // said once the boards are right again
            surfaceChanged();
        }
    } else if (!joined && changesCells) {
        // Some board is away: once all are back, they must show what was said.
        gameMovedOn();
        toClear_.clear();
        surfaceChanged();
    }
    // A said action the boards already show (a pass, a choice): lit at once.
    if (!isBehind(phase_) && !toldToFix_) lightGame(session);
}

bool SurfaceJudge::showsActionUnjudged() {
    if (withoutBoards() || !desk_.playing() || phase_ != TablePhase::Playing ||
        !surface_.allKnown())
        return false;
    const Verdict v = preparedReferee().judge(surface_);
    switch (v.kind) {
        case Verdict::Kind::Commit:
        case Verdict::Kind::Takeback:
        case Verdict::Kind::Replace:
            return true;
        case Verdict::Kind::Pending:
            return judgeTimer_.armed();  // pieces still moving
        default:
            return false;
    }
}

void SurfaceJudge::surfaceChanged() {
    // A game without boards moves on through the control socket alone: there
    // is no surface to judge, and no board to ask how it stands.
    if (withoutBoards()) return;
    hintTimer_.cancel();
    judgeTimer_.at(surface_.lastChange() + desk_.settings().settleMs, [this] { judge(); });
    // Verdicts follow the events as they arrive (a few microseconds each); only
    // acting on one waits until the surface has been still for the settle time.
    early_.reset();
    if (desk_.playing() && !isUnjudged(phase_) && surface_.allKnown()) {
        prepareReferee();
        early_ = referee_.judge(surface_, catchUpPlies_);
        earlyStamp_ = surface_.changeStamp();
        earlyPly_ = desk_.session()->ply();
        // A game whose every action on a board is one step (Sandkings) needs no
        // settle time: a piece put down is a whole step, and the next step may
        // follow faster than the boards are ever still. Until the boards show
        // what was said, nothing is a step, and that is judged at settle.
        if (early_->kind == Verdict::Kind::Commit && !settleNeeded(desk_.game()) &&
            !isBehind(phase_)) {
            judgeTimer_.cancel();
            judgeInGame(Judging::Still);
            return;
        }
    }
    fastPlay_.armLook();
    fastPlay_.watchResultSignal();
}

void SurfaceJudge::judge() {
    if (!surface_.allKnown()) return;
    if (desk_.playing()) {
        judgeInGame(Judging::Still);
        return;
    }
    if (orientTo(surface_, desk_.settings().boards, desk_.start()))
        table_.startShown();
    else
        guide_.armHint();
}

void SurfaceJudge::judgeInGame(Judging why) {
    if (isUnjudged(phase_)) findResumedGame();
    // Kings put in the centre are the result signal, never a position to fix.
    if (phase_ == TablePhase::Playing && fastPlay_.showsResultSignal()) return;
    // Moves the board has moved on from while it was never still.
    if (why != Judging::Lever) fastPlay_.follow();
    if (!desk_.playing()) return;
    Verdict v = verdictNow();
    if (isResuming(phase_) && !resumedGameShown(v)) return;
    if (isBehind(phase_)) holdWhileBehind(v);
    if (v.kind == Verdict::Kind::Takeback && !takebackStayed(why)) return;
    if (v.kind == Verdict::Kind::Settled || v.kind == Verdict::Kind::Commit ||
        v.kind == Verdict::Kind::Takeback || v.kind == Verdict::Kind::Replace)
        surface_.markStill();
    if (!actOn(v, why)) return;
    if (v.kind != Verdict::Kind::Commit) toClear_.clear();
    afterChange();
    // What a move made on the boards leaves to do (pieces cut off far away)
    // is said once made, as for a said action: "correct again".
    if (v.kind == Verdict::Kind::Commit && !toClear_.empty() && desk_.playing() && !toldToFix_)
        toldToFix_.emplace();
}

void SurfaceJudge::findResumedGame() {
    // A resumed game: find which way round the board stands before judging.
    // If no rotation explains it, keep the configured one and let the
    // judgement say what to fix.
    orientToGame(surface_, desk_.settings().boards, *desk_.session());
    catchUpPlies_ = 2;
    setPhase(phase_ == TablePhase::ResumedBehind ? TablePhase::ResumingBehind
                                                 : TablePhase::Resuming);
    desk_.session()->announceStatus();
}

Verdict SurfaceJudge::verdictNow() {
    // The verdict reached when the last event arrived still holds if neither the
    // surface nor the game has changed since, and it found what the surface
    // shows; else sequences of moves made faster than the board settled are
    // looked for too.
    bool sameGame = !refereeStale_ && earlyPly_ == desk_.session()->ply();
    prepareReferee();
    const bool earlyHolds =
        early_ && sameGame && earlyStamp_ == surface_.changeStamp() &&
        (early_->kind == Verdict::Kind::Commit || early_->kind == Verdict::Kind::Settled);
    Verdict v = earlyHolds
                    ? *early_
                    : referee_.judge(surface_, isResuming(phase_) ? catchUpPlies_
                                                                  : Referee::kMostCatchUpPlies);
    early_.reset();
    catchUpPlies_ = 1;
    return v;
}

bool SurfaceJudge::resumedGameShown(const Verdict& v) {
    // After a restart the boards are often set up again from scratch: until
    // they show the game (or moves made meanwhile), what they show is a
    // position being set up, never a takeback or a move to complete.
    if (v.kind == Verdict::Kind::Pending || v.kind == Verdict::Kind::Unknown) return false;
    if (v.kind != Verdict::Kind::Settled && v.kind != Verdict::Kind::Commit) {
        // "The position is correct again" once it stands.
        if (guide_.tellResumedSetup() && !toldToFix_) toldToFix_.emplace();
        return false;
    }
    setPhase(phase_ == TablePhase::ResumingBehind ? TablePhase::BoardBehind : TablePhase::Playing);
    guide_.gameOn();
    // The boards show the game: its clock runs from now, said once for the
    // setting up ("The position is set up: White's clock runs").
    if (v.kind == Verdict::Kind::Settled &&
        desk_.session()->startHeldClock("The position is set up")) {
        toldToFix_.reset();
        desk_.armTimers();
    }
    return true;
}

void SurfaceJudge::holdWhileBehind(Verdict& v) {
    if (v.kind != Verdict::Kind::Settled && v.kind != Verdict::Kind::Unknown) {
        // Nothing the boards show is a move until they show what was said.
        v = Verdict{};
        v.kind = Verdict::Kind::Illegal;
        v.fixes = referee_.fixes(surface_);
    }
    if (v.kind == Verdict::Kind::Settled) setPhase(TablePhase::Playing);
}

bool SurfaceJudge::takebackStayed(Judging why) {
    // Passed through while the boards are put right, the position before the
    // last action is a step of the fix; only staying there takes it back.
    if (!toldToFix_ || why == Judging::Lever) return true;
    const Millis stayed = surface_.lastChange() + desk_.settings().takebackWhileFixingMs;
    if (loop_.time().now() >= stayed) return true;
    judgeTimer_.at(stayed, [this] { judge(); });
    return false;
}

bool SurfaceJudge::actOn(const Verdict& v, Judging why) {
    Session& session = *desk_.session();
    switch (v.kind) {
        case Verdict::Kind::Unknown:
            return false;
        case Verdict::Kind::Pending:
            if (v.chainStops > 0) announceChainStop(v.chain, v.chainStops);
            if (!v.unconfirmed.empty()) armConfirmHint(v);
            if (!toClear_.empty()) armConsequencesReminder();
            return false;
        case Verdict::Kind::Illegal:
            tellIllegal(v);
            return false;
        case Verdict::Kind::Settled:
            if (toldToFix_) session.announceFixed();
            break;
        case Verdict::Kind::Commit:
            commit(v, why);
            break;
        case Verdict::Kind::Takeback:
            session.takeback();
            refereeStale_ = true;
            break;
        case Verdict::Kind::Replace:
            // The last action was only the first part of this one (castling
            // begun with the rook): one action, recorded and announced once.
            session.replace(v.actions.front());
            refereeStale_ = true;
            break;
        case Verdict::Kind::Ambiguous:
            session.announceAmbiguous(v.candidates,
                                      stepsTellingApart(session.current(), v.candidates, surface_));
            break;
    }
    return true;
}

void SurfaceJudge::commit(const Verdict& v, Judging why) {
    Session& session = *desk_.session();
    // Made when the surface last changed (it has been still since), or at a
    // press of the lever, which ends the move.
    const Millis madeAt = why == Judging::Lever ? loop_.time().now() : surface_.lastChange();
    bool recorded = true;
    bool whole = true;
    for (size_t i = 0; i < v.actions.size(); ++i) {
        // Moves made one after another are caught up only as far as the
        // machine's seats: what one of them does is judged again once the
        // machine has chosen it.
        if (i > 0 && session.machineSeatOf(session.current().toMove())) {
            whole = false;
            break;
        }
        recorded = session.commit(v.actions[i], {}, madeAt);
        if (!recorded || session.over()) break;
    }
    fastPlay_.moveCommitted();
    refereeStale_ = true;
    // The mover's part is made; what the action does beyond it (pieces
    // removed far away) is for the players to make now, and the cells are
    // judged against the new state from here on.
    toClear_.clear();
    if (whole && recorded && !session.over() && !v.consequences.empty()) {
        session.announceConsequences(v.consequences);
        for (const CellFix& f : v.consequences) toClear_.push_back(f.cell);
        armConsequencesReminder();
    }
}

void SurfaceJudge::tellIllegal(const Verdict& v) {
    Session& session = *desk_.session();
    // After a said action, only what the players were told to make is still
    // to make: no alarm, a reminder after a while.
    bool told = isBehind(phase_) && !toClear_.empty() && v.fixesComplete.empty() &&
                std::all_of(v.fixes.begin(), v.fixes.end(), [&](const CellFix& f) {
                    return std::find(toClear_.begin(), toClear_.end(), f.cell) != toClear_.end();
                });
    lights_.light(v.fixes);
    if (told) {
        armConsequencesReminder();
        return;
    }
    std::vector<std::string> fixes;
    for (const CellFix& f : v.fixes)
        fixes.push_back(describeFix(f, session.current().geometry(), &desk_.game()));
    if (!toldToFix_ || fixes != toldToFix_->words) tellFixes(v);
    toldToFix_ = ToldFixes{std::move(fixes), v.fixes, std::nullopt};
    if (!isBehind(phase_) && !v.fixesComplete.empty() && v.refusal.empty())
        toldToFix_->completes = v.fixesComplete.front();
}

void SurfaceJudge::tellFixes(const Verdict& v) {
    Session& session = *desk_.session();
    using Due = Session::WorkDue;
    // "Illegal" is for a rule broken; what the boards are only due is told
    // as work to do.
    if (isBehind(phase_))
        session.announceToDo(movedOn_ == MovedOn::Takeback ? Due::AfterTakeback : Due::AfterSaid,
                             v.fixes);
    else if (v.attempted && v.refusal.empty())
        session.announceToDo(Due::SayInstead, v.fixes, &*v.attempted);
    else if (!v.fixesComplete.empty() && v.refusal.empty())
        session.announceToDo(Due::Completion, v.fixes, &v.fixesComplete.front());
    else
        session.announceIllegal(v.fixes, v.fixesComplete, v.refusal,
                                v.attempted ? &*v.attempted : nullptr);
}

void SurfaceJudge::lightGame(const Session& session) {
    // While the machine's choice waits for the hands, its cells are lit
    // rather than the last move.
    const auto only = machine_ ? machine_->accepted(session) : std::nullopt;
    if (only && only->size() == 1)
        lights_.lightAction(session.current(), only->front());
    else
        lights_.lightGame(session);
}

void SurfaceJudge::afterChange() {
    const Session& session = *desk_.session();
    toldToFix_.reset();
    chainShown_.clear();
    // What is still to make of the action lights up in its place; then the
    // action itself does, and stays lit when it ended the game.
    if (toClear_.empty())
        lightGame(session);
    else
        lights_.light(toClear_);
    desk_.armTimers();
    if (session.over()) {
        table_.gameEnded();
        return;
    }
    // Ready for the next sensor event rather than at it.
    prepareReferee();
}

Referee& SurfaceJudge::preparedReferee() {
    prepareReferee();
    return referee_;
}

void SurfaceJudge::prepareReferee() {
    const Session& session = *desk_.session();
    const GameState& current = session.current();
    if (!refereeStale_ && preparedFor_ == &current && preparedPly_ == session.ply()) return;
    const auto& actions = session.actions();
    // The last action leads from previous() to here unless chance came after it;
    // then the referee compares the two states cell by cell.
    bool direct = !actions.empty() && actions.back().kind != Action::Kind::Chance;
    const auto only = machine_ ? machine_->accepted(session) : std::nullopt;
    referee_.prepare(current, session.previous(), direct ? &actions.back() : nullptr, surface_,
                     only ? &*only : nullptr);
    refereeStale_ = false;
    preparedFor_ = &current;
    preparedPly_ = session.ply();
}

void SurfaceJudge::judgeAtPress(const Verdict& v) {
    judgeTimer_.cancel();
    early_ = v;
    earlyStamp_ = surface_.changeStamp();
    earlyPly_ = desk_.session()->ply();
    judgeInGame(Judging::Lever);
}

void SurfaceJudge::committedFromBoard() {
    refereeStale_ = true;
    toClear_.clear();
    if (toldToFix_) desk_.session()->announceFixed();
    afterChange();
}

void SurfaceJudge::gameEndedOnBoard() {
    desk_.armTimers();
    table_.gameEnded();
}

void SurfaceJudge::announceChainStop(const Action& chain, int stops) {
    std::vector<Cell> made{chain.from};
    made.insert(made.end(), chain.path.begin(), chain.path.begin() + stops);
    if (made == chainShown_) return;
    chainShown_ = std::move(made);
    desk_.session()->announceChainStop(chain, stops);
}

void SurfaceJudge::armConsequencesReminder() {
    if (hintTimer_.armed()) return;
    hintTimer_.after(desk_.settings().confirmHintMs, [this] {
        if (!desk_.playing()) return;
        // Still only what was left to do differs (it also looks like a takeback
        // begun, hence Pending): say it again rather than wait in silence.
        auto fixes = referee_.fixes(surface_);
        if (fixes.empty()) return;
        for (const CellFix& f : fixes) {
            if (std::find(toClear_.begin(), toClear_.end(), f.cell) == toClear_.end()) return;
        }
        desk_.session()->announceConsequences(fixes);
    });
}

void SurfaceJudge::armConfirmHint(const Verdict& v) {
    if (hintTimer_.armed()) return;
    hintTimer_.after(desk_.settings().confirmHintMs,
                     [this, actions = v.unconfirmed, cells = v.untouched] {
                         if (desk_.playing()) desk_.session()->announceUnconfirmed(actions, cells);
                     });
}

}  // namespace arbiter
