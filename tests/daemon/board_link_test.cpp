// A board that cannot be opened: arbiterd retries every second and, rather
// than falling silent after its first warning, names it again now and then
// with what to check (a mistyped path waited for in silence for ever). A board
// another arbiterd holds is not read.
#include "daemon/board_link.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <unistd.h>

#include <algorithm>
#include <sstream>

#include "tests/daemon/temp_directory.h"
#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

class NoEvents : public BoardEvents {
  public:
    void boardConnected(int, const std::string&) override { ++connected; }
    void boardDump(int, const BoardSquares&) override {}
    void squareChanged(int, int, Appearance) override {}
    void boardLost(int, const std::string&) override {}
    int connected = 0;
};

// What arbiterd logs while the test runs, one warning a line.
class CapturedLog {
  public:
    CapturedLog() : previous_(spdlog::default_logger()) {
        auto sink = std::make_shared<spdlog::sinks::ostream_sink_st>(text_);
        sink->set_pattern("%l %v");
        spdlog::set_default_logger(std::make_shared<spdlog::logger>("test", sink));
    }
    ~CapturedLog() { spdlog::set_default_logger(previous_); }
    std::vector<std::string> lines() const {
        std::vector<std::string> out;
        std::istringstream in(text_.str());
        for (std::string line; std::getline(in, line);) out.push_back(line);
        return out;
    }

  private:
    std::ostringstream text_;
    std::shared_ptr<spdlog::logger> previous_;
};

TEST(BoardLink, AMissingBoardIsNamedAgainEveryHalfMinuteWithWhatToCheck) {
    testing::TempDirectory scratch{"arbiter-board-link"};
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink link(loop, 0, {"dgt", scratch.path() + "/ttyACM9"}, events);
    link.connect();
    for (int second = 0; second < 65; ++second) {
        time.advance(1000);
        loop.runOnce(0);
    }
    const auto lines = log.lines();
    ASSERT_EQ(lines.size(), 3u);  // at once, after 30 s and after 60 s
    EXPECT_NE(lines[0].find("no such device"), std::string::npos) << lines[0];
    EXPECT_NE(lines[1].find("still not there after 30 s"), std::string::npos) << lines[1];
    EXPECT_NE(lines[1].find("arbiterd --list-ports lists the serial ports"), std::string::npos)
        << lines[1];
    EXPECT_NE(lines[2].find("still not there after 60 s"), std::string::npos) << lines[2];
    EXPECT_EQ(events.connected, 0);
}

size_t countContaining(const std::vector<std::string>& lines, const std::string& part) {
    return static_cast<size_t>(std::count_if(lines.begin(), lines.end(), [&](const auto& line) {
        return line.find(part) != std::string::npos;
    }));
}

TEST(BoardLink, ABoardAnotherArbiterdHoldsIsWaitedForNamingIt) {
    test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    pid_t holder = -1;
    std::string why;
    auto other = InstanceLock::take(boardLockPath(pty.slavePath()), holder, why);
    if (!other) GTEST_SKIP() << "no folder for device locks here: " << why;
    EXPECT_EQ(lockHolder(boardLockPath(pty.slavePath())), ::getpid());
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink link(loop, 0, {"dgt", pty.slavePath()}, events);
    link.connect();
    EXPECT_EQ(events.connected, 0);
    EXPECT_EQ(
        countContaining(log.lines(), ": in use by another arbiterd (pid " +
                                         std::to_string(::getpid()) + "); retrying every second"),
        1u);
    other.reset();
    EXPECT_EQ(lockHolder(boardLockPath(pty.slavePath())), -1);
    time.advance(1000);
    loop.runOnce(0);
    EXPECT_EQ(events.connected, 1);
}

}  // namespace
}  // namespace arbiter
