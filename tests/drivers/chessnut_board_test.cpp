// The Chessnut board driver, talking to a test that plays the board: over a
// socketpair for the protocol logic, over a real pseudo-terminal through the
// termios transport (the virtual board's path), and over a socket that keeps
// message boundaries as hidraw does (the hidraw transport's path).

#include "drivers/chessnut/chessnut_board.h"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <algorithm>

#include "drivers/board_protocols.h"
#include "drivers/chessnut/chessnut_pieces.h"
#include "drivers/transport/hidraw_transport.h"
#include "drivers/transport/open_transport.h"
#include "tests/drivers/fake_listener.h"
#include "tests/drivers/pty_pair.h"
#include "tests/drivers/socket_transport.h"

namespace arbiter::chessnut {
namespace {

using arbiter::test::FakeListener;
using arbiter::test::PtyPair;
using arbiter::test::SocketTransport;

constexpr Appearance piece(SetColour c, Figure f) {
    return SetPiece{c, f};
}

std::array<uint8_t, 64> startCodes() {
    std::array<uint8_t, 64> codes{};
    for (int s = 0; s < 64; ++s) {
        static constexpr std::array<Figure, 8> kBack = {
            Figure::Rook, Figure::Knight, Figure::Bishop, Figure::Queen,
            Figure::King, Figure::Bishop, Figure::Knight, Figure::Rook};
        Appearance a;
        if (s < 8) a = SetPiece{SetColour::Black, kBack[size_t(s)]};
        if (s >= 8 && s < 16) a = SetPiece{SetColour::Black, Figure::Pawn};
        if (s >= 48 && s < 56) a = SetPiece{SetColour::White, Figure::Pawn};
        if (s >= 56) a = SetPiece{SetColour::White, kBack[size_t(s - 56)]};
        codes[size_t(s)] = pieceCode(a);
    }
    return codes;
}

// e2 (52) to e4 (36).
std::array<uint8_t, 64> afterE4() {
    auto codes = startCodes();
    codes[36] = codes[52];
    codes[52] = kEmpty;
    return codes;
}

class ChessnutBoardTest : public ::testing::Test {
  protected:
    ChessnutBoardTest() : board(transport, listener) {}

    void boardSends(const Bytes& bytes, int64_t now = 0) {
        transport.boardSends(bytes);
        ASSERT_TRUE(board.onReadable(now));
    }

