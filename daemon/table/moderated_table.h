#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/boards/board_link.h"
#include "daemon/control/table_control.h"
#include "daemon/referee/referee.h"
#include "daemon/referee/surface.h"
#include "daemon/referee/viewed_state.h"
#include "daemon/session/private_announcements.h"
#include "daemon/session/session.h"
#include "daemon/table/board_absences.h"
#include "daemon/table/desk.h"
#include "daemon/table/playing_table.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// A table of a game in which each player sees only part of it (moderated
// csipgs Chess: GameState::hidden()). Every player has a board of
// their own, never stitched to another's, and it shows that player's view
// (HiddenInformation::view). The session keeps the true state; only the board of the
// player to move is judged for an action, against the true state as that
// player sees it (ViewedState). After every action each player is told,
// alone, what appeared and what disappeared in their view, and their board is
// waited for until it shows it (its LEDs lit on the squares to fix), as a
// board is waited for after a said move. What everyone hears (the console,
// speech, the control socket's ordinary clients) names no cell and no piece
// while a game is on: "White has moved". The game, its timers and what every
// table answers the control socket are its desk's (Desk), as at the open table.
class ModeratedTable final : public PlayingTable, private Desk::Listener {
  public:
    // nullptr and a message when the boards do not fit (checkPlayerBoards) or
    // the journal's unfinished game cannot be resumed here (openTable makes a
    // table for any game).
    static std::unique_ptr<ModeratedTable> create(EventLoop& loop, TableSettings settings,
                                                  std::unique_ptr<Game> game, AnnouncementSink& out,
                                                  std::string& error);
    ~ModeratedTable() override;

    void connectBoards() override;
    const Session* session() const override { return desk_.session(); }

    // BoardEvents; the clocks of the boards are not read.
    void boardConnected(int board, const std::string& device) override;
    void boardDump(int board, const BoardSquares& squares) override;
    void squareChanged(int board, int square, Appearance content) override;
    void boardLost(int board, const std::string& why) override;

    // TableControl
    // What everyone may see: no state, no picture, no moves while a game is on.
    nlohmann::json status() const override { return statusFor(-1); }
    nlohmann::json statusFor(int seat) const override;
    ControlReply admit(const std::string& name, const std::string& secret, int& seat) override;
    // What a club expects of a game of hidden views: anyone may watch what
    // is public (status, subscribe, games); only the players change anything.
    // A player pauses and resumes the clocks (to call the arbiter, say), takes
    // back only their own last action, and ends a game on by resigning, not
    // by abandoning it: new-game is refused while a game is on (the operator
    // has arbiterd --new-game). docs/control.md has the whole table.
    ControlReply mayAsk(int seat, const std::string& request) const override;
    ControlReply newGame() override;
    // Refused: a player's actions come from them alone (actAs).
    ControlReply act(const std::string& action, int player, const std::string& name) override;
    ControlReply actAs(int seat, const std::string& action) override;
    ControlReply takeback() override;
    ControlReply pauseClocks() override { return desk_.pauseClocks(); }
    ControlReply resumeClocks() override { return desk_.resumeClocks(); }
    ControlReply games() const override { return desk_.games(); }

  private:
    // One player's place: their board, what it shows, its referee.
    struct Seat {
        Surface surface;
        Referee referee;
        std::unique_ptr<BoardLink> link;
        // Told what to change and not yet shown it: nothing it shows is a move.
        bool behind = false;
        int preparedPly = -1;  // the referee is prepared for this ply, or -1
        std::string told;      // the fixes said last, said again only when they change
        // The player's view before the last action, until their board shows
        // the new one: what to change keeps its words ("a piece appeared on
        // e8: ...") however often the boards are judged meanwhile.
        std::optional<View> seenBefore;
    };

    ModeratedTable(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game,
                   AnnouncementSink& out);
    void surfaceChanged();
    void judge();
    void judgeBeforeGame();
    void judgeInGame();
    // Judges the board of `p`, who is to move, for an action.
    void judgeMover(PlayerId p);
    // After the session's state changed: tells each player what changed in
    // their view since `before` (their views then) and what to change on
    // their board, and waits for the boards that must change.
    void tellViews(const std::vector<View>& before);
    // Tells `p` of the impassable squares they know now and did not in `before`.
    void tellFound(PlayerId p, const View& before);
    // The board of `p` against their view; says what to change when that
    // differs from what was said last. True when it shows the view.
    bool checkView(PlayerId p);
    std::vector<View> viewsNow() const;
    ViewedState viewOf(const GameState& state, PlayerId p) const;
    void light(PlayerId p, const std::vector<Cell>& cells);
    void startGame();
    // Desk::Listener. The session tells everyone of a flag or the time limit;
    // no board is waited for after it.
    void timeCalled(bool) override {}
    void gameEnded() override;
    // A game's own action said by `player` through the control socket, made
    // when it is legal.
    ControlReply sayAction(const std::string& action, PlayerId player);
    // A fix in the viewer's terms: with the change of their view that it
    // follows (what appeared or disappeared) when `before` says what they saw
    // there before, and whether it went out of their sight when `seen` is
    // what they see now.
    FixStep viewFixStep(const CellFix& fix, const View* before, const View* seen) const;
    // The rules' reason when a board's `fixes` show one piece taken to a cell
    // the rules refuse it (into check, say; attemptedMove): an open board
    // shows a player why, a board of their view may not. Empty when the board
    // shows anything else.
    std::string moveRefusal(const std::vector<CellFix>& fixes) const;
    // The name seat `p` plays under at this table.
    std::string nameOf(PlayerId p) const;

    EventLoop& loop_;
    Announcer announcer_;
    Desk desk_;
    // What the session says, sorted.
    PrivateAnnouncements sorted_{announcer_, desk_.sessionSlot()};
    BusPorts buses_{loop_};  // the ports boards share; outlives the seats
    std::vector<Seat> seats_;
    Timer judgeTimer_{loop_};
    BoardAbsences absences_{announcer_, desk_.settings().boards.size()};
};

}  // namespace arbiter
