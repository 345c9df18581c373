// Boards on one bus (several DGT boards on one serial line): the port is
// opened once for all of them and polled by one poller; each board's moves
// reach the table as that board's; a board that falls silent is that board's
// trouble alone, and the loss of the port is everyone's. The test plays the
// boards on the master end of a pseudo-terminal.

#include "daemon/boards/bus_ports.h"

#include <gtest/gtest.h>

#include <map>

#include "daemon/boards/board_link.h"
#include "drivers/dgt_bus/dgt_bus_commands.h"
#include "tests/daemon/captured_log.h"
#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

using namespace arbiter::dgt_bus;
using testing::CapturedLog;

size_t countContaining(const std::vector<std::string>& lines, const std::string& part) {
    size_t count = 0;
    for (const std::string& line : lines) count += line.find(part) != std::string::npos;
    return count;
}

class BoardsSeen : public BoardEvents {
  public:
    void boardConnected(int board, const std::string&) override { ++connected[board]; }
    void boardDump(int board, const BoardSquares&) override { ++dumps[board]; }
    void squareChanged(int board, int square, Appearance) override {
        changes.push_back({board, square});
    }
    void boardLost(int board, const std::string& why) override { lost[board].push_back(why); }
    std::map<int, int> connected;
    std::map<int, int> dumps;
    std::vector<std::pair<int, int>> changes;  // board, square
    std::map<int, std::vector<std::string>> lost;
};

// The boards on the line: each present one answers what it is asked.
class PlayedBus {
  public:
    explicit PlayedBus(test::PtyPair& pty) : pty_(pty) {}
    void present(int address) { changes_[address]; }
    void absent(int address) { changes_.erase(address); }
    void moves(int address, Bytes records) { changes_[address] = std::move(records); }
    // Answers whatever the host has asked by now.
    void answer() {
        for (;;) {
            const Bytes command = pty_.receive(kCommandLength, 5);
            if (command.size() < kCommandLength) return;
            ++asked;
            const int address = (command[1] << 7) | command[2];
            auto board = changes_.find(address);
            if (board == changes_.end()) continue;
            switch (command[0]) {
                case kSendChanges:
                    pty_.send(busReply(kChanges, address, board->second));
                    board->second.clear();
                    break;
                case kSendVersion:
                    pty_.send(busReply(kVersion, address, Bytes{1, 3}));
                    break;
                case kSendBoard:
                    pty_.send(busReply(kBoardDump, address, Bytes(64, 0)));
                    break;
                default:
                    break;
            }
        }
    }
    int asked = 0;

  private:
    test::PtyPair& pty_;
    std::map<int, Bytes> changes_;
};

class BusPortsTest : public ::testing::Test {
  protected:
    BusPortsTest() {
        left = std::make_unique<BoardLink>(loop, 0, device(7), events, &buses);
        right = std::make_unique<BoardLink>(loop, 1, device(1025), events, &buses);
    }
    DeviceSpec device(int address) { return DeviceSpec{"dgt-bus", pty.slavePath(), "", address}; }
    // `ms` of play, in steps of 50 ms.
    void play(int ms) {
        for (int t = 0; t < ms; t += 50) {
            bus.answer();
            time.advance(50);
            loop.runOnce(5);
        }
    }

    test::PtyPair pty;
    PlayedBus bus{pty};
    CapturedLog log;
    ManualTimeSource time;
    EventLoop loop{time};
    BoardsSeen events;
    BusPorts buses{loop};
    std::unique_ptr<BoardLink> left;
    std::unique_ptr<BoardLink> right;
};

TEST_F(BusPortsTest, TwoBoardsOnOnePortEachReportTheirOwnMoves) {
    ASSERT_TRUE(pty.ok());
    bus.present(7);
    bus.present(1025);
    left->connect();
    right->connect();
    // Both connected: one port, opened once (a second open would be refused
    // by the first's lock).
    EXPECT_EQ(events.connected, (std::map<int, int>{{0, 1}, {1, 1}}));
    play(1000);
    EXPECT_EQ(events.dumps, (std::map<int, int>{{0, 1}, {1, 1}}));
    bus.moves(1025, Bytes{0x40, 52, 0x41, 36});
    play(500);
    bus.moves(7, Bytes{0x47, 12});
    play(500);
    EXPECT_EQ(events.changes, (std::vector<std::pair<int, int>>{{1, 52}, {1, 36}, {0, 12}}));
    EXPECT_TRUE(left->connected() && right->connected());
}

TEST_F(BusPortsTest, ASilentBoardIsWaitedForAloneWhileTheOtherPlaysOn) {
    ASSERT_TRUE(pty.ok());
    bus.present(7);
    bus.present(1025);
    left->connect();
    right->connect();
    play(1000);
    bus.absent(1025);
    play(8000);
    EXPECT_EQ(events.lost, (std::map<int, std::vector<std::string>>{{1, {"it does not answer"}}}));
    EXPECT_TRUE(left->connected());
    EXPECT_FALSE(right->connected());
    bus.moves(7, Bytes{0x47, 12});
    play(500);
    EXPECT_EQ(events.changes, (std::vector<std::pair<int, int>>{{0, 12}}));
    // It comes back and is read afresh.
    bus.present(1025);
    play(1000);
    EXPECT_TRUE(right->connected());
    EXPECT_EQ(events.connected[1], 2);
    EXPECT_GE(events.dumps[1], 2);
}

TEST_F(BusPortsTest, TheLossOfThePortIsEveryBoardsAndBothComeBackWithIt) {
    ASSERT_TRUE(pty.ok());
    bus.present(7);
    bus.present(1025);
    left->connect();
    right->connect();
    play(500);
    pty.closeMaster();
    play(200);
    EXPECT_EQ(events.lost.size(), 2u);
    EXPECT_EQ(events.lost[0], (std::vector<std::string>{"the device went away"}));
    EXPECT_EQ(events.lost[1], (std::vector<std::string>{"the device went away"}));
    EXPECT_FALSE(left->connected() || right->connected());
}

TEST_F(BusPortsTest, TheLastBoardToLeaveClosesThePort) {
    ASSERT_TRUE(pty.ok());
    bus.present(7);
    left->connect();
    right->connect();
    play(200);
    left.reset();
    EXPECT_EQ(countContaining(log.lines(), "port closed"), 0u);
    right.reset();
    EXPECT_EQ(countContaining(log.lines(), "no board left on it; port closed"), 1u);
    bus.answer();  // what was asked before
    const int asked = bus.asked;
    play(500);
    EXPECT_EQ(bus.asked, asked);
}

}  // namespace
}  // namespace arbiter
