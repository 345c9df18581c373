// The Millennium ChessLink board side the virtual board plays: what it answers
// and reports, read back with arbiterd's own parser.

#include "firmware-bridge/millennium_firmware.h"

#include <gtest/gtest.h>

#include "drivers/millennium/millennium_commands.h"
#include "drivers/millennium/millennium_parser.h"
#include "tests/firmware/fake_board_hardware.h"

namespace arbiter::firmware {
namespace {

using namespace millennium;
using testing::FakeBoardHardware;
using testing::startPositionCodes;

class Answers : public MillenniumParser::Sink {
  public:
    void message(const MillenniumMessage& m) override { messages.push_back(m); }
    void warning(const std::string& what) override { warnings.push_back(what); }
    std::vector<MillenniumMessage> messages;
    std::vector<std::string> warnings;
};

const std::string kStart = "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";

class MillenniumFirmwareTest : public ::testing::Test {
  protected:
    MillenniumFirmwareTest() : firmware(hardware) {
        hardware.sensors = startPositionCodes();
        firmware.start();
    }
    void hostSends(const Bytes& bytes) {
        hardware.fromHost.insert(hardware.fromHost.end(), bytes.begin(), bytes.end());
    }
    // What the board sent since the last call, as arbiterd's parser reads it.
    Answers answers() {
        Answers seen;
        MillenniumParser parser;
        parser.feed(hardware.takeSent(), seen);
        EXPECT_TRUE(seen.warnings.empty()) << seen.warnings.front();
        return seen;
    }
    // Lets `ms` pass in steps of one millisecond, ticking each.
    void run(uint32_t ms) {
        for (uint32_t i = 0; i < ms; ++i) {
            ++hardware.now;
            firmware.tick();
        }
    }
    std::string status(const MillenniumMessage& m) {
        const auto& characters = std::get<StatusReply>(m).characters;
        return std::string(characters.begin(), characters.end());
    }

    FakeBoardHardware hardware;
    MillenniumFirmware firmware;
};

TEST_F(MillenniumFirmwareTest, AnswersTheVersionWithParityAndCheck) {
    hostSends(versionRequest());
    firmware.tick();
    const std::vector<uint8_t> sent = hardware.sent;
    for (uint8_t b : sent) EXPECT_EQ(__builtin_popcount(b) % 2, 1);
    Answers seen = answers();
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(std::get<VersionReply>(seen.messages[0]), (VersionReply{1, 0}));
}

TEST_F(MillenniumFirmwareTest, StatusRunsFromA8AlongTheRanks) {
    hostSends(statusRequest());
    firmware.tick();
    Answers seen = answers();
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(status(seen.messages[0]), kStart);
}

TEST_F(MillenniumFirmwareTest, ByDefaultItReportsEveryScan) {
    run(200);  // 20 x 2.048 ms a scan, 40 ms in whole milliseconds
    EXPECT_EQ(answers().messages.size(), 5u);
}

TEST_F(MillenniumFirmwareTest, SetToReportChangesItIsQuietUntilAPieceMoves) {
    hostSends(writeEeprom(kEepromAutoReports, kOnChangeDebounce2));
    firmware.tick();
    Answers seen = answers();
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(std::get<EepromReply>(seen.messages[0]), (EepromReply{true, 2, 4}));
    run(500);
    EXPECT_TRUE(answers().messages.empty());
    hardware.sensors[52] = dgt::kEmpty;  // e2 lifted
    run(41);
    EXPECT_TRUE(answers().messages.empty()) << "one scan is not enough";
    run(41);
    seen = answers();
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(status(seen.messages[0])[52], '.');
}

TEST_F(MillenniumFirmwareTest, EepromIsReadBack) {
    hostSends(writeEeprom(kEepromBrightness, 0x03));
    hostSends(readEeprom(kEepromBrightness));
    firmware.tick();
    Answers seen = answers();
    ASSERT_EQ(seen.messages.size(), 2u);
    EXPECT_EQ(std::get<EepromReply>(seen.messages[1]), (EepromReply{false, 4, 3}));
}

TEST_F(MillenniumFirmwareTest, LedsLightTheSquaresWhoseFourCornersAreOn) {
    std::bitset<64> e2e5;
    e2e5.set(52);
    e2e5.set(28);
    hostSends(leds(kSteadySlotTime, cornersOf(e2e5)));
    firmware.tick();
    EXPECT_EQ(std::get<LedsDone>(answers().messages.at(0)), (LedsDone{false}));
    for (int square = 0; square < 64; ++square)
        EXPECT_EQ(hardware.leds[size_t(square)], square == 52 || square == 28) << square;
    hostSends(ledsOff());
    firmware.tick();
    EXPECT_EQ(std::get<LedsDone>(answers().messages.at(0)), (LedsDone{true}));
    EXPECT_FALSE(hardware.leds[52]);
}

TEST_F(MillenniumFirmwareTest, TwoSquaresOneApartLightTheOneBetweenAsOnTheRealBoard) {
    // e2 and e4 share their corners with e3: all four of e3's are on.
    std::bitset<64> e2e4;
    e2e4.set(52);
    e2e4.set(36);
    hostSends(leds(kSteadySlotTime, cornersOf(e2e4)));
    firmware.tick();
    EXPECT_TRUE(hardware.leds[44]);
}

TEST_F(MillenniumFirmwareTest, ACommandWithAWrongCheckIsIgnored) {
    Bytes bad = versionRequest();
    bad.back() = withOddParity('0');
    hostSends(bad);
    hostSends(statusRequest());
    firmware.tick();
    Answers seen = answers();
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<StatusReply>(seen.messages[0]));
}

TEST_F(MillenniumFirmwareTest, NoiseAndAHalfCommandDoNotSwallowTheNext) {
    hostSends({'#', 0xff, withOddParity('W'), withOddParity('0')});
    hostSends(versionRequest());
    firmware.tick();
    EXPECT_EQ(answers().messages.size(), 1u);
}

TEST_F(MillenniumFirmwareTest, ResetMakesItDeafForThreeSeconds) {
    hostSends(writeEeprom(kEepromAutoReports, kNever));
    hostSends(framed("T"));
    firmware.tick();
    answers();
    hostSends(versionRequest());
    run(1000);
    EXPECT_TRUE(answers().messages.empty());
    run(2100);
    hostSends(versionRequest());
    run(1);
    EXPECT_EQ(answers().messages.size(), 1u);
}

}  // namespace
}  // namespace arbiter::firmware
