// A board that cannot be opened: arbiterd retries every second and, rather
// than falling silent after its first warning, names it again now and then
// with what to check (a mistyped path waited for in silence for ever). A board
// another arbiterd holds is not read. A board that babbles is heard, but its
// babble is summarised rather than logged line by line.
#include "daemon/boards/board_link.h"
#include "daemon/boards/repeated_warnings.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>

#include "tests/daemon/captured_log.h"
#include "tests/daemon/temp_directory.h"
#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

class NoEvents : public BoardEvents {
  public:
    void boardConnected(int, const std::string&) override { ++connected; }
    void boardDump(int, const BoardSquares&) override {}
    void squareChanged(int, int, Appearance) override { ++changes; }
    void boardLost(int, const std::string&) override { ++lost; }
    int connected = 0;
    int changes = 0;
    int lost = 0;
};

using testing::CapturedLog;

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

// ./run starts arbiterd just before its own virtual board: a virtual board
// not started yet is waited for, said once as no fault, never "no such device".
TEST(BoardLink, AVirtualBoardNotStartedYetIsWaitedForQuietly) {
    testing::TempDirectory scratch{"arbiter-board-link"};
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    DeviceSpec device{"vboard", scratch.path() + "/left", "left"};
    BoardLink link(loop, 0, device, events);
    link.connect();
    for (int second = 0; second < 65; ++second) {
        time.advance(1000);
        loop.runOnce(0);
    }
    const auto lines = log.lines();
    ASSERT_EQ(lines.size(), 1u) << log.text();
    EXPECT_EQ(lines[0],
              "info board vboard:left: waiting for the virtual board (start it: arbiter-vboard "
              "--name left)");
    EXPECT_EQ(log.text().find("no such device"), std::string::npos) << log.text();
}

size_t countContaining(const std::vector<std::string>& lines, const std::string& part) {
    return static_cast<size_t>(std::count_if(lines.begin(), lines.end(), [&](const auto& line) {
        return line.find(part) != std::string::npos;
    }));
}

// Another process holding a lock, as another arbiterd holds its board's:
// it takes the lock on `path` and keeps it until release().
class OtherHolder {
  public:
    explicit OtherHolder(const std::string& path) {
        int ready[2];
        if (::pipe(ready) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            pid_t holder = -1;
            std::string why;
            auto lock = InstanceLock::take(path, holder, why);
            const char told = lock ? 'y' : 'n';
            if (::write(ready[1], &told, 1) != 1 || !lock) ::_exit(1);
            for (;;) ::pause();
        }
        ::close(ready[1]);
        char told = 'n';
        held_ = pid_ > 0 && ::read(ready[0], &told, 1) == 1 && told == 'y';
        ::close(ready[0]);
    }
    ~OtherHolder() { release(); }
    bool held() const { return held_; }
    pid_t pid() const { return pid_; }
    void release() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }

  private:
    pid_t pid_ = -1;
    bool held_ = false;
};

TEST(BoardLink, ABoardAnotherArbiterdHoldsIsWaitedForNamingIt) {
    test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    OtherHolder other(boardLockPath(pty.slavePath()));
    if (!other.held()) GTEST_SKIP() << "no folder for device locks here";
    EXPECT_EQ(lockHolder(boardLockPath(pty.slavePath())), other.pid());
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink link(loop, 0, {"dgt", pty.slavePath()}, events);
    link.connect();
    EXPECT_EQ(events.connected, 0);
    EXPECT_EQ(
        countContaining(log.lines(), ": in use by another arbiterd (pid " +
                                         std::to_string(other.pid()) + "); retrying every second"),
        1u);
    other.release();
    EXPECT_EQ(lockHolder(boardLockPath(pty.slavePath())), -1);
    time.advance(1000);
    loop.runOnce(0);
    EXPECT_EQ(events.connected, 1);
}

// Two boards of one arbiterd on one device (a configuration check let it
// pass once): the second waited for ever on "another arbiterd", naming its
// own daemon's pid.
TEST(BoardLink, ADeviceAnotherBoardOfThisArbiterdReadsIsNotTakenForAnotherArbiterd) {
    test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink first(loop, 0, {"dgt", pty.slavePath()}, events);
    first.connect();
    if (lockHolder(boardLockPath(pty.slavePath())) != ::getpid())
        GTEST_SKIP() << "no folder for device locks here";
    BoardLink second(loop, 1, {"dgt", pty.slavePath()}, events);
    second.connect();
    EXPECT_EQ(events.connected, 1);
    EXPECT_EQ(countContaining(log.lines(), "another arbiterd"), 0u);
    EXPECT_EQ(countContaining(log.lines(),
                              ": its device is read by another board of this "
                              "arbiterd; each board needs a device of its own"),
              1u);
}

