#include "firmware-bridge/dgt_board_side.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "fake_board_hardware.h"

namespace {

namespace fw = arbiter::firmware;
namespace dgt = arbiter::dgt;

using Bytes = std::vector<uint8_t>;

constexpr int kE4 = 36;

// A board side over the start position, fed byte by byte as a host would.
class DgtBoardSide : public ::testing::Test {
  protected:
    DgtBoardSide()
        : board_(fw::testing::startPositionCodes()), side_(hardware_, board_, identity()) {}

    static fw::BoardIdentity identity() {
        fw::BoardIdentity id;
        const std::string digits = "1234567890";
        std::copy(digits.begin(), digits.end(), id.serialDigits.begin());
        id.versionMajor = 1;
        id.versionMinor = 2;
        return id;
    }

    Bytes answer(std::initializer_list<uint8_t> hostBytes) {
        for (const uint8_t byte : hostBytes) {
            EXPECT_TRUE(side_.receive(byte));
            side_.processInput(hardware_.now);
        }
        return hardware_.takeSent();
    }

    fw::testing::FakeBoardHardware hardware_;
    fw::SquareCodes board_;
    fw::DgtBoardSide side_;
};

TEST_F(DgtBoardSide, StartsIdle) {
    EXPECT_EQ(side_.updateMode(), fw::UpdateMode::Idle);
}

TEST_F(DgtBoardSide, AnswersSendBoardWithDump) {
    EXPECT_EQ(answer({dgt::kSendBoard}), fw::testing::startPositionDump());
}

TEST_F(DgtBoardSide, DumpShowsTheBoardAsItIsNow) {
    board_[52] = dgt::kEmpty;
    board_[kE4] = dgt::kWhitePawn;
    const Bytes dump = answer({dgt::kSendBoard});
    ASSERT_EQ(dump.size(), 67u);
    EXPECT_EQ(dump[3 + 52], 0x00);
    EXPECT_EQ(dump[3 + kE4], 0x01);
}

TEST_F(DgtBoardSide, AnswersSendClockWithNoClockTime) {
    EXPECT_EQ(answer({dgt::kSendClock}), (Bytes{0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20}));
}

TEST_F(DgtBoardSide, AnswersSerialNumberWithLastFiveDigits) {
    EXPECT_EQ(answer({dgt::kReturnSerialNr}), (Bytes{0x91, 0x00, 0x08, '6', '7', '8', '9', '0'}));
}

TEST_F(DgtBoardSide, AnswersLongSerialNumberWithTenDigits) {
    EXPECT_EQ(answer({dgt::kReturnLongSerialNr}),
              (Bytes{0xa2, 0x00, 0x0d, '1', '2', '3', '4', '5', '6', '7', '8', '9', '0'}));
}

TEST_F(DgtBoardSide, AnswersBusAddressFromSerialNumber) {
    // 67890 mod 16384 = 2354 = 18 * 128 + 50
    EXPECT_EQ(answer({dgt::kReturnBusAddress}), (Bytes{0x90, 0x00, 0x05, 18, 50}));
}

TEST_F(DgtBoardSide, AnswersTrademarkNamingTheFirmware) {
    const Bytes reply = answer({dgt::kSendTrademark});
    ASSERT_GE(reply.size(), 3u);
    EXPECT_EQ(reply[0], 0x92);
    EXPECT_EQ(size_t(reply[1]) * 128 + reply[2], reply.size());
    const std::string text(reply.begin() + 3, reply.end());
    EXPECT_EQ(text, "arbiter firmware-bridge: do-it-yourself sensor board");
}

TEST_F(DgtBoardSide, AnswersVersion) {
    EXPECT_EQ(answer({dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, AnswersEeMovesWithEmptyRecord) {
    EXPECT_EQ(answer({dgt::kSendEeMoves}), (Bytes{0x8f, 0x00, 0x04, 0x6b}));
}

TEST_F(DgtBoardSide, AnswersBatteryStatusAsWiredBoard) {
    EXPECT_EQ(answer({dgt::kSendBatteryStatus}),
              (Bytes{0xa0, 0x00, 0x0c, 100, 0x7f, 0x7f, 0, 0, 0, 0, 0, 0}));
}

TEST_F(DgtBoardSide, IgnoresToBusMode) {
    EXPECT_TRUE(answer({dgt::kToBusMode}).empty());
    EXPECT_EQ(answer({dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, ResetAndUpdateCommandsSayNothing) {
    EXPECT_TRUE(
        answer({dgt::kSendUpdate, dgt::kSendUpdateBoard, dgt::kSendUpdateNice, dgt::kSendReset})
            .empty());
}

TEST_F(DgtBoardSide, SendsNoFieldUpdatesWhenIdle) {
    side_.reportSquareChange(kE4, dgt::kWhitePawn);
    EXPECT_TRUE(hardware_.takeSent().empty());
}

TEST_F(DgtBoardSide, SendsFieldUpdatesInEveryUpdateMode) {
    for (const uint8_t mode : {dgt::kSendUpdate, dgt::kSendUpdateBoard, dgt::kSendUpdateNice}) {
        answer({mode});
        side_.reportSquareChange(kE4, dgt::kWhitePawn);
        EXPECT_EQ(hardware_.takeSent(), (Bytes{0x8e, 0x00, 0x05, 0x24, 0x01})) << int(mode);
    }
}

TEST_F(DgtBoardSide, ReportsAnEmptiedSquareWithCodeZero) {
    answer({dgt::kSendUpdateNice});
    side_.reportSquareChange(52, dgt::kEmpty);
    EXPECT_EQ(hardware_.takeSent(), (Bytes{0x8e, 0x00, 0x05, 0x34, 0x00}));
}

TEST_F(DgtBoardSide, ResetStopsFieldUpdates) {
    answer({dgt::kSendUpdateBoard, dgt::kSendReset});
    EXPECT_EQ(side_.updateMode(), fw::UpdateMode::Idle);
    side_.reportSquareChange(kE4, dgt::kWhitePawn);
    EXPECT_TRUE(hardware_.takeSent().empty());
}

TEST_F(DgtBoardSide, SendBoardAndSendClockKeepTheUpdateMode) {
    answer({dgt::kSendUpdateNice, dgt::kSendBoard, dgt::kSendClock});
    EXPECT_EQ(side_.updateMode(), fw::UpdateMode::UpdateNice);
}

TEST_F(DgtBoardSide, SendsNoClockTimeEverySecondInUpdateMode) {
    answer({dgt::kSendUpdate});
    hardware_.now = 999;
    side_.keepClockInformed(hardware_.now);
    EXPECT_TRUE(hardware_.takeSent().empty());
    hardware_.now = 1000;
    side_.keepClockInformed(hardware_.now);
    EXPECT_EQ(hardware_.takeSent(), (Bytes{0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20}));
    hardware_.now = 1500;
    side_.keepClockInformed(hardware_.now);
    EXPECT_TRUE(hardware_.takeSent().empty());
    hardware_.now = 2000;
    side_.keepClockInformed(hardware_.now);
    EXPECT_EQ(hardware_.takeSent().size(), 10u);
}

TEST_F(DgtBoardSide, SendsNoClockTimeUnaskedInNiceOrBoardMode) {
    for (const uint8_t mode : {dgt::kSendUpdateNice, dgt::kSendUpdateBoard}) {
        answer({mode});
        for (uint32_t now = 0; now <= 5000; now += 100) side_.keepClockInformed(now);
        EXPECT_TRUE(hardware_.takeSent().empty()) << int(mode);
    }
}

TEST_F(DgtBoardSide, IgnoresUnknownBytesWithoutBreakingTheNextCommand) {
    EXPECT_TRUE(answer({0x00, 0x13, 0x48, 0x7f, 0x81, 0x10, 0x06, 0x17, 0xff}).empty());
    EXPECT_EQ(answer({dgt::kSendBoard}), fw::testing::startPositionDump());
}

TEST_F(DgtBoardSide, AnswersAfterAnyGarbageOnceItsFramesHaveTimedOut) {
    std::mt19937 random(20240611);
    for (int round = 0; round < 200; ++round) {
        for (int i = 0; i < 40; ++i) {
            side_.receive(static_cast<uint8_t>(random() & 0xff));
            side_.processInput(hardware_.now);
        }
        hardware_.now += fw::DgtBoardSide::kFrameTimeoutMs + 1;
        hardware_.takeSent();
        ASSERT_EQ(answer({dgt::kSendBoard}), fw::testing::startPositionDump()) << round;
    }
}

TEST_F(DgtBoardSide, ConsumesAClockFrameByItsLength) {
    // DGT 3000 text whose letters are all command bytes (B = SEND_BRD, M = SEND_VERSION...).
    EXPECT_TRUE(answer({0x2b, 0x0c, 0x03, 0x0c, 'B', 'C', 'D', 'E', 'L', 'M', 'U', 'K', 0x00, 0x00})
                    .empty());
    EXPECT_EQ(answer({dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, AbandonsAClockFrameWithAnImpossibleLength) {
    EXPECT_EQ(answer({0x2b, dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
    EXPECT_EQ(answer({0x2b, 0x00, dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, AbandonsAStalledFrame) {
    answer({0x2b, 0x0a, 0x03});
    hardware_.now += fw::DgtBoardSide::kFrameTimeoutMs + 1;
    EXPECT_EQ(answer({dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, LedFrameLightsFromAndTo) {
    EXPECT_TRUE(answer({0x60, 0x04, 0x01, 52, kE4, 0x00}).empty());
    EXPECT_TRUE(hardware_.leds[52]);
    EXPECT_TRUE(hardware_.leds[kE4]);
    EXPECT_FALSE(hardware_.leds[0]);
    EXPECT_EQ(answer({dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, LedFrameWithPatternZeroSwitchesAllOff) {
    answer({0x60, 0x04, 0x01, 52, kE4, 0x00});
    answer({0x60, 0x04, 0x00, 0x00, 0x00, 0x00});
    for (const bool led : hardware_.leds) EXPECT_FALSE(led);
}

TEST_F(DgtBoardSide, LedFrameIgnoresSquaresOffTheBoard) {
    answer({0x60, 0x04, 0x01, 64, 0x3f, 0x00});
    EXPECT_TRUE(hardware_.leds[63]);
    EXPECT_EQ(answer({dgt::kSendVersion}), (Bytes{0x93, 0x00, 0x05, 1, 2}));
}

TEST_F(DgtBoardSide, InputBufferHoldsTenBytes) {
    for (int i = 0; i < fw::DgtBoardSide::kInputBufferSize; ++i) {
        EXPECT_TRUE(side_.receive(dgt::kSendVersion));
    }
    EXPECT_TRUE(side_.inputBufferFull());
    EXPECT_FALSE(side_.receive(dgt::kSendVersion));
    side_.processInput(0);
    EXPECT_EQ(hardware_.takeSent().size(), size_t(fw::DgtBoardSide::kInputBufferSize) * 5);
    EXPECT_FALSE(side_.inputBufferFull());
}

}  // namespace
