#pragma once

#include <string>

#include <spdlog/common.h>

namespace arbiter {

// arbiterd's log lines (spdlog's default logger, on standard output), set up
// for where they go. Into systemd's journal (JOURNAL_STREAM names standard
// output, as systemd.exec(5) sets it for a service), each line begins with its syslog priority,
// "<3>" for an error, which the journal keeps as the line's priority (sd-daemon(3)), and without a
// time, which the journal adds; `journalctl -p warning` then shows only the warnings and errors.
// Anywhere else a line begins with its time and level.
void setUpLogging(spdlog::level::level_enum level);

// Whether `journalStream` (JOURNAL_STREAM's "DEVICE:INODE") is the file that
// descriptor `fd` is: a null or malformed value is not.
bool isJournalStream(const char* journalStream, int fd);

// The syslog priority of a log level: 3 for error, 4 for warn, 6 for info...
int syslogPriority(spdlog::level::level_enum level);

}  // namespace arbiter
