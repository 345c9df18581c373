// The Chessnut protocol of the virtual board: silent until the host asks for
// real-time reports, then a position on every change, LEDs as commanded, and
// the battery and version when asked.

#include "firmware-bridge/vboard/chessnut_emulation.h"

#include <gtest/gtest.h>

#include "drivers/chessnut/chessnut_commands.h"
#include "drivers/chessnut/chessnut_pieces.h"
#include "drivers/dgt/dgt_pieces.h"
#include "tests/firmware/fake_board_hardware.h"

namespace arbiter::vboard {
namespace {

using firmware::testing::FakeBoardHardware;
using firmware::testing::startPositionCodes;

std::array<uint8_t, 64> chessnutCodes(const firmware::SquareCodes& dgtCodes) {
    std::array<uint8_t, 64> codes{};
    for (size_t s = 0; s < 64; ++s) codes[s] = chessnut::pieceCode(dgt::appearanceOf(dgtCodes[s]));
    return codes;
}

class ChessnutEmulationTest : public ::testing::Test {
  protected:
    ChessnutEmulationTest() : board(hardware, 50, 2) {
        hardware.sensors = startPositionCodes();
        board.start();
    }
    void host(const chessnut::Bytes& bytes) {
        hardware.fromHost.insert(hardware.fromHost.end(), bytes.begin(), bytes.end());
        board.tick();
    }
    void scans(int count) {
        for (int i = 0; i < count; ++i) {
            hardware.now += 50;
            board.tick();
        }
    }

    FakeBoardHardware hardware;
    ChessnutEmulation board;
};

TEST_F(ChessnutEmulationTest, SilentUntilAskedThenTheAcknowledgementAndThePosition) {
    scans(3);
    EXPECT_TRUE(hardware.takeSent().empty());
    host(chessnut::realTimeModeCommand());
    chessnut::Bytes expected = chessnut::acknowledgement();
    const chessnut::Bytes position =
        chessnut::positionReport(chessnutCodes(startPositionCodes()), hardware.now / 1000);
    expected.insert(expected.end(), position.begin(), position.end());
    EXPECT_EQ(hardware.takeSent(), expected);
    EXPECT_TRUE(board.realTime());
}

TEST_F(ChessnutEmulationTest, AMoveIsReportedOnceDebounced) {
    host(chessnut::realTimeModeCommand());
    (void)hardware.takeSent();
    hardware.sensors[36] = hardware.sensors[52];  // e2-e4
    hardware.sensors[52] = 0;
    scans(1);
    EXPECT_TRUE(hardware.takeSent().empty());  // seen once: not yet
    scans(1);
    auto codes = chessnutCodes(hardware.sensors);
    EXPECT_EQ(hardware.takeSent(), chessnut::positionReport(codes, hardware.now / 1000));
}

TEST_F(ChessnutEmulationTest, ThePositionIsRepeatedWhenNothingChanges) {
    host(chessnut::realTimeModeCommand());
    (void)hardware.takeSent();
    hardware.now += ChessnutEmulation::kRepeatMs;
    board.tick();
    EXPECT_EQ(hardware.takeSent().size(), 38u);
}

TEST_F(ChessnutEmulationTest, LedsLightAsTheCommandSays) {
    std::bitset<64> lit;
    lit.set(52);
    lit.set(36);
    host(chessnut::ledCommand(lit));
    EXPECT_TRUE(hardware.leds[52]);
    EXPECT_TRUE(hardware.leds[36]);
    EXPECT_FALSE(hardware.leds[0]);
    EXPECT_EQ(hardware.takeSent(), chessnut::acknowledgement());
    host(chessnut::ledCommand({}));
    EXPECT_FALSE(hardware.leds[52]);
}

TEST_F(ChessnutEmulationTest, BatteryAndVersionWhenAsked) {
    host(chessnut::batteryRequest());
    EXPECT_EQ(hardware.takeSent(), chessnut::batteryReport(100, false));
    host(chessnut::versionRequest());
    EXPECT_EQ(hardware.takeSent(), chessnut::versionReport(ChessnutEmulation::kVersion));
}

TEST_F(ChessnutEmulationTest, NoiseAndZeroPaddingFromTheHostAreIgnored) {
    host({0x00, 0x00, 0x77, 0x13});
    host({0x21, 0xff});  // no command is that long
    EXPECT_TRUE(hardware.takeSent().empty());
    chessnut::Bytes padded = chessnut::batteryRequest();
    padded.resize(64, 0);
    host(padded);
    EXPECT_EQ(hardware.takeSent(), chessnut::batteryReport(100, false));
}

}  // namespace
}  // namespace arbiter::vboard
