// The DGT parser, specified by example: what the board sends and what comes out.

#include "drivers/dgt/dgt_parser.h"

#include <gtest/gtest.h>

#include <initializer_list>

#include "tests/drivers/parser_recorder.h"

namespace arbiter::dgt {
namespace {

using test::ackBytes;
using test::parse;
using test::ParserRecorder;
using test::startPositionDump;

std::vector<uint8_t> concat(std::initializer_list<std::vector<uint8_t>> parts) {
    std::vector<uint8_t> out;
    for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
    return out;
}

const std::vector<uint8_t> kE2Emptied = {0x8e, 0x00, 0x05, 0x34, 0x00};
const std::vector<uint8_t> kWhitePawnOnE4 = {0x8e, 0x00, 0x05, 0x24, 0x01};

TEST(DgtParser, ParsesStartPositionDumpFromRealSession) {
    ParserRecorder r = parse(startPositionDump());
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_TRUE(r.warnings.empty());
    const auto& dump = std::get<BoardDump>(r.messages[0]);
    EXPECT_EQ(dump.codes[0], kBlackRook);    // a8
    EXPECT_EQ(dump.codes[3], kBlackQueen);   // d8
    EXPECT_EQ(dump.codes[4], kBlackKing);    // e8
    EXPECT_EQ(dump.codes[12], kBlackPawn);   // e7
    EXPECT_EQ(dump.codes[36], kEmpty);       // e4
    EXPECT_EQ(dump.codes[52], kWhitePawn);   // e2
    EXPECT_EQ(dump.codes[59], kWhiteQueen);  // d1
    EXPECT_EQ(dump.codes[60], kWhiteKing);   // e1
    EXPECT_EQ(dump.codes[63], kWhiteRook);   // h1
}

TEST(DgtParser, ParsesMoveE2E4AsTwoFieldUpdates) {
    ParserRecorder r = parse(concat({startPositionDump(), kE2Emptied, kWhitePawnOnE4}));
    ASSERT_EQ(r.messages.size(), 3u);
    EXPECT_TRUE(r.warnings.empty());
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[1]), (FieldUpdate{52, kEmpty}));
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[2]), (FieldUpdate{36, kWhitePawn}));
}

TEST(DgtParser, ResynchronisesAfterGarbage) {
    ParserRecorder r = parse(concat({{0x01, 0x02, 0x7f, 0x00}, kE2Emptied}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("outside any message"), std::string::npos) << r.warnings[0];
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[0]), (FieldUpdate{52, kEmpty}));
}

TEST(DgtParser, OneRunOfGarbageIsOneWarning) {
    // Unknown headers inside a run of garbage belong to the same incident.
    ParserRecorder r = parse(concat({{0x11, 0x22, 0xff, 0x33, 0x81, 0x44, 0x55}, kWhitePawnOnE4}));
    EXPECT_EQ(r.warnings.size(), 1u);
    ASSERT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, TruncatedMessageIsReportedWhenTheNextHeaderArrives) {
    std::vector<uint8_t> cut = startPositionDump();
    cut.resize(20);
    ParserRecorder r = parse(concat({cut, kWhitePawnOnE4}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("cut short after 20 bytes of 67"), std::string::npos)
        << r.warnings[0];
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[0]), (FieldUpdate{36, kWhitePawn}));
}

TEST(DgtParser, TruncatedMessageAtTheEndWaitsSilently) {
    DgtParser parser;
    ParserRecorder r;
    parser.feed(std::vector<uint8_t>{0x8e, 0x00, 0x05, 0x34}, r);
    EXPECT_TRUE(r.messages.empty());
    EXPECT_TRUE(r.warnings.empty());
    EXPECT_FALSE(parser.idle());
}

TEST(DgtParser, HeaderByteInsidePayloadStartsANewMessage) {
    // A field update arrives in the middle of a dump: the dump is lost, the update is not.
    std::vector<uint8_t> bytes = startPositionDump();
    bytes.insert(bytes.begin() + 30, kE2Emptied.begin(), kE2Emptied.end());
    ParserRecorder r = parse(bytes);
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[0]), (FieldUpdate{52, kEmpty}));
    // One warning for the cut dump, one for the dump's tail that follows the update.
    EXPECT_EQ(r.warnings.size(), 2u);
}

