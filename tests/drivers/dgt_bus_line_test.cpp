// The host side of a DGT bus: boards polled one at a time by their address,
// what each says reaching its own listener, and the line's loss everyone's.
// The test plays the boards over a socketpair and passes the time.

#include "drivers/dgt_bus/dgt_bus_line.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <map>

#include "drivers/dgt_bus/dgt_bus_commands.h"
#include "drivers/transport/termios_transport.h"
#include "tests/drivers/fake_listener.h"
#include "tests/drivers/pty_pair.h"
#include "tests/drivers/socket_transport.h"

namespace arbiter::dgt_bus {
namespace {

using arbiter::test::FakeListener;
using arbiter::test::SocketTransport;

constexpr int kLeft = 7;
constexpr int kRight = 1025;

Bytes startPosition() {
    Bytes codes = {0x08, 0x09, 0x0a, 0x0c, 0x0b, 0x0a, 0x09, 0x08};
    codes.insert(codes.end(), 8, 0x07);
    codes.insert(codes.end(), 32, 0x00);
    codes.insert(codes.end(), 8, 0x01);
    codes.insert(codes.end(), {0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02});
    return codes;
}

class DgtBusLineTest : public ::testing::Test {
  protected:
    DgtBusLineTest() {
        left = line.attach(kLeft, leftListener);
        right = line.attach(kRight, rightListener);
    }
    // The boards' answer arrives at `now`.
    void boardsSend(const Bytes& bytes, int64_t now) {
        transport.boardSends(bytes);
        ASSERT_TRUE(line.onReadable(now));
    }
    // What the host has sent since last asked, as commands.
    std::vector<Bytes> asked() {
        const Bytes bytes = transport.boardReceived();
        std::vector<Bytes> commands;
        for (size_t i = 0; i + kCommandLength <= bytes.size(); i += kCommandLength)
            commands.emplace_back(bytes.begin() + long(i),
                                  bytes.begin() + long(i) + kCommandLength);
        return commands;
    }
    // Answers the start of both boards: changes, version, board, for each.
    void answerStart(int64_t now) {
        for (int address : {kLeft, kRight}) {
            boardsSend(busReply(kChanges, address, Bytes{0x41, 36}), now);
            boardsSend(busReply(kVersion, address, Bytes{1, 3}), now);
            boardsSend(busReply(kBoardDump, address, startPosition()), now);
        }
        asked();
    }

    SocketTransport transport;
    DgtBusLine line{transport};
    FakeListener leftListener;
    FakeListener rightListener;
    std::unique_ptr<BoardDriver> left;
    std::unique_ptr<BoardDriver> right;
};

TEST_F(DgtBusLineTest, OneAddressTakesOneBoard) {
    ASSERT_TRUE(left && right);
    FakeListener other;
    EXPECT_EQ(line.attach(kLeft, other), nullptr);
    EXPECT_EQ(line.attach(0, other), nullptr);
    EXPECT_EQ(line.attach(kMaxAddress + 1, other), nullptr);
}

TEST_F(DgtBusLineTest, AStartedBoardIsAskedForStoredChangesItsVersionAndItsSquaresOneAtATime) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    // One request on the line at a time: the left board's first.
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kLeft)}));
    boardsSend(busReply(kChanges, kLeft, Bytes{0x41, 36}), 10);
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kRight)}));
    boardsSend(busReply(kChanges, kRight), 20);
    // The round is over; the next starts kRoundMs after the first.
    EXPECT_TRUE(asked().empty());
    EXPECT_EQ(line.nextTickAt(), DgtBusLine::kRoundMs);
    ASSERT_TRUE(line.tick(DgtBusLine::kRoundMs));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendVersion, kLeft)}));
    boardsSend(busReply(kVersion, kLeft, Bytes{1, 3}), 210);
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendVersion, kRight)}));
    // Changes stored before the start are superseded by the squares read next.
    EXPECT_TRUE(leftListener.all<FakeListener::Change>().empty());
}

