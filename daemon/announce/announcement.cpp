#include "daemon/announce/announcement.h"

#include <spdlog/spdlog.h>

namespace arbiter {

void ConsoleSink::announce(const Announcement& a) {
    if (a.type == "illegal" || a.type == "flag" || a.type == "ambiguous")
        spdlog::warn("{}", a.text);
    else
        spdlog::info("{}", a.text);
}

}  // namespace arbiter
