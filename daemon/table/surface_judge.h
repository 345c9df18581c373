#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/referee/referee.h"
#include "daemon/referee/surface.h"
#include "daemon/table/board_lights.h"
#include "daemon/table/desk.h"
#include "daemon/table/fast_play.h"
#include "daemon/table/machine_turns.h"
#include "daemon/table/setup_guide.h"
#include "daemon/table/table_phase.h"

namespace arbiter {

// The judging of an open table's surface: it decides when the surface is still
// enough to judge, asks the referee for a verdict and turns it into session
// changes (a move committed, taken back or replaced, an illegal position told,
// hints after a while), and keeps the table's phase (TablePhase), the one
// state all of that works from. It owns the referee and what it was prepared
// for, the verdict reached as the last event arrived, how many moves a
// judgement may catch up, what the players were last told to put right, and
// the timers that judge the still surface and give hints; fast play
// (FastPlay) is its part for moves made faster than the surface is still.
class SurfaceJudge {
  public:
    // What the judge asks of the table it judges for.
    class Listener {
      public:
        virtual ~Listener() = default;
        // No game is on and the boards, still, show the start.
        virtual void startShown() = 0;
        // What the boards showed ended the game.
        virtual void gameEnded() = 0;
    };
    // Why the surface is judged in a game: it has been still for the settle
    // time (or needs none), or the clock's lever ended the move it shows.
    enum class Judging { Still, Lever };

    SurfaceJudge(EventLoop& loop, Desk& desk, Surface& surface, BoardLights& lights,
                 SetupGuide& guide, AnnouncementSink& out, Listener& table);

    TablePhase phase() const { return phase_; }
    // The players were told to put the boards right (an illegal position,
    // the position of the resumed game, what a said action changes), and they
    // are not right yet.
    bool toldToPutRight() const { return toldToFix_.has_value(); }
    // The fixes of the illegal position told last, as told: towards a legal
    // action when one was nearer than the position. Empty when what was told
    // was something else (a position to set up, what a said action changes).
    const std::vector<CellFix>& toldFixes() const {
        static const std::vector<CellFix> kNone;
        return toldToFix_ ? toldToFix_->fixes : kNone;
    }
    // The action those fixes complete, when what was told was a move all but
    // made (a promotion's new piece, a die's next stand-in); else nullptr.
    const Action* toldCompletes() const {
        return toldToFix_ && toldToFix_->completes ? &*toldToFix_->completes : nullptr;
    }

    // The game's course, as the table learns it.
    void gameBegun();
    void gameResumed();
    void gameOver();
    // The game moved on without the boards: nothing they show counts as a
    // move until they show it, and what they lack is told as work to do
    // after what moved it on.
    enum class MovedOn { Said, Takeback };
    void gameMovedOn(MovedOn why = MovedOn::Said);
    // The session's state may have changed since the referee was prepared.
    void stale() { refereeStale_ = true; }
    // The machine's turns at this table: while it is to move, the boards may
    // show only the action it chose. Set once, by the table that owns both.
    void followMachine(const MachineTurns& machine) { machine_ = &machine; }
    // Said through the control socket and changed the game: a join (never on
    // the boards), or an action that `changesCells` or not. The boards must
    // then show what it changes, and the players are told what to make.
    void actionSaid(bool joined, bool changesCells);

    // Whether the boards show an action made (or being made within the
    // settle time) that is not judged yet: the player to move may be about
    // to change.
    bool showsActionUnjudged();

    // A board came (back): moves may have been made while it was away.
    void boardCameBack();
    // A sensor event, or anything after which the surface is to be judged again.
    void surfaceChanged();
    void clockLever() { fastPlay_.clockLever(); }

    // For fast play. The referee, prepared for the session's current state.
    Referee& preparedReferee();
    // The lever was pressed on a surface that shows moves made: they are
    // judged at once, and made now.
    void judgeAtPress(const Verdict& v);
    // Moves the board had moved on from were committed.
    void committedFromBoard();
    // The board signalled the result, which ended the game.
    void gameEndedOnBoard();

  private:
    void setPhase(TablePhase next);
    // A game played through the control socket alone: nothing to judge.
    bool withoutBoards() const { return surface_.boardCount() == 0; }
    // Forgets what belonged to the game before: a new one is on, or none.
    void forgetGame();
    void judge();
    void judgeInGame(Judging why);
    // The steps of a judgement in a game, in order.
    void findResumedGame();
    Verdict verdictNow();
    bool resumedGameShown(const Verdict& v);
    void holdWhileBehind(Verdict& v);
    // Whether a takeback shown may be made now: at once, unless the players
    // are putting the boards right (TableSettings::takebackWhileFixingMs);
    // if not, the surface is judged again once it would have stayed.
    bool takebackStayed(Judging why);
    bool actOn(const Verdict& v, Judging why);
    void commit(const Verdict& v, Judging why);
    void tellIllegal(const Verdict& v);
    // Tells `v`'s fixes as the work due or the rule broken that they are.
    void tellFixes(const Verdict& v);
    void afterChange();
    // The game's cells on the LEDs: the machine's choice while it waits, else
    // the last action (BoardLights::lightGame).
    void lightGame(const Session& session);
    // Prepares the referee for the session's current state, unless it already
    // is: once per committed state, so that judging a sensor event stays cheap.
    void prepareReferee();
    // Says once that the mover stands on a stop of a capture chain.
    void announceChainStop(const Action& chain, int stops);
    // After a while with only an action's consequences still to make, say
    // them again (the first time was with the move).
    void armConsequencesReminder();
    // After a while with a piece apparently in the hand where a capture may
    // have been made, say how to confirm it (Verdict::unconfirmed).
    void armConfirmHint(const Verdict& v);

    EventLoop& loop_;
    Desk& desk_;
    Surface& surface_;
    BoardLights& lights_;
    const MachineTurns* machine_ = nullptr;
    SetupGuide& guide_;
    Listener& table_;
    TablePhase phase_ = TablePhase::SettingUp;
    Referee referee_;
    // Not part of the phase: a cache of the referee's preparation, made stale
    // by everything that commits, takes back or ends a player's part, in any
    // phase.
    bool refereeStale_ = true;
    const GameState* preparedFor_ = nullptr;
    int preparedPly_ = -1;
    // Not part of the phase: what was said, in whichever phase it was said.
    // The fixes of the illegal position told last, said again only when they
    // change (empty when what was told was a position to set up or what a
    // said action changes); nullopt when nothing is to put right.
    struct ToldFixes {
        std::vector<std::string> words;
        std::vector<CellFix> fixes;
        std::optional<Action> completes;
    };
    std::optional<ToldFixes> toldToFix_;
    // The chain stops last announced (the mover's cell, then its stops), so
    // that each is said once however often the surface is judged.
    std::vector<Cell> chainShown_;
    std::vector<Cell> toClear_;  // consequences announced with the last commit
    // The verdict on the surface as the last event left it, for the game at
    // ply `earlyPly_`, and the surface's change stamp it was reached at.
    std::optional<Verdict> early_;
    uint64_t earlyStamp_ = 0;
    int earlyPly_ = -1;
    int catchUpPlies_ = 1;             // 2 right after a board came back
    MovedOn movedOn_ = MovedOn::Said;  // what put the boards behind, last
    Timer judgeTimer_{loop_};
    Timer hintTimer_{loop_};
    FastPlay fastPlay_;
};

}  // namespace arbiter
