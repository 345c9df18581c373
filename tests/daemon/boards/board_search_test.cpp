// Probing ports for a board (device = auto): every port at once, each
// protocol given its window, the first board that says who it is taken, and
// no port probed that another board or another arbiterd holds.
#include "daemon/boards/board_search.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include "tests/daemon/temp_directory.h"
#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

// A protocol as simple as a protocol can be: the driver sends '?', and a
// board answers 'I' ("it is I"); any other byte is garbage.
class AskingDriver final : public BoardDriver {
  public:
    AskingDriver(Transport& transport, BoardListener& listener)
        : transport_(transport), listener_(listener) {}
    bool start() override {
        const uint8_t ask = '?';
        return transport_.write(&ask, 1);
    }
    bool onReadable(int64_t) override {
        uint8_t bytes[64];
        const long n = transport_.read(bytes, sizeof bytes);
        for (long i = 0; i < n; ++i) {
            if (bytes[i] == 'I')
                listener_.identified({"asking", "7", "1.0", "Asking board"});
            else
                listener_.protocolWarning("garbage");
        }
        return n >= 0;
    }
    bool requestBoard() override { return true; }
    bool hasLeds() const override { return false; }
    bool showLeds(const std::bitset<64>&) override { return false; }
    ClockPort* clock() override { return nullptr; }

  private:
    Transport& transport_;
    BoardListener& listener_;
};

const BoardProtocol kAsking = {
    .name = "asking",
    .description = "asking board",
    .makeDriver = [](Transport& t, BoardListener& l) -> std::unique_ptr<BoardDriver> {
        return std::make_unique<AskingDriver>(t, l);
    },
    .mayBe = [](const SerialPortInfo&) { return false; },
};

constexpr Millis kWindow = 100;

class BoardSearchTest : public ::testing::Test {
  protected:
    ProbeCandidate candidate(const std::string& path) { return {path, "", {&kAsking, &kAsking}}; }

    // Runs the loop, the clock moving on a few ms a round, until the search is over.
    void runUntilOver() {
        for (int round = 0; round < 1000 && !over; ++round) {
            loop.runOnce(1);
            time.advance(5);
        }
        ASSERT_TRUE(over);
    }

    BoardSearch::Done collect() {
        return [this](std::vector<PortVerdict> all) {
            verdicts = std::move(all);
            over = true;
        };
    }

    ManualTimeSource time;
    EventLoop loop{time};
    std::vector<PortVerdict> verdicts;
    bool over = false;
};

TEST_F(BoardSearchTest, TheBoardThatSaysWhoItIsIsFoundAndTheSilentPortLetGo) {
    test::PtyPair silent;
    test::PtyPair board;
    ASSERT_TRUE(silent.ok() && board.ok());
    BoardSearch search(loop, {candidate(silent.slavePath()), candidate(board.slavePath())},
                       BoardSearch::Until::FirstBoard, kWindow, collect());
    search.start();
    ASSERT_EQ(board.receive(1), std::vector<uint8_t>{'?'});
    ASSERT_TRUE(board.send({'I'}));
    runUntilOver();
    ASSERT_FALSE(verdicts.empty());
    EXPECT_EQ(verdicts[0].kind, PortVerdict::Kind::Found);
    EXPECT_EQ(verdicts[0].candidate.path, board.slavePath());
    EXPECT_EQ(verdicts[0].protocol, &kAsking);
    EXPECT_EQ(verdicts[0].identity.trademark, "Asking board");
    // The board's port stays locked for what reads it now; the other is free.
    auto lock = search.takeLock();
    const std::string boardLock = boardLockPath(board.slavePath());
    if (!boardLock.empty() && lock) {
        EXPECT_EQ(lockHolder(boardLock), ::getpid());
        EXPECT_EQ(lockHolder(boardLockPath(silent.slavePath())), -1);
    }
}

TEST_F(BoardSearchTest, EveryPortHasItsSayAndGarbageIsToldFromSilence) {
    test::PtyPair silent;
    test::PtyPair babbling;
    ASSERT_TRUE(silent.ok() && babbling.ok());
    BoardSearch search(loop,
                       {candidate(silent.slavePath()), candidate(babbling.slavePath()),
                        candidate("/nonexistent/ttyACM9")},
                       BoardSearch::Until::EveryPort, kWindow, collect());
    search.start();
    ASSERT_EQ(babbling.receive(1), std::vector<uint8_t>{'?'});
    ASSERT_TRUE(babbling.send({'x', 'y', 'z'}));
    runUntilOver();
    ASSERT_EQ(verdicts.size(), 3u);
    EXPECT_EQ(verdicts[0].kind, PortVerdict::Kind::Silent);
    EXPECT_EQ(verdicts[1].kind, PortVerdict::Kind::Garbled);
    EXPECT_EQ(verdicts[2].kind, PortVerdict::Kind::Unopenable);
    EXPECT_NE(verdicts[2].detail.find("/nonexistent/ttyACM9"), std::string::npos)
        << verdicts[2].detail;
    // Both protocols were tried on the silent port, each with its own ask.
    EXPECT_EQ(silent.receive(2, 100), (std::vector<uint8_t>{'?', '?'}));
}

// Another board of this arbiterd (or another arbiterd) reads the port: it
// is left alone, not written to.
TEST_F(BoardSearchTest, APortSomeoneReadsIsNotProbed) {
    test::PtyPair held;
    ASSERT_TRUE(held.ok());
    const std::string lockPath = boardLockPath(held.slavePath());
    pid_t holder = -1;
    std::string why;
    auto lock = InstanceLock::take(lockPath, holder, why);
    if (!lock) GTEST_SKIP() << "no device locks here: " << why;
    BoardSearch search(loop, {candidate(held.slavePath())}, BoardSearch::Until::FirstBoard, kWindow,
                       collect());
    search.start();
    runUntilOver();
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_EQ(verdicts[0].kind, PortVerdict::Kind::Ours);
    EXPECT_EQ(verdicts[0].detail, "read by another board of this arbiterd");
    EXPECT_TRUE(held.receive(1, 50).empty());
}

TEST_F(BoardSearchTest, NothingToProbeIsOverAtOnce) {
    BoardSearch search(loop, {}, BoardSearch::Until::FirstBoard, kWindow, collect());
    search.start();
    runUntilOver();
    EXPECT_TRUE(verdicts.empty());
}

}  // namespace
}  // namespace arbiter
