// The DGT board driver, talking to a test that plays the board: over a socketpair
// for the protocol logic, and over a real pseudo-terminal for the device path.

#include "drivers/dgt/dgt_board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>

#include "drivers/transport/termios_transport.h"
#include "tests/drivers/fake_listener.h"
#include "tests/drivers/parser_recorder.h"
#include "tests/drivers/pty_pair.h"
#include "tests/drivers/socket_transport.h"

namespace arbiter::dgt {
namespace {

using arbiter::test::FakeListener;
using arbiter::test::PtyPair;
using arbiter::test::SocketTransport;
using test::ackBytes;
using test::startPositionDump;

const Bytes kStartBytes = {0x40, 0x45, 0x55, 0x4d, 0x47, 0x42, 0x4b};
const Bytes kClockTimes = {0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x00, 0x04, 0x59, 0x09};
const Bytes kVersionRequest = {0x2b, 0x03, 0x03, 0x09, 0x00};

Bytes trademark(const std::string& text) {
    int length = int(text.size()) + kHeaderLength;
    Bytes bytes;
    bytes.reserve(size_t(length));
    bytes.push_back(kTrademark);
    bytes.push_back(lengthHigh(length));
    bytes.push_back(lengthLow(length));
    for (char c : text) bytes.push_back(uint8_t(c));
    return bytes;
}

constexpr Appearance piece(SetColour c, Figure f) {
    return SetPiece{c, f};
}

class DgtBoardTest : public ::testing::Test {
  protected:
    DgtBoardTest() : board(transport, listener) {}

    void boardSends(const Bytes& bytes, int64_t now = 0) {
        transport.boardSends(bytes);
        ASSERT_TRUE(board.onReadable(now));
    }
    // Starts the board and answers the clock's version request with `major`.
    void startWithClock(int major) {
        ASSERT_TRUE(board.start());
        boardSends(kClockTimes);
        Bytes expected = kStartBytes;
        expected.insert(expected.end(), kVersionRequest.begin(), kVersionRequest.end());
        ASSERT_EQ(transport.boardReceived(), expected);
        boardSends(ackBytes(0x10, 0x09, uint8_t(major << 4), 0));
    }

    SocketTransport transport;
    FakeListener listener;
    DgtBoard board;
};

TEST_F(DgtBoardTest, StartResetsAsksWhoItIsAsksTheBoardThenAsksForUpdates) {
    ASSERT_TRUE(board.start());
    EXPECT_EQ(transport.boardReceived(), kStartBytes);
}

TEST_F(DgtBoardTest, DumpReachesTheListenerAsAppearances) {
    boardSends(startPositionDump());
    auto dumps = listener.all<FakeListener::Dump>();
    ASSERT_EQ(dumps.size(), 1u);
    const BoardSquares& s = dumps[0].squares;
    EXPECT_EQ(s[0], piece(SetColour::Black, Figure::Rook));   // a8
    EXPECT_EQ(s[3], piece(SetColour::Black, Figure::Queen));  // d8
    EXPECT_EQ(s[4], piece(SetColour::Black, Figure::King));   // e8
    EXPECT_EQ(s[36], Appearance{});                           // e4
    EXPECT_EQ(s[52], piece(SetColour::White, Figure::Pawn));  // e2
    EXPECT_EQ(s[60], piece(SetColour::White, Figure::King));  // e1
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(DgtBoardTest, FieldUpdatesReachTheListenerInOrder) {
    boardSends({0x8e, 0x00, 0x05, 0x34, 0x00, 0x8e, 0x00, 0x05, 0x24, 0x01});
    auto changes = listener.all<FakeListener::Change>();
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].square, 52);
    EXPECT_EQ(changes[0].now, Appearance{});
    EXPECT_EQ(changes[1].square, 36);
    EXPECT_EQ(changes[1].now, piece(SetColour::White, Figure::Pawn));
}

TEST_F(DgtBoardTest, MessageSplitAcrossReadsStillArrives) {
    boardSends({0x8e, 0x00});
    EXPECT_TRUE(listener.calls.empty());
    boardSends({0x05, 0x24, 0x01});
    EXPECT_EQ(listener.all<FakeListener::Change>().size(), 1u);
}

TEST_F(DgtBoardTest, IdentityIsReportedOnceJustBeforeTheFirstDump) {
    ASSERT_TRUE(board.start());
    boardSends({0x91, 0x00, 0x08, '0', '4', '2', '1', '7'});
    boardSends({0xa2, 0x00, 0x0d, '1', '2', '3', '4', '5', '6', '7', '8', '9', '0'});
    boardSends({0x93, 0x00, 0x05, 0x01, 0x04});
    boardSends(trademark("Digital Game Technology\r\nCopyright (c) DGT"));
    EXPECT_TRUE(listener.calls.empty());
    boardSends(startPositionDump());
    ASSERT_EQ(listener.calls.size(), 2u);
    const auto* identity = std::get_if<BoardIdentity>(&listener.calls[0]);
    ASSERT_NE(identity, nullptr);
    EXPECT_EQ(identity->protocol, "dgt");
    EXPECT_EQ(identity->serial, "1234567890");  // the long one wins
    EXPECT_EQ(identity->version, "1.4");
    EXPECT_EQ(identity->trademark, "Digital Game Technology Copyright (c) DGT");
    EXPECT_TRUE(std::holds_alternative<FakeListener::Dump>(listener.calls[1]));
    boardSends(startPositionDump());
    EXPECT_EQ(listener.all<BoardIdentity>().size(), 1u);
}

TEST_F(DgtBoardTest, BoardWithoutLongSerialIsIdentifiedByItsShortOne) {
    boardSends({0x91, 0x00, 0x08, '0', '4', '2', '1', '7'});
    boardSends(startPositionDump());
    ASSERT_EQ(listener.all<BoardIdentity>().size(), 1u);
    EXPECT_EQ(listener.all<BoardIdentity>()[0].serial, "04217");
}

TEST_F(DgtBoardTest, ResultPieceIsEmptyWithAWarning) {
    Bytes dump = startPositionDump();
    dump[3 + 20] = 0x0e;
    boardSends(dump);
    boardSends({0x8e, 0x00, 0x05, 0x1c, 0x0d});
    ASSERT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Dump>()[0].squares[20], Appearance{});
    auto changes = listener.all<FakeListener::Change>();
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].square, 28);
    EXPECT_EQ(changes[0].now, Appearance{});
    auto warnings = listener.warnings();
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_NE(warnings[0].find("result pieces on squares 20"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[1].find("result piece 0x0d on square 28"), std::string::npos) << warnings[1];
}

