#pragma once

#include <memory>
#include <string>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/boards/board_link.h"
#include "daemon/control/table_control.h"
#include "daemon/session/session.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// A table arbiterd referees at, whichever its kind: what the boards sense
// comes in (BoardEvents), the control socket's requests are answered
// (TableControl). The open table (Table) stitches its boards into one surface
// that everyone sees; the moderated table (ModeratedTable) gives each player
// a board of their own showing only their view. openTable makes the one a
// game needs.
class PlayingTable : public BoardEvents, public TableControl {
  public:
    // Opens the boards (a game without boards begins at once).
    virtual void connectBoards() = 0;
    // The game being played, or the last one; nullptr before the first.
    virtual const Session* session() const = 0;
};

// The table for `game` with `settings`: a moderated table when the game
// hides part of itself from each player (GameState::hidden), else
// an open table. nullptr and a message when the boards do not fit the game,
// the position asked for is not one of it, or the journal's unfinished game
// cannot be resumed at this table.
std::unique_ptr<PlayingTable> openTable(EventLoop& loop, TableSettings settings,
                                        std::unique_ptr<Game> game, AnnouncementSink& out,
                                        std::string& error);
// The same for the game the settings name, with their options.
std::unique_ptr<PlayingTable> openTable(EventLoop& loop, TableSettings settings,
                                        AnnouncementSink& out, std::string& error);

}  // namespace arbiter
