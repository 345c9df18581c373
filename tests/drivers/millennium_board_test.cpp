// The Millennium ChessLink driver, talking to a test that plays the board: over
// a socketpair for the protocol, and over a real pseudo-terminal for the device.

#include "drivers/millennium/millennium_board.h"

#include <gtest/gtest.h>

#include "drivers/board_protocols.h"
#include "drivers/transport/termios_transport.h"
#include "tests/drivers/fake_listener.h"
#include "tests/drivers/millennium_bytes.h"
#include "tests/drivers/pty_pair.h"
#include "tests/drivers/socket_transport.h"

namespace arbiter::millennium {
namespace {

using arbiter::test::FakeListener;
using arbiter::test::PtyPair;
using arbiter::test::SocketTransport;
using test::fromBoard;
using test::kStartCharacters;

std::string text(const std::vector<uint8_t>& bytes) {
    std::string out;
    for (uint8_t b : bytes) out.push_back(characterOf(b));
    return out;
}

std::string moved(std::string position, int from, int to) {
    position[size_t(to)] = position[size_t(from)];
    position[size_t(from)] = '.';
    return position;
}

constexpr Appearance piece(SetColour c, Figure f) {
    return SetPiece{c, f};
}

class MillenniumBoardTest : public ::testing::Test {
  protected:
    MillenniumBoardTest() : board(transport, listener) {}

    void boardSends(const std::vector<uint8_t>& bytes) {
        transport.boardSends(bytes);
        ASSERT_TRUE(board.onReadable(0));
    }
    void status(const std::string& characters) { boardSends(fromBoard("s" + characters)); }
    // Started, answered with version and start position, and what it sent forgotten.
    void started() {
        ASSERT_TRUE(board.start());
        boardSends(fromBoard("v0103"));
        boardSends(fromBoard("w0204"));
        status(kStartCharacters);
        transport.boardReceived();
        listener.calls.clear();
    }

    SocketTransport transport;
    FakeListener listener;
    MillenniumBoard board;
};

TEST_F(MillenniumBoardTest, IsInTheTableOfDriversAtItsOwnSpeed) {
    const BoardProtocol* protocol = findBoardProtocol("millennium");
    ASSERT_NE(protocol, nullptr);
    EXPECT_EQ(protocol->baudRate, 38400);
    EXPECT_FALSE(protocol->carriesClock);
}

TEST_F(MillenniumBoardTest, StartAsksTheVersionSetsReportsOnChangeAndAsksTheStatus) {
    ASSERT_TRUE(board.start());
    EXPECT_EQ(text(transport.boardReceived()),
              "V56"
              "W020451"
              "S53");
}

TEST_F(MillenniumBoardTest, FirstStatusIsAWholeBoardAfterTheIdentity) {
    ASSERT_TRUE(board.start());
    boardSends(fromBoard("v0103"));
    EXPECT_TRUE(listener.calls.empty());
    status(kStartCharacters);
    ASSERT_EQ(listener.calls.size(), 2u);
    const auto identity = std::get<BoardIdentity>(listener.calls[0]);
    EXPECT_EQ(identity.protocol, "millennium");
    EXPECT_EQ(identity.version, "1.3");
    const BoardSquares squares = std::get<FakeListener::Dump>(listener.calls[1]).squares;
    EXPECT_EQ(squares[0], piece(SetColour::Black, Figure::Rook));   // a8
    EXPECT_EQ(squares[60], piece(SetColour::White, Figure::King));  // e1
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(MillenniumBoardTest, LaterReportsAreToldAsTheSquaresThatChanged) {
    started();
    // e2-e4: the board reports e2 emptied, then e4 filled (one report each).
    const std::string lifted = [] {
        std::string s = kStartCharacters;
        s[52] = '.';
        return s;
    }();
    status(lifted);
    status(moved(kStartCharacters, 52, 36));
    auto changes = listener.all<FakeListener::Change>();
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0], (FakeListener::Change{52, std::nullopt}));
    EXPECT_EQ(changes[1], (FakeListener::Change{36, piece(SetColour::White, Figure::Pawn)}));
    EXPECT_TRUE(listener.all<FakeListener::Dump>().empty());
}

TEST_F(MillenniumBoardTest, AMoveInOneReportEmptiesBeforeItFills) {
    started();
    // Nf3 seen in one report: g1 emptied is told before f3 filled.
    status(moved(kStartCharacters, 62, 45));
    auto changes = listener.all<FakeListener::Change>();
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].square, 62);
    EXPECT_EQ(changes[1].square, 45);
}

TEST_F(MillenniumBoardTest, ARequestedBoardIsToldWhole) {
    started();
    ASSERT_TRUE(board.requestBoard());
    EXPECT_EQ(text(transport.boardReceived()), "S53");
    status(kStartCharacters);
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    EXPECT_TRUE(listener.all<FakeListener::Change>().empty());
}