TEST(DgtParser, HeaderByteInsideLengthStartsANewMessage) {
    ParserRecorder r = parse(concat({{0x86, 0x00}, kE2Emptied}));
    EXPECT_EQ(r.warnings.size(), 1u);
    ASSERT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, UnknownIdIsSkippedUpToTheNextHeader) {
    ParserRecorder r = parse(concat({{0x83, 0x00, 0x05, 0x01, 0x02}, kE2Emptied}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("unknown message id 0x83"), std::string::npos) << r.warnings[0];
    ASSERT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, AnnouncedLengthTooLongForTheIdIsSkipped) {
    ParserRecorder r = parse(concat({{0x8e, 0x00, 0x06, 0x34, 0x00, 0x00}, kWhitePawnOnE4}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("announced length 6, expected 5"), std::string::npos)
        << r.warnings[0];
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[0]), (FieldUpdate{36, kWhitePawn}));
}

TEST(DgtParser, AnnouncedLengthTooShortForTheIdIsSkipped) {
    ParserRecorder r = parse(concat({{0x86, 0x00, 0x05, 0x01, 0x02}, kWhitePawnOnE4}));
    EXPECT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, AnnouncedLengthShorterThanAHeaderIsSkipped) {
    ParserRecorder r = parse(concat({{0x92, 0x00, 0x02}, kWhitePawnOnE4}));
    EXPECT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, AnnouncedLengthAboveTheMaximumIsSkipped) {
    // A trademark announcing 600 bytes (0x04 << 7 | 0x58).
    std::vector<uint8_t> bytes = {0x92, 0x04, 0x58};
    bytes.insert(bytes.end(), 700, 'x');
    ParserRecorder r = parse(concat({bytes, kWhitePawnOnE4}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("above the limit of 512"), std::string::npos) << r.warnings[0];
    ASSERT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, MessageOfTheMaximumLengthIsAccepted) {
    std::vector<uint8_t> bytes = {0x92, lengthHigh(kMaxMessageLength),
                                  lengthLow(kMaxMessageLength)};
    bytes.insert(bytes.end(), kMaxMessageLength - kHeaderLength, 'x');
    ParserRecorder r = parse(bytes);
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<Trademark>(r.messages[0]).text.size(), size_t(kMaxMessageLength - 3));
}

TEST(DgtParser, PieceCodeAboveFifteenRejectsTheDump) {
    std::vector<uint8_t> bytes = startPositionDump();
    bytes[3 + 10] = 0x10;
    ParserRecorder r = parse(concat({bytes, kWhitePawnOnE4}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("invalid piece code 0x10 on square 10"), std::string::npos)
        << r.warnings[0];
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<FieldUpdate>(r.messages[0]));
}

TEST(DgtParser, ResultPieceCodesAreValidCodes) {
    ParserRecorder r = parse({0x8e, 0x00, 0x05, 0x10, 0x0f});
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<FieldUpdate>(r.messages[0]), (FieldUpdate{16, 0x0f}));
}

TEST(DgtParser, SquareAbove63RejectsTheUpdate) {
    ParserRecorder r = parse({0x8e, 0x00, 0x05, 0x40, 0x01});
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("square 64 out of range"), std::string::npos) << r.warnings[0];
    EXPECT_TRUE(r.messages.empty());
}

TEST(DgtParser, PieceCodeAboveFifteenRejectsTheUpdate) {
    ParserRecorder r = parse({0x8e, 0x00, 0x05, 0x24, 0x1c});
    EXPECT_EQ(r.warnings.size(), 1u);
    EXPECT_TRUE(r.messages.empty());
}