TEST_F(DgtBoardTest, GarbageIsAWarningAndNothingElse) {
    boardSends({0x01, 0x02, 0xee, 0x03});
    EXPECT_EQ(listener.warnings().size(), 1u);
    EXPECT_EQ(listener.calls.size(), 1u);
}

TEST_F(DgtBoardTest, RequestBoardAsksForADump) {
    ASSERT_TRUE(board.requestBoard());
    EXPECT_EQ(transport.boardReceived(), (Bytes{0x42}));
}

TEST_F(DgtBoardTest, EndOfFileMeansTheDeviceIsGone) {
    transport.closeBoardEnd();
    EXPECT_FALSE(board.onReadable(0));
    EXPECT_TRUE(board.gone());
    EXPECT_FALSE(board.requestBoard());
}

TEST_F(DgtBoardTest, BytesBeforeEndOfFileAreStillDelivered) {
    transport.boardSends({0x8e, 0x00, 0x05, 0x24, 0x01});
    transport.closeBoardEnd();
    EXPECT_FALSE(board.onReadable(0));
    EXPECT_EQ(listener.all<FakeListener::Change>().size(), 1u);
}

TEST_F(DgtBoardTest, FailedWriteMeansTheDeviceIsGone) {
    transport.failWrites = true;
    EXPECT_FALSE(board.start());
    EXPECT_TRUE(board.gone());
    EXPECT_FALSE(board.onReadable(0));
}

TEST_F(DgtBoardTest, NothingToReadIsNotAnError) {
    EXPECT_TRUE(board.onReadable(0));
}

// ---- clock ----

TEST_F(DgtBoardTest, ClockTimesReachTheListener) {
    boardSends(kClockTimes);
    auto displays = listener.all<ClockDisplay>();
    ASSERT_EQ(displays.size(), 1u);
    EXPECT_EQ(displays[0].rightSeconds, 5 * 60);
    EXPECT_EQ(displays[0].leftSeconds, 4 * 60 + 59);
    EXPECT_TRUE(displays[0].running);
    EXPECT_TRUE(displays[0].rightToMove);
    EXPECT_FALSE(displays[0].leftToMove);
    EXPECT_TRUE(board.clockSeen());
}