TEST_F(DgtBusLineTest, EachBoardsSquaresAndChangesReachItsOwnListener) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    answerStart(0);
    ASSERT_EQ(rightListener.all<FakeListener::Dump>().size(), 1u);
    const auto identities = rightListener.all<BoardIdentity>();
    ASSERT_EQ(identities.size(), 1u);
    EXPECT_EQ(identities[0], (BoardIdentity{"dgt-bus", "01025", "1.3", "DGT board on a bus"}));
    // Then both are polled for changes, round after round.
    ASSERT_TRUE(line.tick(1000));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kLeft)}));
    boardsSend(busReply(kChanges, kLeft), 1001);
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kRight)}));
    // e2 emptied, then a white pawn on e4, on the right board only.
    boardsSend(busReply(kChanges, kRight, Bytes{0x40, 52, 0x41, 36}), 1002);
    EXPECT_EQ(rightListener.all<FakeListener::Change>(),
              (std::vector<FakeListener::Change>{{52, std::nullopt},
                                                 {36, SetPiece{SetColour::White, Figure::Pawn}}}));
    EXPECT_TRUE(leftListener.all<FakeListener::Change>().empty());
    EXPECT_EQ(line.takeHeard(), (std::vector<int>{kLeft, kRight}));
    EXPECT_TRUE(line.takeHeard().empty());
}

TEST_F(DgtBusLineTest, ABoardThatDoesNotAnswerIsAskedAgainAndTheOthersGoOn) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kLeft)}));
    // The left board is silent: after the timeout the right board is asked.
    EXPECT_EQ(line.nextTickAt(), DgtBusLine::kReplyTimeoutMs);
    ASSERT_TRUE(line.tick(DgtBusLine::kReplyTimeoutMs));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kRight)}));
    boardsSend(busReply(kChanges, kRight), 160);
    ASSERT_TRUE(line.tick(DgtBusLine::kRoundMs));
    // The left board's request still stands; the right one has moved on.
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kLeft)}));
    EXPECT_EQ(line.takeHeard(), (std::vector<int>{kRight}));
}

TEST_F(DgtBusLineTest, ChangesWithABadChecksumAreAskedForAgainNotLost) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    answerStart(0);
    ASSERT_TRUE(line.tick(1000));
    asked();
    Bytes garbled = busReply(kChanges, kLeft, Bytes{0x41, 36});
    garbled.back() ^= 0x01;
    boardsSend(garbled, 1001);
    boardsSend(busReply(kChanges, kRight), 1002);
    asked();
    ASSERT_TRUE(line.tick(1200));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kRepeatChanges, kLeft)}));
    boardsSend(busReply(kChanges, kLeft, Bytes{0x41, 36}), 1201);
    EXPECT_EQ(leftListener.all<FakeListener::Change>(),
              (std::vector<FakeListener::Change>{{36, SetPiece{SetColour::White, Figure::Pawn}}}));
    EXPECT_EQ(leftListener.warnings().size(), 1u);
}

TEST_F(DgtBusLineTest, ChangesThatMakeNoSenseGetTheWholeBoardRead) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    answerStart(0);
    ASSERT_TRUE(line.tick(1000));
    asked();
    boardsSend(busReply(kChanges, kLeft, Bytes{0x41, 36, 0x21}), 1001);
    EXPECT_EQ(leftListener.warnings(),
              (std::vector<std::string>{
                  "changes: byte 0x21 at 2 is no change record; reading the whole board"}));
    boardsSend(busReply(kChanges, kRight), 1002);
    asked();
    ASSERT_TRUE(line.tick(1200));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendBoard, kLeft)}));
}

TEST_F(DgtBusLineTest, RequestBoardAsksThatBoardForItsSquares) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    answerStart(0);
    ASSERT_TRUE(right->requestBoard());
    ASSERT_TRUE(line.tick(1000));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kLeft)}));
    boardsSend(busReply(kChanges, kLeft), 1001);
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendBoard, kRight)}));
}

TEST_F(DgtBusLineTest, RepliesFromBoardsNoOneReadsAreLeftAlone) {
    ASSERT_TRUE(left->start());
    boardsSend(busReply(kChanges, 99, Bytes{0x41, 36}), 5);
    EXPECT_TRUE(line.takeHeard().empty());
    EXPECT_TRUE(leftListener.all<FakeListener::Change>().empty());
    EXPECT_TRUE(rightListener.all<FakeListener::Change>().empty());
}

TEST_F(DgtBusLineTest, ADetachedBoardIsPolledNoMore) {
    ASSERT_TRUE(left->start());
    ASSERT_TRUE(right->start());
    asked();
    left.reset();
    ASSERT_TRUE(line.tick(DgtBusLine::kReplyTimeoutMs));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kRight)}));
}

TEST_F(DgtBusLineTest, ALostPortIsEveryBoardsLoss) {
    ASSERT_TRUE(left->start());
    transport.closeBoardEnd();
    EXPECT_FALSE(line.onReadable(10));
    EXPECT_FALSE(left->onReadable(10));
    EXPECT_FALSE(right->onReadable(10));
    EXPECT_FALSE(right->requestBoard());
}

