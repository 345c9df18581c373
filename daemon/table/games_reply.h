#pragma once

#include <string>

#include "daemon/control/table_control.h"
#include "daemon/journal/recorded_games.h"
#include "daemon/session/session.h"

namespace arbiter {

// A table's answer to the control request "games" (listTableGames), for the
// game `session` plays now, if any: its journal is listed with the moves the
// session counts.
ControlReply answerGames(const std::string& dir, const Session* session,
                         JournalSummaries& summaries);

}  // namespace arbiter