TEST_F(DgtBoardTest, FallenFlagsAndTheLeverReachTheListener) {
    // Right 0:00:00 with its flag fallen (hours byte 0x10), left 1:04:59 with the
    // period flag only shown (0x40, not a fall); the right lever half up, stopped.
    boardSends({0x8d, 0x00, 0x0a, 0x10, 0x00, 0x00, 0x41, 0x04, 0x59, 0x02});
    auto displays = listener.all<ClockDisplay>();
    ASSERT_EQ(displays.size(), 1u);
    ClockDisplay expected;
    expected.leftSeconds = 3600 + 4 * 60 + 59;
    expected.rightSeconds = 0;
    expected.rightFlagFallen = true;
    expected.rightLeverHigh = true;
    EXPECT_EQ(displays[0], expected);
    boardSends({0x8d, 0x00, 0x0a, 0x00, 0x00, 0x01, 0x10, 0x00, 0x00, 0x10});
    displays = listener.all<ClockDisplay>();
    ASSERT_EQ(displays.size(), 2u);
    EXPECT_TRUE(displays[1].leftFlagFallen);
    EXPECT_FALSE(displays[1].rightFlagFallen);
    EXPECT_FALSE(displays[1].rightLeverHigh);
    EXPECT_TRUE(displays[1].leftToMove);
}

TEST_F(DgtBoardTest, TheLeverGoingTheOtherWayIsAPress) {
    const Bytes rightHigh = {0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x00, 0x05, 0x00, 0x02};
    const Bytes rightLow = {0x8d, 0x00, 0x0a, 0x00, 0x05, 0x00, 0x00, 0x04, 0x59, 0x00};
    boardSends(rightHigh);  // where it stands: no press
    boardSends(rightHigh);
    EXPECT_TRUE(listener.all<FakeListener::Lever>().empty());
    boardSends(rightLow);
    boardSends(rightLow);
    boardSends(rightHigh);
    auto presses = listener.all<FakeListener::Lever>();
    ASSERT_EQ(presses.size(), 2u);
    EXPECT_FALSE(presses[0].rightHigh);
    EXPECT_TRUE(presses[1].rightHigh);
}

TEST_F(DgtBoardTest, EachButtonReachesTheListener) {
    startWithClock(2);
    for (uint8_t code : {clock::kButtonBack, clock::kButtonPlus, clock::kButtonRun,
                         clock::kButtonMinus, clock::kButtonOk})
        boardSends(ackBytes(0x10, clock::kAckButton, 0x05, code));
    EXPECT_EQ(listener.all<ClockButton>(),
              (std::vector<ClockButton>{ClockButton::Back, ClockButton::Plus, ClockButton::Run,
                                        ClockButton::Minus, ClockButton::Ok}));
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(DgtBoardTest, AnUnknownButtonIsAWarningAndNothingElse) {
    startWithClock(2);
    boardSends(ackBytes(0x10, clock::kAckButton, 0x05, 0x39));
    EXPECT_TRUE(listener.all<ClockButton>().empty());
    auto warnings = listener.warnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("unknown button 0x39"), std::string::npos);
}

TEST_F(DgtBoardTest, AClockUnpluggedIsSaidOnce) {
    const Bytes noClock = {0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20};
    boardSends(noClock);  // never there: nothing to say
    EXPECT_TRUE(listener.all<FakeListener::ClockUnplugged>().empty());
    boardSends(kClockTimes);
    boardSends(noClock);
    boardSends(noClock);
    EXPECT_EQ(listener.all<FakeListener::ClockUnplugged>().size(), 1u);
    EXPECT_FALSE(board.clockSeen());
}

TEST_F(DgtBoardTest, TimesThatAreNotBcdReachNoListener) {
    boardSends({0x8d, 0x00, 0x0a, 0x00, 0x5a, 0x00, 0x00, 0x04, 0x59, 0x01});
    EXPECT_TRUE(listener.all<ClockDisplay>().empty());
    EXPECT_FALSE(board.clockSeen());
    EXPECT_EQ(listener.warnings().size(), 1u);
}

TEST_F(DgtBoardTest, FirstSightOfAClockAsksItsVersion) {
    boardSends(kClockTimes);
    EXPECT_EQ(transport.boardReceived(), kVersionRequest);
    boardSends(kClockTimes);
    EXPECT_TRUE(transport.boardReceived().empty());
    boardSends(ackBytes(0x10, 0x09, 0x21, 0x00));
    EXPECT_EQ(board.clockVersionMajor(), 2);
}

