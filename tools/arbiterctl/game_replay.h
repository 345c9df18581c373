#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "daemon/base/time_source.h"

namespace arbiter::ctl {

// What arbiterctl replay is asked to show of one journal.
struct ReplayRequest {
    std::string journal;     // the file, as arbiterctl games names it
    std::optional<int> ply;  // only the position after this ply (0: the start)
    bool step = false;       // wait for Enter (from `in`) between positions
};

// Replays a journal through its game's engine, as arbiterd resumes it
// (Session::replayStart, Session::replayEvent), and prints each position:
// the move as it was announced, clocks included, the picture of the cells
// and the game's report, then the result. The whole journal is checked
// before anything is printed: a missing, damaged or unplayable one prints
// nothing but a message naming its file and line to `err`. Returns the exit
// status: 0 shown, 2 a journal that cannot be replayed or a ply it has not.
int replayJournal(const ReplayRequest& request, std::ostream& out, std::ostream& err,
                  std::istream& in, const TimeSource& time);

}  // namespace arbiter::ctl
