#include "daemon/table/dgt_timekeeper.h"

namespace arbiter {

bool DgtTimekeeper::keepsTime() const {
    const Session* session = desk_.session();
    return session ? session->clock().control().keptByDgtClock()
                   : desk_.settings().session.time.keptByDgtClock();
}

bool DgtTimekeeper::clockDisplay(int board, const ClockDisplay& shown) {
    if (!keepsTime()) return false;
    // With clocks on several boards, the first to report keeps the time.
    if (board_ && *board_ != board) return false;
    const bool arrived = !board_;
    board_ = board;
    shown_ = shown;
    if (!desk_.playing()) return false;
    Session& session = *desk_.session();
    session.clockReported(clockReportOf(shown, desk_.settings().clockFace.white));
    if (session.over()) return true;
    if (arrived)
        out_.announce({AnnouncementType::Clock,
                       "The DGT clock on board " + surface_.placement(board).name +
                           " keeps the time: " + session.clockTextNow() + ".",
                       {{"board", board}, {"connected", true}}});
    return false;
}

void DgtTimekeeper::clockDetached(int board) {
    if (!board_ || *board_ != board) return;
    board_.reset();
    shown_.reset();
    if (!keepsTime() || !desk_.playing()) return;
    out_.announce({AnnouncementType::Clock,
                   "The DGT clock on board " + surface_.placement(board).name +
                       " is gone: the game keeps its last times (" +
                       desk_.session()->clockTextNow() + ") until a clock reports again.",
                   {{"board", board}, {"connected", false}}});
}

bool DgtTimekeeper::takeClockTimes() {
    if (!desk_.playing() || !keepsTime()) return false;
    Session& session = *desk_.session();
    if (shown_) {
        // Shown before the game began: a flag down in it is the last game's.
        session.clockShownBefore(clockReportOf(*shown_, desk_.settings().clockFace.white));
        return session.over();
    }
    if (session.clock().timesKnown()) return false;  // resumed: the journal's times stand
    out_.announce({AnnouncementType::Clock,
                   "Waiting for the DGT clock: plug it into a board, set it and start it with its "
                   "lever. Until it reports, the game has no times.",
                   {{"connected", false}}});
    return false;
}

std::string DgtTimekeeper::awaited() const {
    if (!keepsTime() || board_) return {};
    return desk_.session()->clock().timesKnown()
               ? " (the DGT clock to come back: the game keeps its last times)"
               : " (and the DGT clock: set it and start it with its lever)";
}

}  // namespace arbiter
