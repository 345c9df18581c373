// What arbiterd sends the DGT clock on a board, byte for byte: a DgtBoard over a
// socket plays the board with a clock, and a session plays the game.
#include "daemon/clock/clock_face.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "daemon/session/session.h"
#include "daemon/table/playing_table.h"
#include "drivers/dgt/dgt_board.h"
#include "drivers/dgt/dgt_segments.h"
#include "tests/daemon/recording_sink.h"
#include "tests/daemon/surface_fixture.h"
#include "tests/daemon/temp_directory.h"
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
    void start(int clockMajor, ClockFaceSettings settings = {}, const char* control = "5+3") {
        face = std::make_unique<ClockFace>(
            loop, settings, [this] { return std::vector<ClockPort*>{&board}; },
            [this]() -> std::optional<ClockedGame> {
                if (!session) return std::nullopt;
                return session->clocked();
            });
        out.add(*face);
        ASSERT_TRUE(board.start());
        boardSends(kClockTimes);
        boardSends(dgt::test::ackBytes(clk::kAckOk, clk::kVersion, uint8_t(clockMajor << 4), 0));
        transport.boardReceived();  // the start's requests and the version request
        game = makeGame("fide");
        SessionSettings s;
        s.time = *TimeControl::parse(control);
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

// The machine's choice is for the hands to make: it stays on the clock until
// the move is made, which then shows briefly as any move does.
TEST_F(ClockFaceTest, TheMachinesMoveStaysUntilItIsMade) {
    start(2);
    move("e2e4");
    settle();
    pass(10'000);
    clockCommands();
    out.announce({AnnouncementType::Machine,
                  "Black (machine): e5; make it on the board.",
                  {{"clock", "e5"}, {"seat", 1}}});
    settle();
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockText("e5")});
    pass(10'000);
    EXPECT_TRUE(clockCommands().empty());
    move("e7e5");
    EXPECT_FALSE(clockCommands().empty());
    // Made: the move shows its while, and then nothing stays.
    pass(2000);
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

TEST_F(ClockFaceTest, AClockThatKeepsTheTimeIsNeverSetButStillShowsTheMove) {
    start(2, {}, "dgt");
    EXPECT_EQ(startCommands, std::vector<Bytes>{dgt::clockEndDisplay()});
    move("e2e4");
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockText("e4")});
    pass(2000);
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockEndDisplay()});
    ASSERT_EQ(session->pauseClocks(), "");
    settle();
    EXPECT_EQ(clockCommands(), std::vector<Bytes>{dgt::clockEndDisplay()});
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
        loop, ClockFaceSettings{}, [this] { return std::vector<ClockPort*>{&board}; },
        [this]() -> std::optional<ClockedGame> {
            if (!session) return std::nullopt;
            return session->clocked();
        });
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

// ---- the DGT clock keeps the time (--time dgt) ----

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
constexpr const char* kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";

ClockDisplay clockShowing(int leftSeconds, int rightSeconds, bool running) {
    ClockDisplay shown;
    shown.leftSeconds = leftSeconds;
    shown.rightSeconds = rightSeconds;
    shown.running = running;
    return shown;
}

// A table of FIDE chess whose time the players' DGT clock keeps, on one board
// whose device is never opened: what the board and its clock say is passed to
// the table by hand, as BoardLink passes it on.
class DgtClockTable : public ::testing::Test {
  protected:
    void SetUp() override { open(); }
    void open(ClockHalf white = ClockHalf::Left, const std::string& control = "dgt") {
        TableSettings settings;
        BoardSetting board;
        board.name = board.placement.name = "main";
        board.device = {"dgt", scratch.path() + "/no-board-here"};
        board.rotationGiven = true;
        settings.boards.push_back(board);
        settings.session.time = *TimeControl::parse(control);
        settings.session.journalDir = scratch.path() + "/games";
        settings.settleMs = 100;
        settings.clockFace.white = white;
        std::string error;
        table = openTable(loop, settings, said, error);
        ASSERT_TRUE(table) << error;
    }
    void show(const std::string& fen) {
        table->boardDump(0, testing::squaresFromFen(fen));
        time.advance(150);
        loop.runOnce(0);
    }
    void clockShows(const ClockDisplay& shown) {
        table->clockDisplay(0, shown);
        loop.runOnce(0);
    }
    // The last announcement of `type`; an empty one when there is none.
    Announcement last(AnnouncementType type) const {
        for (auto a = said.said.rbegin(); a != said.said.rend(); ++a)
            if (a->type == type) return *a;
        return {};
    }
    // The journal's last line of `type`.
    nlohmann::json journalled(const std::string& type) const {
        std::ifstream in(table->session()->journalPath());
        nlohmann::json found;
        for (std::string line; std::getline(in, line);) {
            auto event = nlohmann::json::parse(line);
            if (event.value("type", "") == type) found = event;
        }
        return found;
    }

