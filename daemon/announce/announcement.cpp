#include "daemon/announce/announcement.h"

#include <spdlog/spdlog.h>

namespace arbiter {

void ConsoleSink::announce(const Announcement& a) {
    // The level is the line's priority in systemd's journal (docs/install.md,
    // "Logs and games"): the table's own troubles are errors; a broken rule,
    // a flag, a position that fits several moves and a lost board, warnings.
    switch (a.type) {
        case AnnouncementType::Error:
        case AnnouncementType::Journal:
            spdlog::error("{}", a.text);
            return;
        case AnnouncementType::Illegal:
        case AnnouncementType::Flag:
        case AnnouncementType::Ambiguous:
            spdlog::warn("{}", a.text);
            return;
        case AnnouncementType::Board:
            if (!a.data.value("connected", true)) {
                spdlog::warn("{}", a.text);
                return;
            }
            break;
        default:
            break;
    }
    spdlog::info("{}", a.text);
}

}  // namespace arbiter
