// What arbiterd sends the DGT clock on a board, byte for byte: a DgtBoard over a
// socket plays the board with a clock, and a session plays the game.
#include "daemon/clock_face.h"

#include <gtest/gtest.h>

#include "daemon/session.h"
#include "drivers/dgt/dgt_board.h"
#include "drivers/dgt/dgt_segments.h"
#include "tests/drivers/parser_recorder.h"
#include "tests/drivers/socket_transport.h"

namespace arbiter {
namespace {

using dgt::Bytes;
namespace clk = dgt::clock;

const Bytes kClockTimes = {0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x00, 0x05, 0x00, 0x00};

class QuietListener : public BoardListener {
  public:
    void boardDump(const BoardSquares&) override {}
    void squareChanged(int, Appearance) override {}
    void protocolWarning(const std::string&) override {}
};

class ClockFaceTest : public ::testing::Test {
  protected:
    void start(int clockMajor, ClockFaceSettings settings = {}) {
        face = std::make_unique<ClockFace>(
            loop, settings, [this] { return std::vector<dgt::DgtBoard*>{&board}; },
            [this] { return session.get(); });
        out.add(*face);
        ASSERT_TRUE(board.start());
        boardSends(kClockTimes);
        boardSends(dgt::test::ackBytes(clk::kAckOk, clk::kVersion, uint8_t(clockMajor << 4), 0));
        transport.boardReceived();  // the start's requests and the version request
        game = makeGame("fide");
        SessionSettings s;
        s.time = *TimeControl::parse("5+3");
        std::string error;
        session = Session::begin(*game, s, out, time, error);
        ASSERT_TRUE(session) << error;
        settle();
        startCommands = clockCommands();
    }
    void boardSends(const Bytes& bytes) {
        transport.boardSends(bytes);
        ASSERT_TRUE(board.onReadable(time.now()));
    }
    // The clock acknowledges the command in flight (`id`).
    void clockAcks(uint8_t id) { boardSends(dgt::test::ackBytes(clk::kAckOk, id, 0, 0)); }
    void settle() { loop.runOnce(0); }
    void move(const char* uci) {
        auto a = session->current().decode(uci);
        ASSERT_TRUE(a) << uci;
        ASSERT_TRUE(session->commit(*a));
        settle();
    }
    void pass(Millis ms) {
        time.advance(ms);
        loop.runOnce(0);
    }
    // What the board received, each clock command acknowledged as it went out.
    std::vector<Bytes> clockCommands() {
        std::vector<Bytes> commands;
        for (Bytes got = transport.boardReceived(); !got.empty(); got = transport.boardReceived()) {
            commands.push_back(got);
            clockAcks(got.size() > 3 ? got[3] : 0);
        }
        return commands;
    }

    ManualTimeSource time;
    EventLoop loop{time};
    test::SocketTransport transport;
    QuietListener listener;
    dgt::DgtBoard board{transport, listener};
    Announcer out;
    std::unique_ptr<ClockFace> face;
    std::unique_ptr<Game> game;
    std::unique_ptr<Session> session;
    std::vector<Bytes> startCommands;  // what the clock was sent as the game began
};

TEST_F(ClockFaceTest, AtTheStartBothTimesStandStill) {
    start(2);
    const std::vector<Bytes> standingStill{
        {0x2b, 0x0a, 0x03, 0x0a, 0, 5, 0, 0, 5, 0, clk::kPause, 0x00}, dgt::clockEndDisplay()};
    EXPECT_EQ(startCommands, standingStill);
    face->clockAttached();  // a clock plugged in later is told the same
    settle();
    EXPECT_EQ(clockCommands(), standingStill);
}

TEST_F(ClockFaceTest, AfterAMoveTheOpponentsTimeRunsAndTheMoveShowsBriefly) {
    start(2);
    time.advance(4000);
    move("e2e4");
    // White (left) 5:00 + 3 s increment, Black (right) running from 5:00.
    EXPECT_EQ(clockCommands(),
              (std::vector<Bytes>{
                  {0x2b, 0x0a, 0x03, 0x0a, 0, 5, 3, 0, 5, 0, clk::kRunRight, 0x00},
                  {0x2b, 0x0c, 0x03, 0x0c, 'e', '4', ' ', ' ', ' ', ' ', ' ', ' ', 0x00, 0x00}}));
    pass(1999);
    EXPECT_TRUE(clockCommands().empty());
    pass(1);
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockEndDisplay()});
}

