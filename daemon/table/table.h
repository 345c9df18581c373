#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/boards/board_link.h"
#include "daemon/clock/clock_face.h"
#include "daemon/control/table_control.h"
#include "daemon/journal/recorded_games.h"
#include "daemon/referee/referee.h"
#include "daemon/referee/surface.h"
#include "daemon/session/session.h"
#include "daemon/table/board_lights.h"
#include "daemon/table/desk.h"
#include "daemon/table/dgt_timekeeper.h"
#include "daemon/table/playing_table.h"
#include "daemon/table/setup_guide.h"
#include "daemon/table/table_phase.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// One playing table: the boards, the surface they make up and the referee,
// with its desk (the game session, its timers and the control requests every
// table answers alike), driven by the event loop. It decides when the surface
// is still enough to judge and turns verdicts into session changes; between
// games it waits for the start position and then begins the next game.
class Table final : public PlayingTable, private Desk::Listener {
  public:
    // nullptr and a message when the boards do not cover the game's cells, or
    // a journal cannot be resumed at this table (openTable makes a table for
    // any game).
    static std::unique_ptr<Table> create(EventLoop& loop, TableSettings settings,
                                         std::unique_ptr<Game> game, AnnouncementSink& out,
                                         std::string& error);
    ~Table() override;

    void connectBoards() override;
    const Session* session() const override { return desk_.session(); }
    const Surface& surface() const { return surface_; }

    // BoardEvents
    void boardConnected(int board, const std::string& device) override;
    void boardDump(int board, const BoardSquares& squares) override;
    void squareChanged(int board, int square, Appearance content) override;
    void boardLost(int board, const std::string& why) override;
    void clockAttached(int board) override;
    void clockDisplay(int board, const ClockDisplay& shown) override;
    void clockDetached(int board) override;
    // Run pauses or resumes the game as arbiterctl pause and resume do, OK says
    // where the game stands; the others are not used.
    void clockButton(int board, ClockButton button) override;
    // A press of the lever ends the move the board shows at once, without
    // waiting for the board to be still; a press with no complete move made
    // since the last one is said as such.
    void clockLever(int board, bool rightHigh) override;

    // How long after the last sensor event the table looks again for moves
    // made faster than the settle time: the field updates of one scan of a
    // DGT board arrive within a few milliseconds of each other.
    static constexpr Millis kLookMs = 20;
    // How long the DGT result signal must stand still to be recorded: long
    // enough that kings put down in the centre on the way elsewhere (setting
    // up, a hand passing) are never taken for it, short enough that players
    // who made it do not wonder whether it was seen.
    static constexpr Millis kResultSignalMs = 2000;

    // TableControl
    nlohmann::json status() const override;
    ControlReply newGame() override;
    ControlReply act(const std::string& action, int player, const std::string& name) override;
    ControlReply takeback() override;
    ControlReply pauseClocks() override { return desk_.pauseClocks(); }
    ControlReply resumeClocks() override { return desk_.resumeClocks(); }
    ControlReply games() const override { return desk_.games(); }

  private:
    Table(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game,
          AnnouncementSink& out);
    void surfaceChanged();
    // The clocks of the boards now connected, for the clock face.
    std::vector<ClockPort*> clockPorts() const;
    // Prepares the referee for the session's current state, unless it already
    // is: once per committed state, so that judging a sensor event stays cheap.
    void prepareReferee();
    void judge();
    void judgeBeforeGame();
    // Why the surface is judged in a game: it has been still for the settle
    // time (or needs none), or the clock's lever ended the move it shows.
    enum class Judging { Still, Lever };
    void judgeInGame(Judging why);
    void setPhase(TablePhase next);

