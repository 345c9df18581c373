#include "firmware-bridge/vboard/console_runner.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "drivers/dgt/dgt_commands.h"
#include "drivers/dgt/dgt_parser.h"
#include "drivers/dgt/dgt_segments.h"
#include "firmware-bridge/vboard/board_notation.h"
#include "firmware-bridge/vboard/dgt_capture.h"
#include "firmware-bridge/vboard/dgt_emulation.h"

namespace {

namespace fw = arbiter::firmware;
namespace vb = arbiter::vboard;
namespace dgt = arbiter::dgt;

using Bytes = std::vector<uint8_t>;
constexpr uint32_t kScanMs = 10;

// A named square's index in the sensors' array.
size_t sq(const char* name) {
    return static_cast<size_t>(*vb::parseSquare(name));
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
    vb::DgtEmulation firmware_{hardware_, config()};
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

// A capture's field updates reach the sensors each at its time after the
// command, and hold the commands behind them until the last one.
TEST_F(ConsoleRunner, ReplayPutsEachCapturedUpdateOnTheSensorsAtItsTime) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("vboard-replay-" + std::to_string(::getpid()) + ".dgt");
    std::ofstream(path) << "# e4, then d5 begun\n0 8e 00 05 34 00\n60 8e 00 05 24 01  # e4\n"
                           "150 8e 00 05 0b 00\n";
    runner_.enqueue("replay " + path.string());
    runner_.enqueue("put a4 n");
    runner_.run();
    EXPECT_EQ(hardware_.sensors()[sq("e2")], dgt::kEmpty);
    EXPECT_EQ(hardware_.sensors()[sq("e4")], dgt::kEmpty);
    EXPECT_EQ(runner_.millisecondsUntilWaitEnds(), 60u);
    advance(59);
    EXPECT_EQ(hardware_.sensors()[sq("e4")], dgt::kEmpty);
    advance(1);
    EXPECT_EQ(hardware_.sensors()[sq("e4")], dgt::kWhitePawn);
    EXPECT_EQ(hardware_.sensors()[sq("d7")], dgt::kBlackPawn);
    EXPECT_EQ(hardware_.sensors()[sq("a4")], dgt::kEmpty);
    EXPECT_TRUE(runner_.busy());
    advance(90);
    EXPECT_EQ(hardware_.sensors()[sq("d7")], dgt::kEmpty);
    EXPECT_EQ(hardware_.sensors()[sq("a4")], dgt::kBlackKnight);
    EXPECT_FALSE(runner_.busy());
    EXPECT_EQ(err_.str(), "");
    std::filesystem::remove(path);
}

TEST_F(ConsoleRunner, ABadCaptureIsRefusedWholeNamingItsLineAndChangesNothing) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("vboard-bad-replay-" + std::to_string(::getpid()) + ".dgt");
    std::ofstream(path) << "0 8e 00 05 34 00\n20 8d 00 0a 00 00 00 00 00 00 20\n";
    run("replay " + path.string());
    EXPECT_FALSE(runner_.busy());
    advance(50);
    EXPECT_EQ(hardware_.sensors()[sq("e2")], dgt::kWhitePawn);
    EXPECT_EQ(err_.str(), "vboard: error: replay: " + path.string() +
                              ":2: not a field update (8e 00 05 SQUARE PIECE): only field "
                              "updates are replayed\n");
    std::filesystem::remove(path);
    err_.str("");
    run("replay " + path.string());
    EXPECT_EQ(err_.str(), "vboard: error: replay: " + path.string() + ": cannot open\n");
}