TEST(DgtParser, ParsesClockTimesFromTheFactSheetExample) {
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x20, 0x03, 0x02, 0x20, 0x03, 0x02, 0x08});
    ASSERT_EQ(r.messages.size(), 1u);
    const auto& t = std::get<ClockTimes>(r.messages[0]);
    EXPECT_EQ(t.right, (ClockSide{0, 3, 2, false, true, false}));
    EXPECT_EQ(t.left, (ClockSide{0, 3, 2, false, true, false}));
    EXPECT_EQ(t.right.totalSeconds(), 182);
    EXPECT_FALSE(t.running);
    EXPECT_TRUE(t.rightToMove);
    EXPECT_FALSE(t.leftToMove);
    EXPECT_FALSE(t.noClock);
    EXPECT_FALSE(t.blank);
}

TEST(DgtParser, ParsesClockTimesWithBcdAndFlags) {
    // Right 1:59:30, flag fallen; left 0:05:09, flag shown; running, left to move, battery low.
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x11, 0x59, 0x30, 0x40, 0x05, 0x09, 0x15});
    ASSERT_EQ(r.messages.size(), 1u);
    const auto& t = std::get<ClockTimes>(r.messages[0]);
    EXPECT_EQ(t.right, (ClockSide{1, 59, 30, true, false, false}));
    EXPECT_EQ(t.left, (ClockSide{0, 5, 9, false, false, true}));
    EXPECT_TRUE(t.running);
    EXPECT_TRUE(t.batteryLow);
    EXPECT_TRUE(t.leftToMove);
}

TEST(DgtParser, ClockTimesThatAreNotBcdAreRejected) {
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x00, 0x6a, 0x00, 0x00, 0x00, 0x00, 0x00});
    EXPECT_EQ(r.warnings.size(), 1u);
    EXPECT_TRUE(r.messages.empty());
}

TEST(DgtParser, ClockTimesWithNoClockAreReportedAsSuch) {
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x00, 0x7f, 0x7f, 0x00, 0x7f, 0x7f, 0x20});
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_TRUE(r.warnings.empty());
    EXPECT_TRUE(std::get<ClockTimes>(r.messages[0]).noClock);
}

TEST(DgtParser, AllZeroClockTimesAreMarkedBlank) {
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0});
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_TRUE(std::get<ClockTimes>(r.messages[0]).blank);
}

TEST(DgtParser, DecodesAClockAckMarkedInB6) {
    // Version 2.1 answered: ack0 0x10, ack1 0x09, ack2 0x21.
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x00, 0x10, 0x09, 0x0a, 0x21, 0x00, 0x00});
    ASSERT_EQ(r.messages.size(), 1u);
    const auto& ack = std::get<ClockAck>(r.messages[0]);
    EXPECT_EQ(ack.ack, (std::array<uint8_t, 4>{0x10, 0x09, 0x21, 0x00}));
    EXPECT_TRUE(ack.ok());
    EXPECT_FALSE(ack.unprompted());
    EXPECT_EQ(ack.command(), clock::kVersion);
    EXPECT_EQ(ack.versionMajor(), 2);
    EXPECT_EQ(ack.versionMinor(), 1);
}

TEST(DgtParser, DecodesAClockAckMarkedInB3WithHighBitsFromB3) {
    // b3 0x1a: marker 0x0a, bit 4 -> bit 7 of ack2; bit 5 clear -> ack3 bit 7 clear.
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x1a, 0x10, 0x0b, 0x00, 0x05, 0x00, 0x00});
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<ClockAck>(r.messages[0]).ack,
              (std::array<uint8_t, 4>{0x10, 0x0b, 0x85, 0x00}));
}

TEST(DgtParser, DecodesAButtonAckWithHighBitsFromB6) {
    // b6 0x2a: marker, bit 5 -> bit 7 of ack1 (0x88 = button); ack3 0x31 = back.
    ParserRecorder r = parse({0x8d, 0x00, 0x0a, 0x00, 0x10, 0x08, 0x2a, 0x05, 0x31, 0x00});
    ASSERT_EQ(r.messages.size(), 1u);
    const auto& ack = std::get<ClockAck>(r.messages[0]);
    EXPECT_EQ(ack.ack, (std::array<uint8_t, 4>{0x10, 0x88, 0x05, 0x31}));
    EXPECT_TRUE(ack.unprompted());
    EXPECT_EQ(ack.button(), std::optional<uint8_t>(clock::kButtonBack));
}