    // Fast play (table_fast_play.cpp). The moves the surface showed made,
    // complete, from the session's current state, not yet committed because
    // the board was never still: committed as soon as the board shows the
    // next moves begun or made from the position after them.
    struct ShownMoves {
        std::vector<Action> actions;
        Millis seenAt = 0;                  // when the surface first showed them made
        uint64_t touchMark = 0;             // Surface::touchCount() then
        int ply = 0;                        // the session's ply they follow
        std::unique_ptr<GameState> before;  // the state before the last of them
        std::unique_ptr<GameState> after;
    };
    // Looks at the surface as it is now for moves made since the last agreed
    // position, and commits those the board has moved on from.
    void follow();
    void commitShown();
    // What follows a commit from the board: LEDs, timers, a game's end.
    void afterBoardCommit();
    void armLook();
    // Whether the game is chess and the surface shows the result signal.
    bool showsResultSignal() const;
    void watchResultSignal();
    // Takes up the journal's unfinished game, or closes it (--new-game).
    bool resumeUnfinished(std::string& error);
    // Desk::Listener
    void timeCalled(bool playerLeft) override;
    void gameEnded() override;
    // After a while with a piece apparently in the hand where a capture may have
    // been made, say how to confirm it (Verdict::unconfirmed).
    void armConfirmHint(const Verdict& v);
    // Says once that the mover stands on a stop of a capture chain.
    void announceChainStop(const Action& chain, int stops);
    // After a while with only an action's consequences still to make, say
    // them again (the first time was with the move).
    void armConsequencesReminder();
    void startGame();
    // The DGT clock's times ended the game.
    void clockEndedGame();
    // What the table waits for now, for arbiterctl status: "Ann to move",
    // "the boards to be put right: put a white pawn on e2", the start.
    std::string awaited() const;
    // Said through the control socket and changed the game: a join (never on
    // the boards), or an action that `changesCells` or not. The boards must
    // then show what it changes, and the players are told what to make.
    void actionSaid(bool joined, bool changesCells);
    // A game's own action said through the control socket by `who`, made when
    // it is legal; `changesCells` says whether the boards must show it.
    ControlReply sayAction(const std::string& action, PlayerId who, bool& changesCells);
    // "legal now: e2e4, d2d4, ... and 12 more", for refusals.
    std::string legalNow() const;

    EventLoop& loop_;
    Desk desk_;
    // Every announcement goes to the table's sink and to the DGT clocks.
    Announcer announcer_;
    ClockFace clockFace_;
    AnnouncementSink& out_;
    Surface surface_;
    Referee referee_;
    // The session's state may have changed since the referee was prepared:
    // set by everything that commits, takes back or ends a player's part.
    bool refereeStale_ = true;
    const GameState* preparedFor_ = nullptr;
    int preparedPly_ = -1;
    std::vector<std::unique_ptr<BoardLink>> links_;
    BoardLights lights_{surface_, links_};
    SetupGuide guide_{loop_, desk_, surface_, lights_, out_};
    DgtTimekeeper timekeeper_{desk_, surface_, out_};
    // Where the table stands with its boards; setPhase checks each step.
    TablePhase phase_ = TablePhase::SettingUp;
    // Not part of the phase: what was said, in whichever phase it was said.
    // The fixes of the illegal position told last, said again only when they
    // change (empty when what was told was a position to set up or what a
    // said action changes); nullopt when nothing is to put right.
    std::optional<std::vector<std::string>> toldToFix_;
    // The chain stops last announced (the mover's cell, then its stops), so
    // that each is said once however often the surface is judged.
    std::vector<Cell> chainShown_;
    std::vector<Cell> toClear_;  // consequences announced with the last commit
    // The verdict on the surface as the last event left it, for the game at
    // ply `earlyPly_`, and the surface's change stamp it was reached at.
    std::optional<Verdict> early_;
    uint64_t earlyStamp_ = 0;
    int earlyPly_ = -1;
    int catchUpPlies_ = 1;  // 2 right after a board came back
    Timer judgeTimer_{loop_};
    Timer hintTimer_{loop_};
    Timer lookTimer_{loop_};
    Timer signalTimer_{loop_};
    std::optional<ShownMoves> shown_;
    Referee ahead_;  // prepared for shown_->after
    // Not part of the phase: the lever's own memory, kept across phases. A
    // move came from the board since the clock's lever was last pressed.
    bool committedSinceLever_ = false;
};

}  // namespace arbiter