TEST(DgtCapture, EveryMistakeIsNamedWithItsLine) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"x 8e 00 05 34 00", "1: bad time 'x' (milliseconds, 0..86400000)"},
        {"-5 8e 00 05 34 00", "1: bad time '-5' (milliseconds, 0..86400000)"},
        {"99999999999 8e 00 05 34 00", "1: bad time '99999999999' (milliseconds, 0..86400000)"},
        {"10 8e 00 05 34 00\n5 8e 00 05 24 01", "2: time 5 goes back (the line before is later)"},
        {"0 8e 00 05 34 0g", "1: bad byte '0g' (two hex digits)"},
        {"0 8e 00 05 34 100", "1: bad byte '100' (two hex digits)"},
        {"0", "1: a time without a message"},
        {"0 8e 00 05 34",
         "1: not a field update (8e 00 05 SQUARE PIECE): only field updates are "
         "replayed"},
        {"0 8e 00 05 40 00", "1: no square 64"},
        {"0 8e 00 05 00 10", "1: no piece code 16"},
    };
    for (const auto& [text, error] : cases) {
        std::istringstream in(text);
        const vb::ParsedCapture capture = vb::parseDgtCapture(in);
        EXPECT_EQ(capture.error, error) << text;
        EXPECT_TRUE(capture.updates.empty()) << text;
    }
    std::istringstream good(
        "# a comment\n\n  0 8E 00 05 3f 0c # h1 black queen\n0 8e 00 05 00 00\n");
    const vb::ParsedCapture capture = vb::parseDgtCapture(good);
    EXPECT_EQ(capture.error, "");
    ASSERT_EQ(capture.updates.size(), 2u);
    EXPECT_EQ(capture.updates[0].square, 63);
    EXPECT_EQ(capture.updates[0].piece, dgt::kBlackQueen);
    EXPECT_EQ(capture.updates[1].atMs, 0u);
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

namespace clk = dgt::clock;

// The virtual board with a clock plugged in, as arbiter-vboard --clock runs it:
// clock commands in (made by the host's own encoders), BWTIME bytes out, and the
// lines the clock prints.
class ClockedBoard : public ::testing::Test {
  protected:
    explicit ClockedBoard(vb::ClockModel model = vb::ClockModel::Dgt3000)
        : clock_(model, printer()) {
        hardware_.sensors() = vb::startPosition();
        firmware_.start();
    }

    vb::VirtualClock::Printer printer() {
        return [this](const std::string& line) { shown_.push_back(line); };
    }
    void host(const Bytes& bytes) {
        hardware_.deliverFromHost(bytes);
        firmware_.tick();
    }
    void run(const std::string& line) {
        runner_.enqueue(line);
        runner_.run();
        firmware_.tick();
    }
    void advance(uint32_t milliseconds) {
        now_ += milliseconds;
        firmware_.tick();
    }
    Bytes takeSent() {
        Bytes taken;
        taken.swap(sent_);
        return taken;
    }
    std::vector<std::string> takeShown() {
        std::vector<std::string> taken;
        taken.swap(shown_);
        return taken;
    }
    // What the host's parser makes of what the board sent.
    std::vector<dgt::DgtMessage> received() {
        struct Collect : dgt::DgtParser::Sink {
            void message(const dgt::DgtMessage& m) override { messages.push_back(m); }
            void warning(const std::string& what) override { ADD_FAILURE() << what; }
            std::vector<dgt::DgtMessage> messages;
        } collect;
        dgt::DgtParser parser;
        const Bytes bytes = takeSent();
        parser.feed(bytes, collect);
        return collect.messages;
    }
    // The board in UPDATE_NICE mode, its first report of the times taken.
    void listen() {
        host({dgt::kSendUpdateNice});
        takeSent();
    }

    uint32_t now_ = 0;
    Bytes sent_;
    std::vector<std::string> shown_;
    vb::VirtualHardware hardware_{[this](std::span<const uint8_t> bytes) {
                                      sent_.insert(sent_.end(), bytes.begin(), bytes.end());
                                  },
                                  [this] { return now_; }};
    vb::VirtualClock clock_;
    vb::DgtEmulation firmware_{hardware_, ConsoleRunner_config(), &clock_};
    vb::PhysicalBoard board_{hardware_.sensors()};
    std::ostringstream out_;
    std::ostringstream err_;
    vb::ConsoleRunner runner_{board_, hardware_, firmware_, out_, err_, /*quiet=*/true, &clock_};

    static fw::FirmwareConfig ConsoleRunner_config() {
        fw::FirmwareConfig config;
        config.scanPeriodMs = kScanMs;
        return config;
    }
};

class ClockedBoardXl : public ClockedBoard {
  protected:
    ClockedBoardXl() : ClockedBoard(vb::ClockModel::Xl) {}
};

TEST_F(ClockedBoard, PowersUpSetForFiveMinutesEach) {
    host({dgt::kSendClock});
    // Not all zero: that would read as the blank BWTIME some boards send.
    EXPECT_EQ(takeSent(), (Bytes{0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x00, 0x05, 0x00, 0x00}));
}

