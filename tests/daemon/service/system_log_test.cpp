#include "daemon/service/system_log.h"

#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

using namespace arbiter;

namespace {

std::string deviceAndInode(int fd) {
    struct stat file {};
    EXPECT_EQ(::fstat(fd, &file), 0);
    return std::to_string(file.st_dev) + ":" + std::to_string(file.st_ino);
}

struct Pipe {
    Pipe() { EXPECT_EQ(::pipe(fds), 0); }
    ~Pipe() {
        ::close(fds[0]);
        ::close(fds[1]);
    }
    int fds[2] = {-1, -1};
};

}  // namespace

TEST(SystemLog, TheJournalIsRecognisedByTheDeviceAndInodeOfTheStream) {
    Pipe journal, other;
    const std::string named = deviceAndInode(journal.fds[1]);
    EXPECT_TRUE(isJournalStream(named.c_str(), journal.fds[1]));
    EXPECT_FALSE(isJournalStream(named.c_str(), other.fds[1]));
}

TEST(SystemLog, AMissingOrMalformedJournalStreamIsNotTheJournal) {
    Pipe journal;
    const std::string named = deviceAndInode(journal.fds[1]);
    for (const std::string& bad :
         {std::string(), std::string("12"), std::string(":"), named + ":1", "x" + named,
          named + " ", std::string("-1:-1"), std::string("99999999999999999999999:1")})
        EXPECT_FALSE(isJournalStream(bad.c_str(), journal.fds[1])) << bad;
    EXPECT_FALSE(isJournalStream(nullptr, journal.fds[1]));
}

TEST(SystemLog, LevelsBecomeSyslogPriorities) {
    EXPECT_EQ(syslogPriority(spdlog::level::critical), 2);
    EXPECT_EQ(syslogPriority(spdlog::level::err), 3);
    EXPECT_EQ(syslogPriority(spdlog::level::warn), 4);
    EXPECT_EQ(syslogPriority(spdlog::level::info), 6);
    EXPECT_EQ(syslogPriority(spdlog::level::debug), 7);
    EXPECT_EQ(syslogPriority(spdlog::level::trace), 7);
}