TEST_F(ClockFaceTest, ACheckIsSaidAfterTheMove) {
    start(2);
    move("e2e4");
    move("d7d5");
    clockCommands();
    pass(2000);
    clockCommands();
    move("f1b5");
    // White: 5:00, +3, +3, less the 2 s spent on the second move.
    EXPECT_EQ(clockCommands(), (std::vector<Bytes>{dgt::clockSetAndRun({304, 303, clk::kRunRight}),
                                                   dgt::clockText("Bb5+")}));
    pass(2000);
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockText("check")});
    pass(2000);
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockEndDisplay()});
}

TEST_F(ClockFaceTest, IllegalStaysUntilTheBoardIsPutRight) {
    start(2);
    session->announceIllegal({CellFix{}}, {});
    settle();
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockText("illegal")});
    pass(10'000);
    EXPECT_TRUE(clockCommands().empty());
    session->announceFixed();
    settle();
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockEndDisplay()});
}

TEST_F(ClockFaceTest, TheResultStaysWithTheTimesStopped) {
    start(2);
    move("e2e4");
    clockCommands();
    pass(10'000);
    clockCommands();
    ASSERT_EQ(session->resign(1), "");
    settle();
    // Black resigned on their own time: 4:50 left, nothing runs any more.
    EXPECT_EQ(clockCommands(), (std::vector<Bytes>{dgt::clockSetAndRun({303, 290, clk::kPause}),
                                                   dgt::clockText("1-0")}));
}

TEST_F(ClockFaceTest, APauseStopsTheClockWithTheTurnKept) {
    start(2);
    move("e2e4");
    clockCommands();
    pass(1000);
    ASSERT_EQ(session->pauseClocks(), "");
    settle();
    EXPECT_EQ(clockCommands()[0], dgt::clockSetAndRun({303, 299, clk::kRunRight | clk::kPause}));
}

TEST_F(ClockFaceTest, WhiteOnTheRightHalfSwapsTheTimes) {
    ClockFaceSettings settings;
    settings.white = ClockHalf::Right;
    start(2, settings);
    move("e2e4");
    EXPECT_EQ(clockCommands()[0], dgt::clockSetAndRun({300, 303, clk::kRunLeft}));
}

TEST_F(ClockFaceTest, AnXlShowsTheMoveOnItsDigits) {
    start(1);
    move("g1f3");
    const auto commands = clockCommands();
    ASSERT_EQ(commands.size(), 2u);
    EXPECT_EQ(commands[1], dgt::clockXlDisplay(dgt::segmentsOfText("Nf3"), 0, false));
}

TEST_F(ClockFaceTest, ABoardWithoutAClockIsSentNothing) {
    face = std::make_unique<ClockFace>(
        loop, ClockFaceSettings{}, [this] { return std::vector<dgt::DgtBoard*>{&board}; },
        [this] { return session.get(); });
    out.add(*face);
    ASSERT_TRUE(board.start());
    transport.boardReceived();
    game = makeGame("fide");
    SessionSettings s;
    std::string error;
    session = Session::begin(*game, s, out, time, error);
    auto a = session->current().decode("e2e4");
    ASSERT_TRUE(session->commit(*a));
    settle();
    EXPECT_TRUE(transport.boardReceived().empty());
}

}  // namespace
}  // namespace arbiter