TEST_F(DgtBusLineTest, ASearchPingsEveryAddressAndCollectsTheAnswers) {
    ASSERT_TRUE(line.startSearch(0));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kPing, kBroadcastAddress)}));
    boardsSend(busReply(kPingReply, 4321), 300);
    boardsSend(busReply(kPingReply, 17), 900);
    // Nothing else is asked while boards may still answer.
    ASSERT_TRUE(left->start());
    EXPECT_TRUE(asked().empty());
    EXPECT_EQ(line.nextTickAt(), DgtBusLine::kSearchMs);
    EXPECT_EQ(line.addressesFound(), (std::vector<int>{17, 4321}));
    ASSERT_TRUE(line.tick(DgtBusLine::kSearchMs));
    EXPECT_EQ(asked(), (std::vector<Bytes>{busCommand(kSendChanges, kLeft)}));
}

TEST_F(DgtBusLineTest, BusBoardsHaveNoLedsAndNoClock) {
    EXPECT_FALSE(left->hasLeds());
    EXPECT_FALSE(left->showLeds(std::bitset<64>().set(3)));
    EXPECT_EQ(left->clock(), nullptr);
    EXPECT_TRUE(asked().empty());
}

// The whole way a bus takes on a machine: a pseudo-terminal opened as a
// serial line (termios, raw 9600 8N1), two boards answering on its far end.
TEST(DgtBusLineOnAPty, TwoBoardsOnOneLineAreReadThroughTheRealTransport) {
    arbiter::test::PtyPair pty;
    ASSERT_TRUE(pty.ok());
    std::string error;
    auto transport = TermiosTransport::open(pty.slavePath(), error);
    ASSERT_TRUE(transport) << error;
    DgtBusLine line(*transport);
    FakeListener first;
    FakeListener second;
    auto one = line.attach(1, first);
    auto two = line.attach(2, second);
    ASSERT_TRUE(one->start() && two->start());
    int64_t now = 0;
    std::map<int, Bytes> pending = {{2, Bytes{0x4b, 4}}};  // a black king on e8, on board 2
    for (int step = 0; step < 40; ++step) {
        const Bytes command = pty.receive(kCommandLength, 20);
        if (command.size() == kCommandLength) {
            const int address = (command[1] << 7) | command[2];
            EXPECT_EQ(command[3], checksum(std::span(command).first(3)));
            if (command[0] == kSendBoard) pty.send(busReply(kBoardDump, address, startPosition()));
            if (command[0] == kSendVersion) pty.send(busReply(kVersion, address, Bytes{1, 3}));
            if (command[0] == kSendChanges) {
                pty.send(busReply(kChanges, address, pending[address]));
                pending[address].clear();
            }
        }
        now += 50;
        for (int tries = 0; tries < 20 && line.onReadable(now) && line.takeHeard().empty(); ++tries)
            ::usleep(1000);
        ASSERT_TRUE(line.tick(now));
    }
    EXPECT_EQ(first.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(second.all<FakeListener::Dump>().size(), 1u);
    // The changes stored before the start were dropped: the dump came after.
    EXPECT_TRUE(second.all<FakeListener::Change>().empty());
    pending[2] = Bytes{0x40, 4};
    for (int step = 0; step < 10 && second.all<FakeListener::Change>().empty(); ++step) {
        const Bytes command = pty.receive(kCommandLength, 20);
        if (command.size() == kCommandLength && command[0] == kSendChanges) {
            const int address = (command[1] << 7) | command[2];
            pty.send(busReply(kChanges, address, pending[address]));
            pending[address].clear();
        }
        now += 100;
        for (int tries = 0; tries < 20 && line.onReadable(now) && line.takeHeard().empty(); ++tries)
            ::usleep(1000);
        ASSERT_TRUE(line.tick(now));
    }
    EXPECT_EQ(second.all<FakeListener::Change>(),
              (std::vector<FakeListener::Change>{{4, std::nullopt}}));
    EXPECT_TRUE(first.all<FakeListener::Change>().empty());
    pty.closeMaster();
    bool gone = false;
    for (int tries = 0; tries < 100 && !gone; ++tries) gone = !line.onReadable(now);
    EXPECT_TRUE(gone);
    EXPECT_FALSE(one->onReadable(now));
}

}  // namespace
}  // namespace arbiter::dgt_bus
