#include "daemon/table/board_absences.h"

namespace arbiter {

void BoardAbsences::gone(int board, const std::string& name, const std::string& why) {
    away_.at(static_cast<size_t>(board)) = true;
    out_.announce(
        {AnnouncementType::Board,
         "Board " + name + " is gone (" + why + "); the game waits for it. Clocks keep running.",
         {{"board", board}, {"name", name}, {"connected", false}}});
}

void BoardAbsences::back(int board, const std::string& name) {
    if (!away_.at(static_cast<size_t>(board))) return;
    away_[static_cast<size_t>(board)] = false;
    out_.announce({AnnouncementType::Board,
                   "Board " + name + " is back.",
                   {{"board", board}, {"name", name}, {"connected", true}}});
}

}  // namespace arbiter
