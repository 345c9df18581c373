#include "daemon/announce/announcement.h"

#include <spdlog/spdlog.h>

namespace arbiter {

void ConsoleSink::announce(const Announcement& a) {
    if (a.type == AnnouncementType::Illegal || a.type == AnnouncementType::Flag ||
        a.type == AnnouncementType::Ambiguous)
        spdlog::warn("{}", a.text);
    else
        spdlog::info("{}", a.text);
}

}  // namespace arbiter
