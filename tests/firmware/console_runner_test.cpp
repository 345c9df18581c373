#include "firmware-bridge/vboard/console_runner.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "firmware-bridge/vboard/board_notation.h"

namespace {

namespace fw = arbiter::firmware;
namespace vb = arbiter::vboard;
namespace dgt = arbiter::dgt;

using Bytes = std::vector<uint8_t>;
constexpr uint32_t kScanMs = 10;

int sq(const char* name) {
    return *vb::parseSquare(name);
}

// The whole virtual board without a pseudo-terminal: console lines in, DGT
// bytes out, on a clock the test moves.
class ConsoleRunner : public ::testing::Test {
  protected:
    ConsoleRunner() {
        hardware_.sensors() = vb::startPosition();
        firmware_.start();
    }

    static fw::FirmwareConfig config() {
        fw::FirmwareConfig config;
        config.scanPeriodMs = kScanMs;
        config.debounceScans = 2;
        return config;
    }

    void host(std::initializer_list<uint8_t> bytes) {
        hardware_.deliverFromHost(Bytes(bytes));
        firmware_.tick();
    }
    void run(const std::string& line) {
        runner_.enqueue(line);
        runner_.run();
    }
    void advance(uint32_t milliseconds) {
        for (uint32_t step = 0; step < milliseconds; ++step) {
            ++now_;
            firmware_.tick();
            runner_.run();
        }
    }
    Bytes takeSent() {
        Bytes taken;
        taken.swap(sent_);
        return taken;
    }

    uint32_t now_ = 0;
    Bytes sent_;
    vb::VirtualHardware hardware_{[this](std::span<const uint8_t> bytes) {
                                      sent_.insert(sent_.end(), bytes.begin(), bytes.end());
                                  },
                                  [this] { return now_; }};
    fw::Firmware firmware_{hardware_, config()};
    vb::PhysicalBoard board_{hardware_.sensors()};
    std::ostringstream out_;
    std::ostringstream err_;
    vb::ConsoleRunner runner_{board_, hardware_, firmware_, out_, err_, /*quiet=*/true};
};

TEST_F(ConsoleRunner, MoveReachesTheHostAsTwoFieldUpdates) {
    host({dgt::kSendUpdateNice});
    run("e2-e4");
    advance(3 * kScanMs);
    EXPECT_EQ(takeSent(), (Bytes{0x8e, 0x00, 0x05, 0x24, 0x01, 0x8e, 0x00, 0x05, 0x34, 0x00}));
}

TEST_F(ConsoleRunner, CaptureChangesTheTargetSquareDirectly) {
    run("setup 4k3/8/8/3p4/4P3/8/8/4K3");
    advance(3 * kScanMs);
    host({dgt::kSendUpdateNice});
    run("e4xd5");
    advance(3 * kScanMs);
    EXPECT_EQ(takeSent(), (Bytes{0x8e, 0x00, 0x05, 27, 0x01, 0x8e, 0x00, 0x05, 36, 0x00}));
}

TEST_F(ConsoleRunner, SlideReportsEverySquareItCrosses) {
    run("remove d2");
    advance(3 * kScanMs);
    host({dgt::kSendUpdateBoard});
    run("slide d1 d4");
    EXPECT_TRUE(runner_.busy());
    advance(10 * kScanMs);
    EXPECT_FALSE(runner_.busy());
    const Bytes expected{
        0x8e, 0x00, 0x05, 51, 0x06, 0x8e, 0x00, 0x05, 59, 0x00,  // d2 queen, d1 empty
        0x8e, 0x00, 0x05, 43, 0x06, 0x8e, 0x00, 0x05, 51, 0x00,  // d3 queen, d2 empty
        0x8e, 0x00, 0x05, 35, 0x06, 0x8e, 0x00, 0x05, 43, 0x00,  // d4 queen, d3 empty
    };
    EXPECT_EQ(takeSent(), expected);
    EXPECT_EQ(hardware_.sensors()[sq("d4")], dgt::kWhiteQueen);
}

TEST_F(ConsoleRunner, SlideHoldsTheCommandsBehindIt) {
    run("remove d2");
    runner_.enqueue("slide d1 d4");
    runner_.enqueue("put a4 n");
    runner_.run();
    EXPECT_EQ(hardware_.sensors()[sq("a4")], dgt::kEmpty);
    advance(10 * kScanMs);
    EXPECT_EQ(hardware_.sensors()[sq("a4")], dgt::kBlackKnight);
}

TEST_F(ConsoleRunner, WaitHoldsTheCommandsBehindIt) {
    runner_.enqueue("wait 100");
    runner_.enqueue("remove a2");
    runner_.run();
    EXPECT_EQ(runner_.millisecondsUntilWaitEnds(), 100u);
    advance(99);
    EXPECT_EQ(hardware_.sensors()[sq("a2")], dgt::kWhitePawn);
    advance(1);
    EXPECT_EQ(hardware_.sensors()[sq("a2")], dgt::kEmpty);
}

TEST_F(ConsoleRunner, BadCommandsPrintOneErrorLineAndChangeNothing) {
    runner_.enqueue("lift e4");
    runner_.enqueue("place e4");
    runner_.enqueue("fly e2", "moves.txt:3");
    runner_.run();
    EXPECT_EQ(err_.str(),
              "vboard: error: lift e4: the square is empty\n"
              "vboard: error: place e4: the hand is empty\n"
              "vboard: error: moves.txt:3: unknown command 'fly' (try help)\n");
    EXPECT_EQ(hardware_.sensors(), vb::startPosition());
    EXPECT_TRUE(out_.str().empty());
}

TEST_F(ConsoleRunner, ShowAndHandPrintOnStdout) {
    run("lift e2");
    run("hand");
    EXPECT_EQ(out_.str(), "hand: P\n");
    run("show");
    EXPECT_NE(out_.str().find("2 P P P P . P P P\n"), std::string::npos);
}

TEST_F(ConsoleRunner, UnpluggedBoardNeitherHearsNorSpeaks) {
    host({dgt::kSendUpdateNice});
    run("unplug");
    host({dgt::kSendBoard});
    run("e2-e4");
    advance(3 * kScanMs);
    EXPECT_TRUE(takeSent().empty());
    run("plug");
    host({dgt::kSendVersion});
    EXPECT_EQ(takeSent(), (Bytes{0x93, 0x00, 0x05, 1, 0}));
}

TEST_F(ConsoleRunner, QuitStopsTheQueue) {
    runner_.enqueue("quit");
    runner_.enqueue("clear");
    runner_.run();
    EXPECT_TRUE(runner_.quitRequested());
    EXPECT_EQ(hardware_.sensors(), vb::startPosition());
}

}  // namespace
