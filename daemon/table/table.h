#pragma once

#include <memory>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/boards/board_link.h"
#include "daemon/clock/clock_face.h"
#include "daemon/referee/surface.h"
#include "daemon/table/board_absences.h"
#include "daemon/table/board_lights.h"
#include "daemon/table/desk.h"
#include "daemon/table/dgt_timekeeper.h"
#include "daemon/table/machine_turns.h"
#include "daemon/table/playing_table.h"
#include "daemon/table/setup_guide.h"
#include "daemon/table/surface_judge.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// The open table: one game on boards stitched into one surface that every
// player sees, driven by the event loop. It owns the boards and the surface
// they make up and joins the parts that work on them: the desk (the game and
// what the control socket asks), the setup guide, the lights, the DGT clocks
// (their faces and the timekeeper) and the surface's judge. Between games it
// waits for the start position and then begins the next game.
class Table final : public PlayingTable,
                    private Desk::Listener,
                    private SurfaceJudge::Listener,
                    private MachineTurns::Listener {
  public:
    // nullptr and a message when the boards do not cover the game's cells,
    // the position asked for is not one of it, or a journal cannot be resumed
    // at this table (openTable makes a table for any game).
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
    void pieceTags(int board, const SquareTags& tags) override;
    void boardLost(int board, const std::string& why) override;
    void clockAttached(int board) override;
    void clockDisplay(int board, const ClockDisplay& shown) override;
    void clockDetached(int board) override;
    // Run pauses or resumes the game as arbiterctl pause and resume do, OK says
    // where the game stands; the others are not used.
    void clockButton(int board, ClockButton button) override;
    void clockLever(int board, bool rightHigh) override;

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
    // Takes up the journal's unfinished game, or closes it (--new-game).
    bool resumeUnfinished(std::string& error);
    // Desk::Listener, SurfaceJudge::Listener
    void timeCalled(bool playerLeft) override;
    void gameEnded() override;
    void startShown() override;
    // MachineTurns::Listener
    void machineTurnChanged() override;
    void machineActs(const Action& action) override;

    void startGame();
    // The status's picture of the table (sceneCells and the rest of scene.h).
    nlohmann::json scene(const GameState& shown, const nlohmann::json& boards) const;
    // The cells the boards must change as the status shows them: what the
    // players were told to put right, or before a game what the start lacks.
    std::vector<CellFix> fixesShown(const GameState& shown) const;
    // The DGT clock's times ended the game.
    void clockEndedGame();
    // The clocks of the boards now connected, for the clock face.
    std::vector<ClockPort*> clockPorts() const;
    // A game's own action said through the control socket by `who`, made when
    // it is legal; `changesCells` says whether the boards must show it.
    ControlReply sayAction(const std::string& action, PlayerId who, bool& changesCells);
    // What the table waits for now, for arbiterctl status: "Ann to move",
    // "the boards to be put right: put a white pawn on e2", the start.
    std::string awaited() const;
    // "legal now: e2e4, d2d4, ... and 12 more", for refusals.
    std::string legalNow() const;

    EventLoop& loop_;
    Desk desk_;
    // Every announcement goes to the table's sink and to the DGT clocks.
    Announcer announcer_;
    ClockFace clockFace_;
    Surface surface_;
    BusPorts buses_{loop_};  // the ports boards share; outlives the links
    std::vector<std::unique_ptr<BoardLink>> links_;
    BoardLights lights_{surface_, links_};
    SetupGuide guide_;
    DgtTimekeeper timekeeper_{loop_, desk_, surface_, announcer_};
    SurfaceJudge judge_;
    // After the judge, which it tells what the boards may show.
    MachineTurns machine_{loop_, desk_, announcer_, *this};
    BoardAbsences absences_{announcer_, static_cast<size_t>(surface_.boardCount())};
};

}  // namespace arbiter