TEST_F(ClockedBoard, AnswersTheVersionRequestAsADgt3000) {
    listen();
    host(dgt::clockVersion());
    const auto messages = received();
    ASSERT_EQ(messages.size(), 1u);
    const auto& ack = std::get<dgt::ClockAck>(messages[0]);
    EXPECT_TRUE(ack.ok());
    EXPECT_EQ(ack.command(), clk::kVersion);
    EXPECT_EQ(ack.versionMajor(), 2);
}

TEST_F(ClockedBoardXl, AnswersTheVersionRequestAsAnXl) {
    listen();
    host(dgt::clockVersion());
    const auto messages = received();
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(std::get<dgt::ClockAck>(messages[0]).versionMajor(), 1);
}

TEST_F(ClockedBoard, ShowsTextAndAcknowledgesItByteForByte) {
    listen();
    host(dgt::clockText("Nxe5+"));
    EXPECT_EQ(takeShown(), std::vector<std::string>{"clock text \"Nxe5+   \""});
    EXPECT_EQ(takeSent(), (Bytes{0x8d, 0x00, 0x0a, 0x00, 0x10, 0x0c, 0x0a, 0x00, 0x00, 0x00}));
}

TEST_F(ClockedBoard, BackToTheTimesAndBeepsAreSaid) {
    listen();
    host(dgt::clockEndDisplay());
    host(dgt::clockBeep(3));
    EXPECT_EQ(takeShown(), (std::vector<std::string>{"clock times", "clock beep 192 ms"}));
    const auto messages = received();
    ASSERT_EQ(messages.size(), 2u);
    EXPECT_EQ(std::get<dgt::ClockAck>(messages[0]).command(), clk::kEnd);
    EXPECT_EQ(std::get<dgt::ClockAck>(messages[1]).command(), clk::kBeep);
}

TEST_F(ClockedBoardXl, RefusesTextButShowsSegments) {
    listen();
    host(dgt::clockText("illegal"));
    const auto refused = received();
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_FALSE(std::get<dgt::ClockAck>(refused[0]).ok());
    takeShown();
    host(dgt::clockXlDisplay(dgt::segmentsOfText("e2 1-0"), 0x10 | 0x20, true));
    EXPECT_EQ(takeShown(), std::vector<std::string>{"clock display \"1e:2   1 -0\", beep"});
    EXPECT_TRUE(std::get<dgt::ClockAck>(received().at(0)).ok());
}

TEST_F(ClockedBoard, SetAndRunCountsDownTheRunningSide) {
    listen();
    host(dgt::clockSetAndRun({899, 900, clk::kRunLeft}));
    EXPECT_EQ(takeShown(), std::vector<std::string>{"clock 0:14:59 | 0:15:00, left running"});
    takeSent();
    advance(1000);
    // Right 0:15:00, left 0:14:58, running with the left to move.
    EXPECT_EQ(takeSent(), (Bytes{0x8d, 0x00, 0x0a, 0x00, 0x15, 0x00, 0x00, 0x14, 0x58, 0x11}));
}

TEST_F(ClockedBoard, PausedClockKeepsItsTimes) {
    listen();
    host(dgt::clockSetAndRun({60, 70, clk::kRunRight | clk::kPause}));
    EXPECT_EQ(takeShown(),
              std::vector<std::string>{"clock 0:01:00 | 0:01:10, right to move, paused"});
    takeSent();
    advance(5000);
    EXPECT_TRUE(takeSent().empty());  // UPDATE_NICE: nothing changed, nothing said
    host({dgt::kSendClock});
    EXPECT_EQ(takeSent(), (Bytes{0x8d, 0x00, 0x0a, 0x00, 0x01, 0x10, 0x00, 0x01, 0x00, 0x08}));
}

TEST_F(ClockedBoard, AFlagFallsAtZeroAndTheClockStops) {
    listen();
    host(dgt::clockSetAndRun({2, 60, clk::kRunLeft}));
    advance(2500);
    EXPECT_EQ(takeShown().back(), "clock flag fallen on the left");
    host({dgt::kSendClock});
    const auto messages = received();
    const auto& times = std::get<dgt::ClockTimes>(messages.back());
    EXPECT_TRUE(times.left.flagFallen);
    EXPECT_EQ(times.left.totalSeconds(), 0);
    EXPECT_FALSE(times.running);
}

