#include "firmware-bridge/firmware.h"

#include <gtest/gtest.h>

#include <vector>

#include "fake_board_hardware.h"

namespace {

namespace fw = arbiter::firmware;
namespace dgt = arbiter::dgt;
using fw::testing::FakeBoardHardware;
using Bytes = std::vector<uint8_t>;

constexpr int kE2 = 52;
constexpr int kE4 = 36;
constexpr uint32_t kScanMs = 10;

// A firmware over fake hardware holding the start position; time moves only
// when the test says so.
class Firmware : public ::testing::Test {
  protected:
    Firmware() {
        hardware_.sensors = fw::testing::startPositionCodes();
        firmware_.start();
    }

    static fw::FirmwareConfig config() {
        fw::FirmwareConfig config;
        config.scanPeriodMs = kScanMs;
        config.debounceScans = 2;
        return config;
    }

    void scans(int count) {
        for (int i = 0; i < count; ++i) {
            hardware_.now += kScanMs;
            firmware_.tick();
        }
    }

    FakeBoardHardware hardware_;
    fw::Firmware firmware_{hardware_, config()};
};

TEST_F(Firmware, TakesThePowerUpPictureWithoutDebouncing) {
    EXPECT_EQ(firmware_.acceptedBoard(), fw::testing::startPositionCodes());
}

TEST_F(Firmware, AnswersHostInTheSameTick) {
    hardware_.hostWrites({dgt::kSendBoard});
    firmware_.tick();
    EXPECT_EQ(hardware_.takeSent(), fw::testing::startPositionDump());
}

TEST_F(Firmware, AnswersABurstLongerThanTheInputBufferInOneTick) {
    for (int i = 0; i < 25; ++i) hardware_.hostWrites({dgt::kSendVersion});
    firmware_.tick();
    EXPECT_EQ(hardware_.takeSent().size(), 25u * 5);
}

TEST_F(Firmware, ScansOncePerScanPeriod) {
    hardware_.now += kScanMs - 1;
    firmware_.tick();
    EXPECT_EQ(firmware_.scansCompleted(), 0u);
    EXPECT_EQ(firmware_.millisecondsUntilNextScan(), 1u);
    hardware_.now += 1;
    firmware_.tick();
    firmware_.tick();
    EXPECT_EQ(firmware_.scansCompleted(), 1u);
    EXPECT_EQ(firmware_.millisecondsUntilNextScan(), kScanMs);
}

TEST_F(Firmware, EmitsFieldUpdatesForAMoveInUpdateMode) {
    hardware_.hostWrites({dgt::kSendUpdateNice});
    firmware_.tick();
    hardware_.sensors[kE2] = dgt::kEmpty;
    hardware_.sensors[kE4] = dgt::kWhitePawn;
    scans(1);
    EXPECT_TRUE(hardware_.sent.empty()) << "a change must survive two scans";
    scans(1);
    EXPECT_EQ(hardware_.takeSent(),
              (Bytes{0x8e, 0x00, 0x05, 0x24, 0x01, 0x8e, 0x00, 0x05, 0x34, 0x00}));
    scans(3);
    EXPECT_TRUE(hardware_.sent.empty());
}

TEST_F(Firmware, StaysSilentAboutChangesWhenIdle) {
    hardware_.sensors[kE2] = dgt::kEmpty;
    scans(3);
    EXPECT_TRUE(hardware_.sent.empty());
    hardware_.hostWrites({dgt::kSendBoard});
    firmware_.tick();
    const Bytes dump = hardware_.takeSent();
    ASSERT_EQ(dump.size(), 67u);
    EXPECT_EQ(dump[3 + kE2], dgt::kEmpty);
}

TEST_F(Firmware, IgnoresAFlickerShorterThanTheDebounce) {
    hardware_.hostWrites({dgt::kSendUpdateBoard});
    firmware_.tick();
    hardware_.sensors[kE4] = dgt::kWhitePawn;
    scans(1);
    hardware_.sensors[kE4] = dgt::kEmpty;
    scans(3);
    EXPECT_TRUE(hardware_.sent.empty());
}

TEST_F(Firmware, SkipsReadingsThatAreNoPieceCode) {
    hardware_.hostWrites({dgt::kSendUpdateBoard});
    firmware_.tick();
    hardware_.sensors[kE4] = 0x80;
    scans(3);
    EXPECT_TRUE(hardware_.sent.empty());
    EXPECT_EQ(firmware_.acceptedBoard()[kE4], dgt::kEmpty);
}

TEST_F(Firmware, StartsItselfOnFirstTick) {
    FakeBoardHardware hardware;
    hardware.sensors[kE4] = dgt::kBlackQueen;
    fw::Firmware firmware(hardware, config());
    firmware.tick();
    EXPECT_EQ(firmware.acceptedBoard()[kE4], dgt::kBlackQueen);
}

}  // namespace
