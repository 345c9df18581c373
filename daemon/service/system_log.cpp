#include "daemon/service/system_log.h"

#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <memory>

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>

namespace arbiter {

namespace {

// The %* of the journal's pattern: "<N>", N the line's syslog priority.
class PriorityFlag final : public spdlog::custom_flag_formatter {
  public:
    void format(const spdlog::details::log_msg& message, const std::tm&,
                spdlog::memory_buf_t& out) override {
        const std::string prefix = "<" + std::to_string(syslogPriority(message.level)) + ">";
        out.append(prefix.data(), prefix.data() + prefix.size());
    }
    std::unique_ptr<custom_flag_formatter> clone() const override {
        return std::make_unique<PriorityFlag>();
    }
};

template <typename Number>
bool readNumber(std::string_view text, Number& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

int syslogPriority(spdlog::level::level_enum level) {
    switch (level) {
        case spdlog::level::critical:
            return 2;
        case spdlog::level::err:
            return 3;
        case spdlog::level::warn:
            return 4;
        case spdlog::level::info:
            return 6;
        case spdlog::level::debug:
        case spdlog::level::trace:
        case spdlog::level::off:
        case spdlog::level::n_levels:
            break;
    }
    return 7;
}

bool isJournalStream(const char* journalStream, int fd) {
    if (journalStream == nullptr) return false;
    const std::string_view value(journalStream);
    const size_t colon = value.find(':');
    dev_t device = 0;
    ino_t inode = 0;
    if (colon == std::string_view::npos || !readNumber(value.substr(0, colon), device) ||
        !readNumber(value.substr(colon + 1), inode))
        return false;
    struct stat file {};
    return ::fstat(fd, &file) == 0 && file.st_dev == device && file.st_ino == inode;
}

void setUpLogging(spdlog::level::level_enum level) {
    spdlog::set_level(level);
    if (!isJournalStream(std::getenv("JOURNAL_STREAM"), STDOUT_FILENO)) {
        spdlog::set_pattern("%H:%M:%S.%e %^%l%$ %v");
        return;
    }
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<PriorityFlag>('*').set_pattern("%*%v");
    spdlog::set_formatter(std::move(formatter));
}

}  // namespace arbiter
