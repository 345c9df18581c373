// A virtual DGT board in bus mode: it hears every command on its line and
// answers only those for its address (or for every board), reporting what
// changed in the records a real board keeps.

#include "firmware-bridge/vboard/dgt_bus_emulation.h"

#include <gtest/gtest.h>

#include "drivers/dgt_bus/dgt_bus_commands.h"

namespace arbiter::vboard {
namespace {

using namespace arbiter::dgt_bus;

class DgtBusEmulationTest : public ::testing::Test {
  protected:
    DgtBusEmulationTest()
        : hardware(
              [this](std::span<const uint8_t> bytes) {
                  sent.insert(sent.end(), bytes.begin(), bytes.end());
              },
              [this] { return now; }),
          board(hardware, 1025, 20, 2) {
        board.start();
    }
    // The host sends `command`; what the board answers at once.
    Bytes ask(Command command, int address) {
        sent.clear();
        hardware.deliverFromHost(busCommand(command, address));
        board.tick();
        return sent;
    }
    void scans(int count) {
        for (int i = 0; i < count; ++i) {
            now += 20;
            board.tick();
        }
    }

    uint32_t now = 0;
    Bytes sent;
    VirtualHardware hardware;
    DgtBusEmulation board;
};

TEST_F(DgtBusEmulationTest, ItAnswersItsOwnAddressOnly) {
    EXPECT_TRUE(ask(kSendVersion, 7).empty());
    EXPECT_EQ(ask(kSendVersion, 1025), busReply(kVersion, 1025, Bytes{1, 0}));
    EXPECT_EQ(ask(kSendBoard, 1025), busReply(kBoardDump, 1025, Bytes(64, 0)));
}

TEST_F(DgtBusEmulationTest, ACommandWithABadChecksumIsNotHeard) {
    Bytes command = busCommand(kSendVersion, 1025);
    command.back() ^= 1;
    hardware.deliverFromHost(command);
    board.tick();
    EXPECT_TRUE(sent.empty());
}

TEST_F(DgtBusEmulationTest, ChangesSeenOnTwoScansAreKeptUntilAskedAndCanBeAskedAgain) {
    hardware.sensors()[36] = 0x01;  // a white pawn on e4
    scans(1);
    EXPECT_EQ(ask(kSendChanges, 1025), busReply(kChanges, 1025));
    scans(1);
    EXPECT_EQ(ask(kSendChanges, 1025), busReply(kChanges, 1025, Bytes{0x41, 36}));
    EXPECT_EQ(ask(kSendChanges, 1025), busReply(kChanges, 1025));
    // The last packet again, for a host that got it garbled: not the empty one
    // sent since, which is the last now.
    EXPECT_EQ(ask(kRepeatChanges, 1025), busReply(kChanges, 1025));
}

TEST_F(DgtBusEmulationTest, APingOfEveryBoardIsAnsweredAtAMomentOfItsOwn) {
    EXPECT_TRUE(ask(kPing, kBroadcastAddress).empty());
    const uint32_t delay = (1025 * 37) % 1000;
    now += delay - 1;
    board.tick();
    EXPECT_TRUE(sent.empty());
    now += 1;
    board.tick();
    EXPECT_EQ(sent, busReply(kPingReply, 1025));
    // Told to ignore the next one, it answers at once and not the next ping.
    EXPECT_EQ(ask(kIgnoreNextPing, 1025), busReply(kPingReply, 1025));
    ask(kPing, kBroadcastAddress);
    now += 2000;
    board.tick();
    EXPECT_TRUE(sent.empty());
}

}  // namespace
}  // namespace arbiter::vboard
