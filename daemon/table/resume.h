#pragma once

#include <memory>
#include <optional>
#include <string>

#include "daemon/announce/announcement.h"
#include "daemon/base/time_source.h"
#include "daemon/journal/journal.h"
#include "daemon/table/table_settings.h"
#include "engine/core/game.h"

namespace arbiter {

// Taking up the game a table left unfinished: a table resumes the unfinished
// game in its journal folder when that game can go on at it (the same cells,
// and nothing the table asks for contradicts it), or closes it first when
// asked for a new game (--new-game).

// The unfinished game in the journal folder that a table with `settings`
// resumes, checked as making the table checks it (a damaged journal, other
// cells, options that contradict it): false and why when it cannot be resumed
// here; `unfinished` empty when there is none. Nothing is written.
bool findGameToResume(const Game& game, const TableSettings& settings,
                      std::optional<JournalContents>& unfinished, std::string& error);

// Where that game stands now, for the boards to show (--print-start):
// `position` empty when no game is resumed. Nothing is written or said.
bool positionToResume(const Game& game, const TableSettings& settings, const TimeSource& time,
                      std::unique_ptr<GameState>& position, std::string& error);

// Ends the journal's unfinished game as abandoned, its record written
// (--new-game), and says so to `out`: replayed as the game its journal names,
// which may be another than `tableGame`. A journal that cannot be replayed is
// left as it is (the new game's journal is newer, and the one resumed next),
// and said so. False and a message when the result cannot be written.
bool closeUnfinished(const Game& tableGame, const JournalContents& unfinished,
                     const TimeSource& time, AnnouncementSink& out, std::string& error);

}  // namespace arbiter
