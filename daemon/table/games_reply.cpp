#include "daemon/table/games_reply.h"

namespace arbiter {

ControlReply answerGames(const std::string& dir, const Session* session,
                         JournalSummaries& summaries) {
    std::optional<JournalInProgress> writing;
    if (session && !session->over())
        writing = JournalInProgress{session->journalPath(), session->turns()};
    std::string error;
    auto listing = listTableGames(dir, writing, summaries, error);
    if (!listing) return ControlReply::refused(error);
    return ControlReply::done(*listing);
}

}  // namespace arbiter