    testing::TempDirectory scratch{"arbiter-dgt-clock"};
    ManualTimeSource time;
    EventLoop loop{time};
    testing::RecordingSink said;
    std::unique_ptr<PlayingTable> table;
};

TEST_F(DgtClockTable, UntilTheClockReportsTheTableSaysItWaitsForIt) {
    show(kStart);
    ASSERT_TRUE(table->session());
    EXPECT_NE(last(AnnouncementType::Start).text.find("the DGT clock keeps the time"),
              std::string::npos);
    EXPECT_NE(last(AnnouncementType::Clock).text.find("Waiting for the DGT clock"),
              std::string::npos);
    const nlohmann::json status = table->status();
    EXPECT_NE(status["awaited"].get<std::string>().find("the DGT clock"), std::string::npos);
    EXPECT_FALSE(status["session"]["clockKnown"]);
    EXPECT_EQ(status["session"]["clockText"], (nlohmann::json{"?", "?"}));
    show(kAfterE4);
    EXPECT_NE(last(AnnouncementType::Move).text.find("No times yet: waiting for the DGT clock"),
              std::string::npos);
}

TEST_F(DgtClockTable, TheClocksTimesAreTheGamesInAnnouncementsStatusAndJournal) {
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    EXPECT_EQ(last(AnnouncementType::Clock).text,
              "The DGT clock on board main keeps the time: White 4:59, Black 5:00.");
    time.advance(60'000);  // arbiterd's own clock would have run down meanwhile
    show(kAfterE4);
    const Announcement move = last(AnnouncementType::Move);
    EXPECT_EQ(move.data["clock"], (nlohmann::json{299'000, 300'000}));
    EXPECT_NE(move.text.find("White 4:59, Black 5:00"), std::string::npos);
    EXPECT_EQ(journalled("move")["clock"], (nlohmann::json{299'000, 300'000}));
    clockShows(clockShowing(297, 295, true));
    const nlohmann::json status = table->status()["session"];
    EXPECT_EQ(status["clock"], (nlohmann::json{297'000, 295'000}));
    EXPECT_EQ(status["clockText"], (nlohmann::json{"4:57", "4:55"}));
    EXPECT_TRUE(status["clockRunning"]);
    EXPECT_TRUE(status["clockKnown"]);
    clockShows(clockShowing(297, 295, false));  // the players stopped their clock
    EXPECT_FALSE(table->status()["session"]["clockRunning"]);
    // The clock's times are never overwritten: the face sends it nothing to set.
    EXPECT_EQ(table->session()->clock().remaining(1, time.now()), 295'000);
}

TEST_F(DgtClockTable, WhiteOnTheRightHalfTakesTheRightTimes) {
    table.reset();
    open(ClockHalf::Right);
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    show(kAfterE4);
    EXPECT_EQ(last(AnnouncementType::Move).data["clock"], (nlohmann::json{300'000, 299'000}));
}

TEST_F(DgtClockTable, TheFallenFlagOfThePlayerToMoveEndsTheGame) {
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    show(kAfterE4);
    ClockDisplay whiteFlag = clockShowing(0, 120, true);
    whiteFlag.leftFlagFallen = true;  // White is not to move: not theirs to lose now
    clockShows(whiteFlag);
    EXPECT_FALSE(table->session()->over());
    ClockDisplay blackFlag = clockShowing(299, 0, false);
    blackFlag.rightFlagFallen = true;
    clockShows(blackFlag);
    ASSERT_TRUE(table->session()->over());
    EXPECT_EQ(last(AnnouncementType::Flag).text, "Black's flag has fallen.");
    const Announcement result = last(AnnouncementType::Result);
    EXPECT_EQ(result.data["winners"], nlohmann::json{0});
    EXPECT_EQ(journalled("result")["clock"], (nlohmann::json{299'000, 0}));
}

TEST_F(DgtClockTable, ZeroOnTheRunningClockOfThePlayerToMoveIsAFallenFlag) {
    show(kStart);
    clockShows(clockShowing(1, 300, true));
    // Looked at before the loop runs again: the boards still show the start,
    // on which the next game then begins (and is not lost on this flag).
    table->clockDisplay(0, clockShowing(0, 300, true));
    ASSERT_TRUE(table->session()->over());
    EXPECT_EQ(last(AnnouncementType::Result).data["winners"], nlohmann::json{1});
    loop.runOnce(0);
    ASSERT_FALSE(table->session()->over());
    EXPECT_EQ(table->session()->ply(), 0);
}

TEST_F(DgtClockTable, AFlagLeftFromTheGameBeforeDoesNotCount) {
    ClockDisplay stale = clockShowing(0, 30, false);
    stale.leftFlagFallen = true;
    clockShows(stale);  // before the game: the clock still shows the last one's end
    show(kStart);
    ASSERT_TRUE(table->session());
    EXPECT_FALSE(table->session()->over());
    clockShows(clockShowing(300, 300, false));  // the players set their clock again
    clockShows(clockShowing(299, 300, true));
    EXPECT_FALSE(table->session()->over());
}

TEST_F(DgtClockTable, TheRunButtonPausesAndResumesTheGame) {
    show(kStart);
    table->clockButton(0, ClockButton::Run);  // no move yet: nothing to pause
    EXPECT_NE(last(AnnouncementType::Button).text.find("no clock is running yet"),
              std::string::npos);
    clockShows(clockShowing(299, 300, true));
    show(kAfterE4);
    table->clockButton(0, ClockButton::Run);
    EXPECT_EQ(said.types().back(), AnnouncementType::Pause);
    EXPECT_TRUE(table->session()->clock().paused());
    EXPECT_EQ(journalled("pause")["clock"], (nlohmann::json{299'000, 300'000}));
    ClockDisplay blackFlag = clockShowing(299, 0, false);
    blackFlag.rightFlagFallen = true;
    clockShows(blackFlag);  // paused by the arbiter: the flag does not count
    EXPECT_FALSE(table->session()->over());
    table->clockButton(0, ClockButton::Run);
    EXPECT_EQ(said.types().back(), AnnouncementType::ResumeClocks);
    EXPECT_FALSE(table->session()->clock().paused());
    table->clockButton(0, ClockButton::Plus);  // not used
    EXPECT_EQ(said.types().back(), AnnouncementType::ResumeClocks);
}

TEST_F(DgtClockTable, TheRunButtonPausesArbiterdsOwnClockToo) {
    table.reset();
    open(ClockHalf::Left, "5+3");
    show(kStart);
    show(kAfterE4);
    time.advance(2000);
    table->clockButton(0, ClockButton::Run);
    EXPECT_EQ(last(AnnouncementType::Pause).text, "Clocks paused. White 5:03, Black 4:58");
    time.advance(60'000);
    table->clockButton(0, ClockButton::Run);
    EXPECT_EQ(last(AnnouncementType::ResumeClocks).text,
              "Clocks running again. White 5:03, Black 4:58");
}

TEST_F(DgtClockTable, AClockGoneLeavesTheLastTimesUntilOneReportsAgain) {
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    show(kAfterE4);
    clockShows(clockShowing(299, 280, true));
    table->clockDetached(0);
    EXPECT_EQ(last(AnnouncementType::Clock).text,
              "The DGT clock on board main is gone: the game keeps its last times (White 4:59, "
              "Black 4:40) until a clock reports again.");
    EXPECT_NE(table->status()["awaited"].get<std::string>().find("the DGT clock to come back"),
              std::string::npos);
    time.advance(30'000);
    EXPECT_EQ(table->session()->clock().remaining(1, time.now()), 280'000);
    clockShows(clockShowing(299, 250, true));
    EXPECT_EQ(last(AnnouncementType::Clock).text,
              "The DGT clock on board main keeps the time: White 4:59, Black 4:10.");
}

// A clock plugged in and out at 1 kHz once gave two announcements (and log
// lines) each time: a few of each an interval are said; what stands is in
// the table's status.
TEST_F(DgtClockTable, AClockPluggedInAndOutAtAnyRateIsSaidAFewTimes) {
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    auto clockSaid = [&] {
        return std::count_if(said.said.begin(), said.said.end(), [](const Announcement& a) {
            return a.type == AnnouncementType::Clock;
        });
    };
    const auto before = clockSaid();
    for (int plug = 0; plug < 1000; ++plug) {
        time.advance(1);
        table->clockDetached(0);
        clockShows(clockShowing(299, 300, true));
    }
    EXPECT_LE(clockSaid() - before, 10);
    table->clockDetached(0);
    EXPECT_NE(table->status()["awaited"].get<std::string>().find("the DGT clock to come back"),
              std::string::npos);
    // After a quiet while it is said again: the interval of the flood ends
    // with its count in the log, and a quiet one after it.
    for (int second = 0; second < 20; ++second) {
        time.advance(1000);
        loop.runOnce(0);
    }
    const auto quiet = clockSaid();
    clockShows(clockShowing(299, 300, true));
    EXPECT_EQ(clockSaid(), quiet + 1);
    EXPECT_NE(last(AnnouncementType::Clock).text.find("keeps the time"), std::string::npos);
}

TEST_F(DgtClockTable, AfterARestartTheJournalledTimesStandUntilTheClockReports) {
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    show(kAfterE4);
    table.reset();
    open();
    ASSERT_TRUE(table->session());
    EXPECT_EQ(table->session()->clock().remainingAll(time.now()),
              (std::vector<Millis>{299'000, 300'000}));
    EXPECT_TRUE(table->status()["session"]["clockKnown"]);
    EXPECT_NE(last(AnnouncementType::Resume).text.find("White 4:59, Black 5:00"),
              std::string::npos);
    clockShows(clockShowing(299, 250, true));
    EXPECT_EQ(table->session()->clock().remaining(1, time.now()), 250'000);
}

// Bytes from the board go through the driver to the table, as in arbiterd.
class ClockToTable : public BoardListener {
  public:
    explicit ClockToTable(PlayingTable& table) : table_(table) {}
    void boardDump(const BoardSquares&) override {}
    void squareChanged(int, Appearance) override {}
    void clockDisplay(const ClockDisplay& shown) override { table_.clockDisplay(0, shown); }
    void protocolWarning(const std::string&) override {}

  private:
    PlayingTable& table_;
};

TEST_F(DgtClockTable, BwtimeBytesThatMakeNoSenseChangeNothing) {
    show(kStart);
    clockShows(clockShowing(299, 300, true));
    show(kAfterE4);
    test::SocketTransport transport;
    ClockToTable toTable(*table);
    dgt::DgtBoard board(transport, toTable);
    ASSERT_TRUE(board.start());
    const size_t before = said.said.size();
    for (const Bytes& bad : std::vector<Bytes>{
             {0x8d, 0x00, 0x0a, 0x10, 0x5a, 0x00, 0x00, 0x04, 0x59, 0x01},  // minutes 5a
             {0x8d, 0x00, 0x0a, 0x1f, 0x00, 0x00, 0x00, 0x04, 0x59, 0x01},  // hours 15
             {0x8d, 0x00, 0x0a, 0x10, 0x00, 0x00, 0x00, 0x04, 0x59, 0x21},  // no clock
             {0x8d, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},  // blank
         }) {
        transport.boardSends(bad);
        ASSERT_TRUE(board.onReadable(time.now()));
    }
    EXPECT_FALSE(table->session()->over());
    EXPECT_EQ(table->session()->clock().remainingAll(time.now()),
              (std::vector<Millis>{299'000, 300'000}));
    EXPECT_EQ(said.said.size(), before);
    // A good one is taken: the bytes do reach the table.
    transport.boardSends({0x8d, 0x00, 0x0a, 0x00, 0x04, 0x30, 0x00, 0x04, 0x59, 0x01});
    ASSERT_TRUE(board.onReadable(time.now()));
    EXPECT_EQ(table->session()->clock().remaining(1, time.now()), 270'000);
}

TEST_F(DgtClockTable, AFlagDownAndRunningSinceTheGameBeforeLosesNoNewGame) {
    // The clock's last BWTIME before the game: White's flag down at 0:00, the
    // clock running with White to move, as a clock left alone after a game.
    test::SocketTransport transport;
    ClockToTable toTable(*table);
    dgt::DgtBoard board(transport, toTable);
    ASSERT_TRUE(board.start());
    transport.boardSends({0x8d, 0x00, 0x0a, 0x00, 0x04, 0x30, 0x50, 0x00, 0x00, 0x11});
    ASSERT_TRUE(board.onReadable(time.now()));
    show(kStart);
    ASSERT_TRUE(table->session());
    EXPECT_FALSE(table->session()->over());
    // The same report again changes nothing: no game after game lost on it.
    transport.boardSends({0x8d, 0x00, 0x0a, 0x00, 0x04, 0x30, 0x50, 0x00, 0x00, 0x11});
    ASSERT_TRUE(board.onReadable(time.now()));
    for (int i = 0; i < 10; ++i) {
        time.advance(500);
        loop.runOnce(0);
    }
    EXPECT_FALSE(table->session()->over());
    const std::vector<AnnouncementType> types = said.types();
    EXPECT_EQ(std::count(types.begin(), types.end(), AnnouncementType::Start), 1);
    EXPECT_EQ(std::count(types.begin(), types.end(), AnnouncementType::Flag), 0);
    // Once the players have set it for this game, White's flag counts again.
    transport.boardSends({0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x00, 0x00, 0x01, 0x11});
    ASSERT_TRUE(board.onReadable(time.now()));
    EXPECT_FALSE(table->session()->over());
    transport.boardSends({0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x50, 0x00, 0x00, 0x11});
    ASSERT_TRUE(board.onReadable(time.now()));
    ASSERT_TRUE(table->session()->over());
    EXPECT_EQ(last(AnnouncementType::Flag).text, "White's flag has fallen.");
}

}  // namespace
}  // namespace arbiter
