#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/boards/board_link.h"
#include "daemon/control/do_verb.h"
#include "daemon/control/table_control.h"
#include "daemon/journal/journal.h"
#include "daemon/journal/recorded_games.h"
#include "daemon/session/session.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// The half of a playing table that does not depend on what its players may
// see: the game's rules and the table's settings, where every game at the
// table begins, the game being played (its Session) and the journal game it
// takes up, the timers that end a game on time (the running clock's flag, the
// game's time limit), that warn a player whose time runs low and that write
// again what the disk refused, and the control socket's requests that every
// table answers alike (the requests a player says, abandoning, taking back,
// pausing, the games recorded) with their refusals. Both tables hold one
// (Table, ModeratedTable) and do for their boards what a change asks of them.
class Desk {
  public:
    // What a table does when the desk's timers change the game.
    class Listener {
      public:
        virtual ~Listener() = default;
        // A flag fell or the game's time limit came, and the session has been
        // told. `playerLeft` when a player out on time leaves a game that goes
        // on without them, their pieces with them (Session::checkFlag).
        virtual void timeCalled(bool playerLeft) = 0;
        // The game ended on time.
        virtual void gameEnded() = 0;
    };

    Desk(EventLoop& loop, TableSettings settings, std::unique_ptr<Game> game, Listener& table);

    const Game& game() const { return *game_; }
    const TableSettings& settings() const { return settings_; }
    // Where the cells lie on the boards of a table of several; empty for one board.
    const CellPlaces& places() const { return places_; }
    // Where every game at this table begins: the game's start or --position.
    const GameState& start() const { return *start_; }
    Session* session() { return session_.get(); }
    const Session* session() const { return session_.get(); }
    // The session as it is replaced game after game, for what must follow it
    // (PrivateAnnouncements).
    const std::unique_ptr<Session>& sessionSlot() const { return session_; }
    bool playing() const { return session_ && !session_->over(); }
    // A game without cells needs no start position: it begins when asked.
    bool playedWithoutBoards() const { return game_->start()->geometry().size() == 0; }
    // What a board shows, its stand-ins read as the game's own pieces.
    BoardSquares read(const BoardSquares& squares) const;
    Appearance read(Appearance square) const;

    // The start, once made from the settings (startState); the position asked
    // for is kept as the game writes it, so that the journal of a game begun
    // here matches it and a journal is compared with it as written.
    void setStart(std::unique_ptr<GameState> start);
    // Takes up the unfinished game `unfinished` (findGameToResume), the session
    // saying what it says to `said`; false and why when it cannot be replayed.
    bool resume(const JournalContents& unfinished, AnnouncementSink& said, std::string& error);
    // Begins a new game from the start, the session saying what it says to
    // `said`; false (logged) when it cannot begin.
    bool begin(AnnouncementSink& said);
    // Whether the last game's journal has written every line (tried once more
    // now): a new game would leave its waiting lines behind for good. When it
    // has not, it is tried again every second (keepJournalUntilWritten).
    bool lastJournalWritten();
    // From now on, while the game's journal has lines waiting (the disk
    // refused them), they are tried again every second, and `written` runs
    // once they are all written. The open table does; the moderated table
    // leaves them waiting.
    void keepJournalUntilWritten(std::function<void()> written);
    // Sets the timers again for the session as it is now: the running clock's
    // flag and low-time warning, the game's time limit, and the journal's retry.
    void armTimers();

    // The control socket's requests as every table answers them. Refused
    // requests change nothing.
    static ControlReply noGame() { return ControlReply::refused("no game is in progress"); }
    // A player's request that no board shows: resign (or leave), a draw
    // offered, accepted or claimed, by `who`. nullopt for a verb the table
    // answers itself (join); else why it was refused, empty when it was made.
    std::optional<std::string> request(DoVerb verb, PlayerId who);
    // A decision said by `who` through the control socket (arbiterctl do),
    // `verb` if it is one (doVerbNamed): a request(), or else what the
    // table's own `otherwise` makes of it (a game's action, a join). When the
    // game goes on changed by it, `changed` runs (the table's boards must
    // follow); then the timers are set again, and the table is told when the
    // game ended. A game must be in progress.
    ControlReply say(std::optional<DoVerb> verb, PlayerId who,
                     const std::function<ControlReply()>& otherwise,
                     const std::function<void()>& changed);
    // Abandons the game in progress, if any (recorded as abandoned).
    ControlReply abandon();
    // Takes back the last action when `possible` (each table knows what it
    // can take back): `before` runs just before it, `after` once it is taken
    // back, before the timers are set again.
    ControlReply takeback(bool possible, const std::function<void()>& before,
                          const std::function<void()>& after);
    ControlReply pauseClocks();
    ControlReply resumeClocks();
    // The games recorded in the journal folder, the one in progress with the
    // moves the session counts.
    ControlReply games() const;
    // What every table's status says: the game, its `boards`, and whether it
    // waits for a game to begin.
    nlohmann::json status(nlohmann::json boards) const;
    // A board for status: its name, its device, whether it is connected.
    static nlohmann::json boardStatus(const std::string& name, const BoardLink& link);

  private:
    void armJournalRetry();
    // The next low-time warning of the running clock, if one is to come.
    void armLowTimeWarning();

    EventLoop& loop_;
    TableSettings settings_;
    std::unique_ptr<Game> game_;
    std::unique_ptr<GameState> start_;
    Listener& table_;
    std::unique_ptr<Session> session_;
    CellPlaces places_;  // where the cells lie on the boards, given to each session
    // The journals "games" has read, read again only when they change, and
    // the timer that reads on a long one a slice at a time, between events.
    mutable JournalSummaries journalSummaries_;
    mutable Timer summariesTimer_{loop_};
    void readJournalsOn() const;
    std::function<void()> journalWritten_;  // empty: the journal is never retried
    Timer flagTimer_{loop_};
    Timer lowTimeTimer_{loop_};
    Timer limitTimer_{loop_};
    Timer journalTimer_{loop_};
};

}  // namespace arbiter
