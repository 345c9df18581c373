#include "daemon/table/bounded_announcements.h"

#include <spdlog/spdlog.h>

namespace arbiter {

void BoundedAnnouncements::announce(const Announcement& a) {
    if (said_.admit(a.text, loop_.time().now())) {
        out_.announce(a);
        return;
    }
    if (!summary_.armed()) summariseHeldBack();
}

void BoundedAnnouncements::summariseHeldBack() {
    for (const std::string& line : said_.summaries(loop_.time().now()))
        spdlog::info("not announced: {}", line);
    if (auto due = said_.nextSummaryAt()) summary_.at(*due, [this] { summariseHeldBack(); });
}

}  // namespace arbiter