// 284 MB of log in 20 s came from a board sending garbage. Its good messages
// still get through (the driver resynchronises on every header), while the
// log gets a few lines and then one summary per interval, the last after the
// flood has stopped.
TEST(BoardLink, AFloodOfGarbageIsSummarisedWhileTheBoardsMovesGetThrough) {
    test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink link(loop, 0, {"dgt", pty.slavePath()}, events);
    link.connect();
    ASSERT_EQ(events.connected, 1);
    for (int round = 0; round < 20; ++round) {
        std::vector<uint8_t> bytes;
        // A field update announcing 16,383 bytes, a hundred times, each a warning.
        for (int i = 0; i < 100; ++i) bytes.insert(bytes.end(), {0x8e, 0x7f, 0x7f});
        // Then a true one: a white pawn on square `round`.
        bytes.insert(bytes.end(), {0x8e, 0x00, 0x05, static_cast<uint8_t>(round), 0x01});
        ASSERT_TRUE(pty.send(bytes));
        for (int tries = 0; tries < 100 && events.changes <= round; ++tries) loop.runOnce(50);
        time.advance(100);
    }
    EXPECT_EQ(events.changes, 20);
    const std::string kind = "announced length 16383";
    EXPECT_EQ(countContaining(log.lines(), kind), 5u);
    time.set(10'000);
    loop.runOnce(0);
    const auto lines = log.lines();
    ASSERT_EQ(countContaining(lines, kind), 6u);
    EXPECT_NE(lines.back().find("warning board dgt:" + pty.slavePath() +
                                ": 1,995 more like \"message 0x8e (field update) " + kind),
              std::string::npos)
        << lines.back();
    EXPECT_NE(lines.back().find("in the last 10 s"), std::string::npos) << lines.back();
    time.set(30'000);
    loop.runOnce(0);
    EXPECT_EQ(countContaining(log.lines(), kind), countContaining(lines, kind));
}

// A board whose device stays while the board itself falls silent (vboard's
// `unplug`, an adapter whose board lost its cable): asked for its squares
// after 5 s of quiet, taken for gone 2 s later, and read afresh, identity,
// squares and updates, as soon as it speaks again.
TEST(BoardLink, ASilentBoardIsAskedForItsSquaresThenTakenForGoneAndReadAfreshWhenItSpeaks) {
    test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink link(loop, 0, {"dgt", pty.slavePath()}, events);
    link.connect();
    ASSERT_EQ(events.connected, 1);
    const std::vector<uint8_t> start = pty.receive(7);
    ASSERT_EQ(start.size(), 7u);
    auto second = [&] {
        time.advance(1000);
        loop.runOnce(0);
    };
    for (int s = 0; s < 4; ++s) second();
    EXPECT_TRUE(pty.receive(1, 50).empty()) << "asked before 5 s of quiet";
    second();
    EXPECT_EQ(pty.receive(1), std::vector<uint8_t>{0x42});  // SEND_BRD
    second();
    EXPECT_EQ(events.lost, 0);
    second();
    EXPECT_EQ(events.lost, 1);
    EXPECT_FALSE(link.connected());
    EXPECT_EQ(countContaining(log.lines(), "it does not answer"), 1u);
    // It speaks: a field update. It is read whole again, from its identity on.
    ASSERT_TRUE(pty.send({0x8e, 0x00, 0x05, 0x10, 0x01}));
    for (int tries = 0; tries < 100 && events.connected < 2; ++tries) loop.runOnce(50);
    EXPECT_EQ(events.connected, 2);
    EXPECT_TRUE(link.connected());
    EXPECT_EQ(pty.receive(7), start);
    EXPECT_EQ(countContaining(log.lines(), "it answers again"), 1u);
}

// A Millennium ChessLink board: opened at 38400 baud, and waited for as a DGT
// board is: asked for its status after 5 s of quiet (it reports only changes),
// taken for gone when it does not answer, started afresh when it speaks again.
TEST(BoardLink, AMillenniumBoardIsOpenedAtItsSpeedAndWaitedForWhenSilent) {
    test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    NoEvents events;
    BoardLink link(loop, 0, {"millennium", pty.slavePath()}, events);
    link.connect();
    ASSERT_EQ(events.connected, 1);
    const std::string start = "V56W020451S53";
    auto text = [](const std::vector<uint8_t>& bytes) {
        std::string out;
        for (uint8_t b : bytes) out.push_back(static_cast<char>(b & 0x7f));
        return out;
    };
    EXPECT_EQ(text(pty.receive(start.size())), start);
    const int slave = ::open(pty.slavePath().c_str(), O_RDONLY | O_NOCTTY | O_NONBLOCK);
    ASSERT_GE(slave, 0);
    termios t{};
    ASSERT_EQ(::tcgetattr(slave, &t), 0);
    ::close(slave);
    EXPECT_EQ(::cfgetospeed(&t), speed_t(B38400));
    auto second = [&] {
        time.advance(1000);
        loop.runOnce(0);
    };
    for (int s = 0; s < 5; ++s) second();
    EXPECT_EQ(text(pty.receive(3)), "S53");
    second();
    second();
    EXPECT_EQ(events.lost, 1);
    EXPECT_EQ(countContaining(log.lines(), "it does not answer"), 1u);
    // It speaks (an 'x', check 78): started afresh.
    ASSERT_TRUE(pty.send({0xf8, 0x37, 0x38}));
    for (int tries = 0; tries < 100 && events.connected < 2; ++tries) loop.runOnce(50);
    EXPECT_EQ(events.connected, 2);
    EXPECT_EQ(text(pty.receive(start.size())), start);
}

TEST(RepeatedWarnings, AFewOfAKindAreLoggedThenCountedAndSummedUpWhenTheIntervalEnds) {
    RepeatedWarnings told({3, 10'000});
    int logged = 0;
    for (int i = 0; i < 10; ++i) logged += told.admit("piece on square " + std::to_string(i), i);
    EXPECT_EQ(logged, 3);
    EXPECT_EQ(told.nextSummaryAt(), 10'000);
    EXPECT_TRUE(told.summaries(9'999).empty());
    EXPECT_EQ(told.summaries(10'000),
              std::vector<std::string>{"7 more like \"piece on square 9\" in the last 10 s"});
    EXPECT_EQ(told.nextSummaryAt(), std::nullopt);
}

TEST(RepeatedWarnings, AFloodOfOneKindHoldsNoOtherKindBack) {
    RepeatedWarnings told({2, 10'000});
    for (int i = 0; i < 100; ++i)
        told.admit("skipped bytes starting with 0x" + std::to_string(i), 0);
    EXPECT_TRUE(told.admit("clock refused command 0x21", 1));
    EXPECT_FALSE(told.admit("skipped bytes starting with 0x7f", 2));
}

TEST(RepeatedWarnings, AFloodGoingOnGetsOneLinePerIntervalUntilAQuietOneEndsIt) {
    RepeatedWarnings told({2, 10'000});
    for (int i = 0; i < 5; ++i) told.admit("garbage", 0);
    EXPECT_EQ(told.summaries(10'000).size(), 1u);
    // Still flooding: no fresh burst of lines, only the count.
    EXPECT_FALSE(told.admit("garbage", 10'500));
    EXPECT_FALSE(told.admit("garbage", 11'000));
    EXPECT_EQ(told.nextSummaryAt(), 20'000);
    EXPECT_EQ(told.summaries(20'000),
              std::vector<std::string>{"2 more like \"garbage\" in the last 10 s"});
    // A quiet interval: nothing to say, and the kind starts afresh.
    EXPECT_EQ(told.nextSummaryAt(), std::nullopt);
    EXPECT_TRUE(told.summaries(30'000).empty());
    EXPECT_TRUE(told.admit("garbage", 30'001));
}

TEST(RepeatedWarnings, CountsAreWrittenInThousands) {
    RepeatedWarnings told({1, 10'000});
    for (int i = 0; i <= 12'345; ++i) told.admit("bad frame", 0);
    EXPECT_EQ(told.summaries(10'000),
              std::vector<std::string>{"12,345 more like \"bad frame\" in the last 10 s"});
}

// A device's own words in the lines could make endless kinds; they stay few.
TEST(RepeatedWarnings, EndlessKindsShareOneCountPastALimit) {
    RepeatedWarnings told({1, 10'000});
    int logged = 0;
    for (int i = 0; i < 1000; ++i)
        logged += told.admit(
            "trademark " + std::string(1, char('a' + i % 26)) + std::string(1, char('a' + i / 26)),
            0);
    EXPECT_LE(logged, 33);
    EXPECT_LE(told.summaries(10'000).size(), 33u);
}

}  // namespace
}  // namespace arbiter