TEST_F(ClockedBoard, PlayersSetTheClockAndTheLeverStartsTheOtherSide) {
    listen();
    run("clock set 5:00 4:30");
    EXPECT_EQ(takeShown(),
              std::vector<std::string>{"clock set 0:05:00 | 0:04:30, waiting for the lever"});
    run("lever");  // the left half is up: the left player presses it
    EXPECT_EQ(takeShown(),
              std::vector<std::string>{
                  "clock lever pressed on the left: 0:05:00 | 0:04:30, right running"});
    advance(1000);
    auto messages = received();
    const auto& times = std::get<dgt::ClockTimes>(messages.back());
    EXPECT_EQ(times.right.totalSeconds(), 4 * 60 + 29);
    EXPECT_TRUE(times.running && times.rightToMove && times.rightLeverHigh);
    run("lever right");
    advance(1000);
    messages = received();
    const auto& after = std::get<dgt::ClockTimes>(messages.back());
    EXPECT_TRUE(after.leftToMove && !after.rightLeverHigh);
    EXPECT_EQ(after.left.totalSeconds(), 4 * 60 + 59);
}

TEST_F(ClockedBoard, ALeverPressUnderTheHostsControlOnlyMovesTheLever) {
    listen();
    host(dgt::clockSetAndRun({60, 60, clk::kRunLeft}));
    run("lever left");
    EXPECT_EQ(takeShown().back(), "clock lever pressed on the left");
    host({dgt::kSendClock});
    EXPECT_TRUE(std::get<dgt::ClockTimes>(received().back()).leftToMove);
}

TEST_F(ClockedBoard, ButtonsReachTheHostAsUnpromptedAcks) {
    listen();
    run("button run");
    const auto messages = received();
    ASSERT_EQ(messages.size(), 1u);
    const auto& ack = std::get<dgt::ClockAck>(messages[0]);
    EXPECT_TRUE(ack.unprompted());
    EXPECT_EQ(ack.button(), clk::kButtonRun);
}

TEST_F(ClockedBoardXl, ButtonsAreNotHeardFromAnXl) {
    listen();
    run("button ok");
    EXPECT_EQ(err_.str(),
              "vboard: error: button: a DGT XL does not report its buttons to the board\n");
    EXPECT_TRUE(takeSent().empty());
}

TEST_F(ClockedBoard, AcksWaitForNoOneOutsideTheUpdateModes) {
    host(dgt::clockText("hello"));
    EXPECT_TRUE(takeSent().empty());
    host({dgt::kSendUpdateNice});
    for (const auto& message : received())
        EXPECT_FALSE(std::holds_alternative<dgt::ClockAck>(message));
}

TEST_F(ClockedBoard, BadClockFramesAreRefusedAndChangeNothing) {
    listen();
    host(dgt::clockSetAndRun({60, 60, clk::kRunLeft | clk::kPause}));
    takeShown();
    takeSent();
    host({0x2b, 0x04, 0x03, 0x0a, 0x05, 0x00});               // set-and-run without its times
    host({0x2b, 0x03, 0x03, 0x7e, 0x00});                     // no such command
    host({0x2b, 0x0a, 0x03, 0x0a, 0, 99, 0, 0, 1, 0, 1, 0});  // 99 minutes
    host({0x2b, 0x03, 0x05, 0x09, 0x07});                     // not framed 03 ... 00
    const auto messages = received();
    ASSERT_EQ(messages.size(), 3u);
    for (const auto& message : messages) EXPECT_FALSE(std::get<dgt::ClockAck>(message).ok());
    EXPECT_EQ(takeShown().size(), 4u);
    EXPECT_EQ(clock_.describe(now_), "0:01:00 | 0:01:00, left to move, paused");
}

TEST_F(ConsoleRunner, ClockCommandsWithoutAClockAreRefused) {
    run("lever");
    run("button run");
    run("clock");
    EXPECT_EQ(err_.str(),
              "vboard: error: no clock attached (start arbiter-vboard with --clock xl or --clock "
              "3000)\n"
              "vboard: error: no clock attached (start arbiter-vboard with --clock xl or --clock "
              "3000)\n"
              "vboard: error: no clock attached (start arbiter-vboard with --clock xl or --clock "
              "3000)\n");
    EXPECT_TRUE(takeSent().empty());
}

}  // namespace