    SocketTransport transport;
    FakeListener listener;
    ChessnutBoard board;
};

TEST_F(ChessnutBoardTest, StartAsksForRealTimeReports) {
    ASSERT_TRUE(board.start());
    EXPECT_EQ(transport.boardReceived(), realTimeModeCommand());
}

TEST_F(ChessnutBoardTest, TheFirstPositionIsADumpAfterTheIdentity) {
    ASSERT_TRUE(board.start());
    boardSends(positionReport(startCodes()));
    ASSERT_EQ(listener.calls.size(), 2u);
    const auto& who = std::get<BoardIdentity>(listener.calls[0]);
    EXPECT_EQ(who.protocol, "chessnut");
    EXPECT_EQ(who.trademark, "Chessnut");
    const auto& dump = std::get<FakeListener::Dump>(listener.calls[1]);
    EXPECT_EQ(dump.squares[0], piece(SetColour::Black, Figure::Rook));    // a8
    EXPECT_EQ(dump.squares[4], piece(SetColour::Black, Figure::King));    // e8
    EXPECT_EQ(dump.squares[59], piece(SetColour::White, Figure::Queen));  // d1
    EXPECT_EQ(dump.squares[36], std::nullopt);                            // e4
}

TEST_F(ChessnutBoardTest, LaterPositionsAreTheChangesLeavingBeforeArriving) {
    ASSERT_TRUE(board.start());
    boardSends(positionReport(startCodes()));
    listener.calls.clear();
    boardSends(positionReport(afterE4()));
    ASSERT_EQ(listener.calls.size(), 2u);
    EXPECT_EQ(std::get<FakeListener::Change>(listener.calls[0]),
              (FakeListener::Change{52, std::nullopt}));
    EXPECT_EQ(std::get<FakeListener::Change>(listener.calls[1]),
              (FakeListener::Change{36, piece(SetColour::White, Figure::Pawn)}));
}

TEST_F(ChessnutBoardTest, APieceReplacedWithinOneScanIsLiftedThenPlaced) {
    ASSERT_TRUE(board.start());
    auto before = startCodes();
    boardSends(positionReport(before));
    listener.calls.clear();
    auto after = before;
    after[1] = after[57];  // the white knight b1 takes on b8
    after[57] = kEmpty;
    boardSends(positionReport(after));
    ASSERT_EQ(listener.calls.size(), 3u);
    EXPECT_EQ(std::get<FakeListener::Change>(listener.calls[0]),
              (FakeListener::Change{1, std::nullopt}));
    EXPECT_EQ(std::get<FakeListener::Change>(listener.calls[1]),
              (FakeListener::Change{57, std::nullopt}));
    EXPECT_EQ(std::get<FakeListener::Change>(listener.calls[2]),
              (FakeListener::Change{1, piece(SetColour::White, Figure::Knight)}));
}

TEST_F(ChessnutBoardTest, TheSamePositionAgainTellsNothing) {
    ASSERT_TRUE(board.start());
    boardSends(positionReport(startCodes()));
    listener.calls.clear();
    boardSends(positionReport(startCodes(), 12345));  // only the time stamp differs
    EXPECT_TRUE(listener.calls.empty());
}

TEST_F(ChessnutBoardTest, RequestBoardAsksAgainAndTheAnswerIsADump) {
    ASSERT_TRUE(board.start());
    boardSends(positionReport(startCodes()));
    (void)transport.boardReceived();
    listener.calls.clear();
    ASSERT_TRUE(board.requestBoard());
    EXPECT_EQ(transport.boardReceived(), realTimeModeCommand());
    boardSends(positionReport(startCodes()));
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
}

TEST_F(ChessnutBoardTest, VersionAndBatteryAreAskedOneAtATimeSpacedAsTheSdkDoes) {
    ASSERT_TRUE(board.start());
    EXPECT_EQ(transport.boardReceived(), realTimeModeCommand());
    boardSends(positionReport(startCodes()), 1000);  // the start's write is stamped now
    EXPECT_TRUE(transport.boardReceived().empty());
    boardSends(positionReport(startCodes()), 1000 + kWriteSpacingMs);
    EXPECT_EQ(transport.boardReceived(), versionRequest());
    boardSends(positionReport(startCodes()), 1100 + kWriteSpacingMs);
    EXPECT_TRUE(transport.boardReceived().empty());
    boardSends(positionReport(startCodes()), 1000 + 2 * kWriteSpacingMs);
    EXPECT_EQ(transport.boardReceived(), batteryRequest());
}

// The daemon lights the last move whenever a position comes (BoardLink does
// so from its listener): those writes must not hold the requests back.
TEST(ChessnutBoardRequests, LedsLitOnEveryMoveDoNotHoldBackTheVersionRequest) {
    class LightingListener : public FakeListener {
      public:
        void squareChanged(int square, Appearance now) override {
            FakeListener::squareChanged(square, now);
            lit.flip(size_t(square));
            board->showLeds(lit);
        }
        ChessnutBoard* board = nullptr;
        std::bitset<64> lit;
    };
    SocketTransport transport;
    LightingListener listener;
    ChessnutBoard board(transport, listener);
    listener.board = &board;
    ASSERT_TRUE(board.start());
    transport.boardSends(positionReport(startCodes()));
    ASSERT_TRUE(board.onReadable(1000));
    (void)transport.boardReceived();
    // Every later report is a move, and every move lights LEDs.
    auto codes = startCodes();
    bool asked = false;
    for (int move = 0; move < 8 && !asked; ++move) {
        std::swap(codes[size_t(48 + move)], codes[size_t(40 + move)]);
        transport.boardSends(positionReport(codes));
        ASSERT_TRUE(board.onReadable(1000 + 300 * (move + 1)));
        const Bytes sent = transport.boardReceived();
        const Bytes want = versionRequest();
        asked = std::search(sent.begin(), sent.end(), want.begin(), want.end()) != sent.end();
    }
    EXPECT_TRUE(asked);
}

TEST_F(ChessnutBoardTest, TheVersionJoinsTheIdentity) {
    ASSERT_TRUE(board.start());
    boardSends(positionReport(startCodes()));
    boardSends(versionReport("CN_AIR_V1.8"));
    auto identities = listener.all<BoardIdentity>();
    ASSERT_EQ(identities.size(), 2u);
    EXPECT_EQ(identities[1].version, "CN_AIR_V1.8");
}

TEST_F(ChessnutBoardTest, ALowBatteryIsWarnedOnceUntilCharged) {
    ASSERT_TRUE(board.start());
    boardSends(batteryReport(50, false));
    EXPECT_TRUE(listener.warnings().empty());
    boardSends(batteryReport(15, false));
    boardSends(batteryReport(14, false));
    ASSERT_EQ(listener.warnings().size(), 1u);
    EXPECT_EQ(listener.warnings()[0], "battery low: 15 %; plug the board in or charge it");
    boardSends(batteryReport(14, true));
    boardSends(batteryReport(13, false));
    EXPECT_EQ(listener.warnings().size(), 2u);
    EXPECT_EQ(board.battery(), (BatteryReport{13, false}));
}

TEST_F(ChessnutBoardTest, LedsGoOnlyToABoardThatHasShownItself) {
    std::bitset<64> lit;
    lit.set(52);
    lit.set(36);
    ASSERT_TRUE(board.start());
    (void)transport.boardReceived();
    EXPECT_FALSE(board.hasLeds());
    EXPECT_FALSE(board.showLeds(lit));
    EXPECT_TRUE(transport.boardReceived().empty());
    boardSends(positionReport(startCodes()));
    EXPECT_TRUE(board.hasLeds());
    ASSERT_TRUE(board.showLeds(lit));
    EXPECT_EQ(transport.boardReceived(), ledCommand(lit));
    ASSERT_TRUE(board.showLeds(lit));  // already shown: nothing sent
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(ChessnutBoardTest, NoiseIsOneWarningAndTheBoardReadsOn) {
    ASSERT_TRUE(board.start());
    boardSends({0x55, 0x56, 0x57});
    boardSends(positionReport(startCodes()));
    ASSERT_EQ(listener.warnings().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
}

TEST_F(ChessnutBoardTest, AVanishedDeviceIsGone) {
    ASSERT_TRUE(board.start());
    transport.closeBoardEnd();
    EXPECT_FALSE(board.onReadable(0));
    EXPECT_TRUE(board.gone());
    EXPECT_FALSE(board.requestBoard());
}

TEST(ChessnutProtocol, TheTableOfDriversHasItAsAHidProtocolWithoutClock) {
    const BoardProtocol* protocol = findBoardProtocol("chessnut");
    ASSERT_NE(protocol, nullptr);
    EXPECT_EQ(protocol, &kChessnutProtocol);
    EXPECT_FALSE(protocol->carriesClock);
    EXPECT_EQ(protocol->device, DeviceKind::Hid);
}

TEST(ChessnutProtocol, AHidDeviceWithChessnutsVendorAndFamilyMayBeOne) {
    SerialPortInfo port;
    port.transport = "hid";
    port.vendorId = 0x2d80;
    port.productId = 0x8002;  // Air
    EXPECT_TRUE(kChessnutProtocol.mayBe(port));
    port.productId = 0x8301;  // Evo
    EXPECT_TRUE(kChessnutProtocol.mayBe(port));
    port.productId = 0x9001;
    EXPECT_FALSE(kChessnutProtocol.mayBe(port));
    port.productId = 0x8002;
    port.transport = "usb";  // a serial port with that id is no HID board
    EXPECT_FALSE(kChessnutProtocol.mayBe(port));
    EXPECT_FALSE(mayBeChessnutBoard(0x04d8, 0x8002));
    EXPECT_FALSE(mayBeChessnutBoard(std::nullopt, std::nullopt));
}

// The virtual board's path: a pseudo-terminal opened as a chessnut device
// goes through the termios transport, a byte stream the driver frames itself.
TEST(ChessnutBoardPty, PlaysThroughThePseudoTerminal) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = openTransport(pty.slavePath(), error, DeviceKind::Hid);
    ASSERT_TRUE(transport) << error;
    EXPECT_EQ(transport->describe(), pty.slavePath() + " (termios)");
    FakeListener listener;
    ChessnutBoard board(*transport, listener);
    ASSERT_TRUE(board.start());
    EXPECT_EQ(pty.receive(3), realTimeModeCommand());
    // A report and a move, sent in one write: the driver finds both frames.
    Bytes both = positionReport(startCodes());
    const Bytes second = positionReport(afterE4());
    both.insert(both.end(), second.begin(), second.end());
    ASSERT_TRUE(pty.send(both));
    for (int i = 0; i < 20 && listener.all<FakeListener::Change>().size() < 2; ++i) {
        ASSERT_TRUE(test::waitReadable(transport->fd()));
        ASSERT_TRUE(board.onReadable(0));
    }
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Change>().size(), 2u);
    // The board's end goes away: the driver says the device is gone.
    pty.closeMaster();
    bool gone = false;
    for (int i = 0; i < 20 && !gone; ++i) {
        test::waitReadable(transport->fd(), 100);
        gone = !board.onReadable(0);
    }
    EXPECT_TRUE(gone);
}

// hidraw keeps report boundaries and pads reports with zeros: a
// SOCK_SEQPACKET socket does the first, the test the second.
TEST(ChessnutBoardHidraw, ReadsZeroPaddedReportsOneAWrite) {
    int fds[2];
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, fds), 0);
    auto transport = HidrawTransport::adopt(fds[0], "/dev/hidraw-test");
    EXPECT_EQ(transport->describe(), "/dev/hidraw-test (hidraw)");
    FakeListener listener;
    ChessnutBoard board(*transport, listener);
    ASSERT_TRUE(board.start());
    uint8_t report[64];
    EXPECT_EQ(::recv(fds[1], report, sizeof report, 0), 3);  // one write, one report
    for (const auto& codes : {startCodes(), afterE4()}) {
        Bytes padded = positionReport(codes);
        padded.resize(64, 0);
        ASSERT_EQ(::send(fds[1], padded.data(), padded.size(), 0), 64);
    }
    ASSERT_TRUE(board.onReadable(0));
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Change>().size(), 2u);
    EXPECT_TRUE(listener.warnings().empty());
    ::close(fds[1]);
    EXPECT_FALSE(board.onReadable(0));
}

TEST(ChessnutTransport, AProtocolOfHidBoardsRefusesAFileThatIsNoDevice) {
    std::string error;
    EXPECT_EQ(openTransport("/dev/null", error, DeviceKind::Hid), nullptr);
    EXPECT_EQ(error,
              "not a HID device: /dev/null (this protocol's boards are /dev/hidrawN devices; "
              "arbiterd --list-ports lists them)");
}

}  // namespace
}  // namespace arbiter::chessnut