TEST_F(DgtBoardTest, ClockFirstSeenThroughAStaleAckStillGetsItsVersionAsked) {
    boardSends(ackBytes(0x10, clock::kDisplay, 0, 0));  // answer to a command before our time
    EXPECT_TRUE(board.clockSeen());
    EXPECT_EQ(transport.boardReceived(), kVersionRequest);
    EXPECT_TRUE(board.clockDeadline().has_value());  // still waiting for the version
    boardSends(ackBytes(0x10, 0x09, 0x21, 0x00));
    EXPECT_EQ(board.clockVersionMajor(), 2);
    EXPECT_FALSE(board.clockDeadline().has_value());
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(DgtBoardTest, NoClockNoText) {
    EXPECT_FALSE(board.showClockText("hello", 0));
    EXPECT_FALSE(board.showClockTime(0));
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(DgtBoardTest, ClockMarkedAbsentIsNotShownText) {
    boardSends({0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20});
    EXPECT_FALSE(board.clockSeen());
    EXPECT_TRUE(listener.all<ClockDisplay>().empty());
    EXPECT_FALSE(board.showClockText("hello", 0));
}

TEST_F(DgtBoardTest, BlankClockTimesAreIgnored) {
    boardSends({0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0});
    EXPECT_FALSE(board.clockSeen());
    EXPECT_TRUE(listener.calls.empty());
}

TEST_F(DgtBoardTest, Dgt3000ShowsText) {
    startWithClock(2);
    ASSERT_TRUE(board.showClockText("e2-e4", 100));
    EXPECT_EQ(transport.boardReceived(), clockText("e2-e4"));
}

TEST_F(DgtBoardTest, XlShowsNoText) {
    startWithClock(1);
    EXPECT_FALSE(board.showClockText("e2-e4", 100));
    EXPECT_TRUE(transport.boardReceived().empty());
    EXPECT_TRUE(board.showClockTime(100));
    EXPECT_EQ(transport.boardReceived(), clockEndDisplay());
}

TEST_F(DgtBoardTest, TextWaitingBehindTheVersionRequestIsDroppedIfTheClockIsAnXl) {
    boardSends(kClockTimes);
    ASSERT_EQ(transport.boardReceived(), kVersionRequest);
    ASSERT_TRUE(board.showClockText("queued", 10));  // version still unknown
    EXPECT_TRUE(transport.boardReceived().empty());
    boardSends(ackBytes(0x10, 0x09, 0x14, 0x00));  // 1.4: an XL
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(DgtBoardTest, OneClockCommandInFlightUntilItsAck) {
    startWithClock(2);
    ASSERT_TRUE(board.showClockText("one", 0));
    ASSERT_TRUE(board.showClockText("two", 10));
    ASSERT_TRUE(board.showClockText("three", 20));  // replaces "two", still waiting
    EXPECT_EQ(transport.boardReceived(), clockText("one"));
    boardSends(ackBytes(0x10, clock::kAsciiText, 0, 0), 500);
    EXPECT_EQ(transport.boardReceived(), clockText("three"));
    boardSends(ackBytes(0x10, clock::kAsciiText, 0, 0), 900);
    EXPECT_TRUE(transport.boardReceived().empty());
    EXPECT_FALSE(board.clockDeadline().has_value());
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(DgtBoardTest, ButtonsDoNotCountAsAnAck) {
    startWithClock(2);
    ASSERT_TRUE(board.showClockText("one", 0));
    ASSERT_TRUE(board.showClockText("two", 0));
    transport.boardReceived();
    boardSends(ackBytes(0x10, clock::kAckButton, 0x05, clock::kButtonOk), 100);
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(DgtBoardTest, MissingAckTimesOutAndTheNextCommandGoes) {
    startWithClock(2);
    ASSERT_TRUE(board.showClockText("one", 1000));
    ASSERT_TRUE(board.showClockText("two", 1100));
    EXPECT_EQ(transport.boardReceived(), clockText("one"));
    EXPECT_EQ(board.clockDeadline(), 1000 + DgtBoard::kClockAckTimeoutMs);
    ASSERT_TRUE(board.tick(1000 + DgtBoard::kClockAckTimeoutMs - 1));
    EXPECT_TRUE(transport.boardReceived().empty());
    ASSERT_TRUE(board.tick(1000 + DgtBoard::kClockAckTimeoutMs));
    EXPECT_EQ(transport.boardReceived(), clockText("two"));
    auto warnings = listener.warnings();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("did not acknowledge command 0x0c"), std::string::npos);
}

TEST_F(DgtBoardTest, ErrorAckIsAWarningAndTheQueueMovesOn) {
    startWithClock(2);
    ASSERT_TRUE(board.showClockText("one", 0));
    ASSERT_TRUE(board.showClockTime(0));
    transport.boardReceived();
    boardSends(ackBytes(clock::kAckError, clock::kAsciiText, 0, 0), 100);
    EXPECT_EQ(transport.boardReceived(), clockEndDisplay());
    ASSERT_EQ(listener.warnings().size(), 1u);
    EXPECT_NE(listener.warnings()[0].find("refused"), std::string::npos);
}

TEST_F(DgtBoardTest, ClockThatDisappearsTakesItsQueueWithIt) {
    startWithClock(2);
    ASSERT_TRUE(board.showClockText("one", 0));
    ASSERT_TRUE(board.showClockText("two", 0));
    transport.boardReceived();
    boardSends({0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20});
    EXPECT_FALSE(board.clockSeen());
    EXPECT_FALSE(board.clockDeadline().has_value());
    EXPECT_FALSE(board.showClockText("three", 0));
}

// ---- LEDs ----

TEST(DgtBoardLeds, OnlyModelsWithLedsAreNamed) {
    EXPECT_TRUE(trademarkMeansLeds("DGT Revelation II"));
    EXPECT_TRUE(trademarkMeansLeds("REVELATION 2 firmware 3.1"));
    EXPECT_TRUE(trademarkMeansLeds("DGT RevII"));
    EXPECT_TRUE(trademarkMeansLeds("DGT Pegasus\r\nsoftware version 1.0"));
    EXPECT_TRUE(trademarkMeansLeds("arbiter firmware-bridge: do-it-yourself sensor board"));
    EXPECT_FALSE(trademarkMeansLeds("Digital Game Technology\r\nCopyright (c) 2010 DGT"));
    EXPECT_FALSE(trademarkMeansLeds(""));
    EXPECT_FALSE(trademarkMeansLeds("Revelation"));  // which one? not enough
}

TEST_F(DgtBoardTest, LedsStayOffForABoardThatDidNotNameItsLeds) {
    boardSends(trademark("Digital Game Technology"));
    EXPECT_FALSE(board.hasLeds());
    EXPECT_FALSE(board.setLeds(true, 12, 28));
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(DgtBoardTest, LedsForABoardThatNamedItsLeds) {
    boardSends(trademark("DGT Revelation II"));
    EXPECT_TRUE(board.hasLeds());
    ASSERT_TRUE(board.setLeds(true, 12, 28));
    EXPECT_EQ(transport.boardReceived(), (Bytes{0x60, 0x04, 0x01, 12, 28, 0x00}));
    EXPECT_FALSE(board.setLeds(false, 0, 64));
    EXPECT_FALSE(board.setLeds(false, -1, 3));
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(DgtBoardTest, ConfigurationOverridesTheLedRule) {
    board.overrideLedCapability(true);
    EXPECT_TRUE(board.setLeds(false, 0, 63));
    boardSends(trademark("DGT Revelation II"));
    board.overrideLedCapability(false);
    EXPECT_FALSE(board.setLeds(true, 0, 63));
}

// ---- whatever the read sizes ----

// Plays a board whose bytes reach the driver in reads of any size, wherever
// they fall in a message, as a USB serial adapter or a pty may hand them over:
// either everything in one read, or reads of seeded random sizes from 1 to
// `most` bytes, with now and then nothing to read, so that a message also
// straddles wake-ups.
class PiecemealTransport : public Transport {
  public:
    static PiecemealTransport allAtOnce(Bytes sent) { return {std::move(sent), 0, 0}; }
    static PiecemealTransport randomReads(Bytes sent, size_t most, uint32_t seed) {
        return {std::move(sent), most, seed};
    }

    int fd() const override { return -1; }
    long read(uint8_t* buffer, size_t size) override {
        size_t n = std::min(size, sent_.size() - at_);
        if (most_ > 0) {
            if (random_() % 4 == 0) return 0;
            n = std::min<size_t>(n, 1 + random_() % most_);
        }
        std::copy_n(sent_.begin() + long(at_), n, buffer);
        at_ += n;
        if (n > 0) ++readsWithBytes_;
        return long(n);
    }
    bool write(const uint8_t*, size_t) override { return true; }
    std::string describe() const override { return "piecemeal"; }

    bool drained() const { return at_ == sent_.size(); }
    int readsWithBytes() const { return readsWithBytes_; }

  private:
    PiecemealTransport(Bytes sent, size_t most, uint32_t seed)
        : sent_(std::move(sent)), most_(most), random_(seed) {}

    Bytes sent_;
    size_t most_;  // 0: everything the driver asks for
    std::mt19937 random_;
    size_t at_ = 0;
    int readsWithBytes_ = 0;
};

// What a listener hears from a board reading `transport` until it is drained,
// woken as often as it takes.
FakeListener heard(PiecemealTransport& transport) {
    FakeListener listener;
    DgtBoard board(transport, listener);
    bool up = true;
    while (up && !transport.drained()) up = board.onReadable(0);
    EXPECT_TRUE(up);
    return listener;
}

Bytes concat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& part : parts) out.insert(out.end(), part.begin(), part.end());
    return out;
}

TEST(DgtBoard, ReadsTheSameEventsWhateverTheReadSizes) {
    // Messages of every kind the board reports, and what the parser must
    // resynchronise after: a stray byte, a header and a message cut short by
    // the next, an unknown id, a length out of range, a result piece.
    const Bytes sent = concat({{0x05, 0x86},
                               {0x91, 0x00, 0x08, '0', '4', '2', '1', '7'},
                               {0x93, 0x00, 0x05, 0x01, 0x04},
                               trademark("DGT"),
                               startPositionDump(),
                               {0x8e, 0x00, 0x05, 0x34, 0x00},
                               {0x8e, 0x00},
                               {0x8e, 0x00, 0x05, 0x24, 0x01},
                               {0xee, 0x01, 0x02},
                               kClockTimes,
                               {0x8e, 0x00, 0x07, 0x1c, 0x0d},
                               ackBytes(0x10, 0x09, 0x21, 0x00),
                               {0x8e, 0x00, 0x05, 0x1c, 0x0d}});
    PiecemealTransport whole = PiecemealTransport::allAtOnce(sent);
    const FakeListener expected = heard(whole);
    ASSERT_EQ(whole.readsWithBytes(), 1) << "the stream no longer fits in one read";
    EXPECT_EQ(expected.all<BoardIdentity>().size(), 1u);
    EXPECT_EQ(expected.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(expected.all<FakeListener::Change>().size(), 3u);
    EXPECT_EQ(expected.all<ClockDisplay>().size(), 1u);
    EXPECT_EQ(expected.warnings().size(), 6u);
    for (size_t most : {1u, 2u, 3u, 7u, 64u}) {
        for (uint32_t seed = 1; seed <= 40; ++seed) {
            PiecemealTransport piecemeal = PiecemealTransport::randomReads(sent, most, seed);
            ASSERT_EQ(heard(piecemeal).calls, expected.calls)
                << "reads of 1 to " << most << " bytes, seed " << seed;
        }
    }
}

// ---- over a real pseudo-terminal ----

class DgtBoardOverPty : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(pty.ok());
        std::string error;
        transport = TermiosTransport::open(pty.slavePath(), error);
        ASSERT_TRUE(transport) << error;
        board = std::make_unique<DgtBoard>(*transport, listener);
    }

    // Lets the driver read until `done` or a second has passed, as the event loop would.
    template <typename Done>
    bool pump(Done done) {
        for (int i = 0; i < 100 && !done(); ++i) {
            arbiter::test::waitReadable(transport->fd(), 10);
            if (!board->onReadable(0)) return false;
        }
        return true;
    }

    PtyPair pty;
    std::unique_ptr<TermiosTransport> transport;
    FakeListener listener;
    std::unique_ptr<DgtBoard> board;
};

TEST_F(DgtBoardOverPty, StartDumpAndMove) {
    ASSERT_TRUE(board->start());
    EXPECT_EQ(pty.receive(kStartBytes.size()), kStartBytes);
    Bytes session = startPositionDump();
    session.insert(session.end(), {0x8e, 0x00, 0x05, 0x34, 0x00, 0x8e, 0x00, 0x05, 0x24, 0x01});
    ASSERT_TRUE(pty.send(session));
    ASSERT_TRUE(pump([&] { return listener.all<FakeListener::Change>().size() == 2; }));
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    auto changes = listener.all<FakeListener::Change>();
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[1].square, 36);
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(DgtBoardOverPty, HangUpMeansTheDeviceIsGone) {
    ASSERT_TRUE(board->start());
    pty.closeMaster();
    ASSERT_TRUE(arbiter::test::waitReadable(transport->fd(), 1000));
    EXPECT_FALSE(board->onReadable(0));
}

}  // namespace
}  // namespace arbiter::dgt