TEST_F(MillenniumBoardTest, AMirroringBoardIsReadRightOnceTheStartPositionIsSetUp) {
    ASSERT_TRUE(board.start());
    // This board sends each rank from h to a.
    std::string mirrored;
    for (int rank = 0; rank < 8; ++rank) {
        std::string row = kStartCharacters.substr(size_t(rank * 8), 8);
        mirrored += std::string(row.rbegin(), row.rend());
    }
    status(mirrored);
    EXPECT_EQ(board.reading(), Reading::FilesMirrored);
    const BoardSquares squares = listener.all<FakeListener::Dump>().at(0).squares;
    EXPECT_EQ(squares[60], piece(SetColour::White, Figure::King));  // e1, not d1
    ASSERT_EQ(listener.warnings().size(), 1u);
    EXPECT_EQ(listener.warnings()[0],
              "the start position shows the board sends its squares as h8 g8 .. a8, h7 .. a1; "
              "read so from now on");
    // e2-e4 on it: e2 is the 4th character of its 7th group of eight.
    std::string after = mirrored;
    after[48 + 3] = '.';
    after[32 + 3] = 'P';
    status(after);
    auto changes = listener.all<FakeListener::Change>();
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].square, 52);  // e2
    EXPECT_EQ(changes[1].square, 36);  // e4
}

TEST_F(MillenniumBoardTest, ABoardTurnedRoundKeepsTheDescribedReading) {
    // Which way round the board stands is the table's business.
    ASSERT_TRUE(board.start());
    status(std::string(kStartCharacters.rbegin(), kStartCharacters.rend()));
    EXPECT_EQ(board.reading(), Reading::AsDocumented);
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(MillenniumBoardTest, NoLedsBeforeTheBoardHasAnswered) {
    EXPECT_FALSE(board.hasLeds());
    std::bitset<64> e4;
    e4.set(36);
    EXPECT_FALSE(board.showLeds(e4));
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(MillenniumBoardTest, LedsLightTheCornersAndGoOutWithX) {
    started();
    EXPECT_TRUE(board.hasLeds());
    std::bitset<64> e4;
    e4.set(36);
    ASSERT_TRUE(board.showLeds(e4));
    const std::string sent = text(transport.boardReceived());
    LedPatterns expected{};
    for (int led : {4 * 9 + 4, 4 * 9 + 5, 5 * 9 + 4, 5 * 9 + 5}) expected[size_t(led)] = kLedOn;
    EXPECT_EQ(sent, text(leds(kSteadySlotTime, expected)));
    ASSERT_TRUE(board.showLeds(e4));
    EXPECT_TRUE(transport.boardReceived().empty()) << "already shown";
    ASSERT_TRUE(board.showLeds({}));
    EXPECT_EQ(text(transport.boardReceived()), "X58");
    boardSends(fromBoard("l"));
    boardSends(fromBoard("x"));
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(MillenniumBoardTest, AStartAfterSilenceShowsTheLedsAgain) {
    started();
    std::bitset<64> e4;
    e4.set(36);
    ASSERT_TRUE(board.showLeds(e4));
    ASSERT_TRUE(board.start());  // a board that answers again may have been reset
    transport.boardReceived();
    ASSERT_TRUE(board.showLeds(e4));
    EXPECT_FALSE(transport.boardReceived().empty());
}

TEST_F(MillenniumBoardTest, GarbageIsWarnedAboutAndTheNextReportStillCounts) {
    started();
    boardSends({'!', '!', 's', 'r', 'n'});
    status(moved(kStartCharacters, 52, 36));
    EXPECT_EQ(listener.warnings().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Change>().size(), 2u);
}

TEST_F(MillenniumBoardTest, AClosedDeviceIsGone) {
    ASSERT_TRUE(board.start());
    transport.closeBoardEnd();
    EXPECT_FALSE(board.onReadable(0));
    EXPECT_FALSE(board.requestBoard());
}

TEST_F(MillenniumBoardTest, AFailedWriteIsGone) {
    transport.failWrites = true;
    EXPECT_FALSE(board.start());
    EXPECT_FALSE(board.requestBoard());
}

// ---- over a real pseudo-terminal, at the board's speed ----

class MillenniumBoardOverPty : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(pty.ok());
        std::string error;
        transport = TermiosTransport::open(pty.slavePath(), error, false, kBaudRate);
        ASSERT_TRUE(transport) << error;
        board = std::make_unique<MillenniumBoard>(*transport, listener);
    }

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
    std::unique_ptr<MillenniumBoard> board;
};

TEST_F(MillenniumBoardOverPty, StartStatusAndMoveWithParityBitsIntact) {
    ASSERT_TRUE(board->start());
    const std::string asked = "V56W020451S53";
    const std::vector<uint8_t> received = pty.receive(asked.size());
    EXPECT_EQ(text(received), asked);
    for (uint8_t b : received) EXPECT_EQ(__builtin_popcount(b) % 2, 1) << "parity lost";
    std::vector<uint8_t> session = fromBoard("v0103");
    for (const auto& part :
         {fromBoard("s" + kStartCharacters), fromBoard("s" + moved(kStartCharacters, 52, 36))})
        session.insert(session.end(), part.begin(), part.end());
    ASSERT_TRUE(pty.send(session));
    ASSERT_TRUE(pump([&] { return listener.all<FakeListener::Change>().size() == 2; }));
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Change>()[1].square, 36);
    EXPECT_TRUE(listener.warnings().empty());
}

TEST_F(MillenniumBoardOverPty, HangUpMeansTheDeviceIsGone) {
    ASSERT_TRUE(board->start());
    pty.closeMaster();
    ASSERT_TRUE(arbiter::test::waitReadable(transport->fd(), 1000));
    EXPECT_FALSE(board->onReadable(0));
}

}  // namespace
}  // namespace arbiter::millennium