TEST(DgtParser, AckEncodingOfTheTestsRoundTrips) {
    using ByteList = std::initializer_list<uint8_t>;
    for (uint8_t a0 : ByteList{0x10, 0x40, 0x90}) {
        for (uint8_t a1 : ByteList{0x01, 0x0c, 0x88, 0x81}) {
            for (uint8_t a2 : ByteList{0x00, 0x21, 0xa5}) {
                for (uint8_t a3 : ByteList{0x00, 0x35, 0xff}) {
                    ParserRecorder r = parse(ackBytes(a0, a1, a2, a3));
                    ASSERT_EQ(r.messages.size(), 1u);
                    EXPECT_EQ(std::get<ClockAck>(r.messages[0]).ack,
                              (std::array<uint8_t, 4>{a0, a1, a2, a3}));
                }
            }
        }
    }
}

TEST(DgtParser, ParsesIdentityMessages) {
    ParserRecorder r = parse(concat({
        {0x91, 0x00, 0x08, '1', '2', '3', '4', '5'},
        {0xa2, 0x00, 0x0d, '0', '0', '1', '2', '3', '4', '5', '6', '7', '8'},
        {0x93, 0x00, 0x05, 0x01, 0x04},
        {0x92, 0x00, 0x06, 'D', 'G', 'T'},
        {0x90, 0x00, 0x05, 0x08, 0x01},
    }));
    EXPECT_TRUE(r.warnings.empty());
    ASSERT_EQ(r.messages.size(), 5u);
    EXPECT_EQ(std::get<SerialNumber>(r.messages[0]).text, "12345");
    EXPECT_EQ(std::get<LongSerialNumber>(r.messages[1]).text, "0012345678");
    EXPECT_EQ(std::get<Version>(r.messages[2]), (Version{1, 4}));
    EXPECT_EQ(std::get<Trademark>(r.messages[3]).text, "DGT");
    EXPECT_EQ(std::get<BusAddress>(r.messages[4]).address, 0x401);
}

TEST(DgtParser, ParsesVariableLengthMessagesIncludingEmptyOnes) {
    ParserRecorder r = parse(concat({
        {0x92, 0x00, 0x03},
        {0x8f, 0x00, 0x06, 0x6a, 0x6f, 0x6b},
        {0xa0, 0x00, 0x05, 0x64, 0x7f},
    }));
    EXPECT_TRUE(r.warnings.empty());
    ASSERT_EQ(r.messages.size(), 3u);
    EXPECT_EQ(std::get<Trademark>(r.messages[0]).text, "");
    EXPECT_EQ(std::get<EeMoves>(r.messages[1]).bytes, (std::vector<uint8_t>{0x6a, 0x6f, 0x6b}));
    EXPECT_EQ(std::get<BatteryStatus>(r.messages[2]).bytes, (std::vector<uint8_t>{0x64, 0x7f}));
}

TEST(DgtParser, ResetForgetsAPartialMessageSilently) {
    DgtParser parser;
    ParserRecorder r;
    parser.feed(std::vector<uint8_t>{0x86, 0x00, 0x43, 0x01, 0x02}, r);
    parser.reset();
    EXPECT_TRUE(parser.idle());
    parser.feed(kE2Emptied, r);
    EXPECT_TRUE(r.warnings.empty());
    EXPECT_EQ(r.messages.size(), 1u);
}

TEST(DgtParser, NamesKnownMessageIds) {
    EXPECT_STREQ(messageName(kBoardDump), "board dump");
    EXPECT_STREQ(messageName(kFieldUpdate), "field update");
    EXPECT_EQ(messageName(0x83), nullptr);
}

}  // namespace
}  // namespace arbiter::dgt
