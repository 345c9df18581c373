// Host-to-board encoders: exact bytes.

#include "drivers/dgt/dgt_commands.h"
#include "drivers/dgt/dgt_segments.h"

#include <gtest/gtest.h>

namespace arbiter::dgt {
namespace {

TEST(DgtCommands, SingleByteCommands) {
    EXPECT_EQ(singleByte(kSendReset), (Bytes{0x40}));
    EXPECT_EQ(singleByte(kSendBoard), (Bytes{0x42}));
    EXPECT_EQ(singleByte(kSendUpdateNice), (Bytes{0x4b}));
    EXPECT_EQ(singleByte(kReturnLongSerialNr), (Bytes{0x55}));
}

TEST(DgtCommands, Dgt3000TextIsEightCharactersThenBeepThenEnd) {
    EXPECT_EQ(clockText("e2-e4"),
              (Bytes{0x2b, 0x0c, 0x03, 0x0c, 'e', '2', '-', 'e', '4', ' ', ' ', ' ', 0x00, 0x00}));
}

TEST(DgtCommands, Dgt3000TextIsCutAtEightAndCleaned) {
    Bytes bytes = clockText("illegal\tposition", 3);
    ASSERT_EQ(bytes.size(), 14u);
    EXPECT_EQ(std::string(bytes.begin() + 4, bytes.begin() + 12), "illegal?");
    EXPECT_EQ(bytes[12], 3);
    EXPECT_EQ(bytes[13], 0x00);
}

TEST(DgtCommands, Dgt3000TextBeepIsClampedToFifteen) {
    EXPECT_EQ(clockText("", 99)[12], 15);
    EXPECT_EQ(clockText("", -1)[12], 0);
}

TEST(DgtCommands, Dgt3000TextNeverSendsHighBytes) {
    for (uint8_t b : clockText("\xc3\xa9t\xc3\xa9")) EXPECT_LT(b, 0x80);
}

TEST(DgtCommands, XlDisplayPutsCharactersInWireOrder) {
    // A..F = 1..6 on the display go out as C B A F E D.
    EXPECT_EQ(clockXlDisplay({1, 2, 3, 4, 5, 6}, 0x12, true),
              (Bytes{0x2b, 0x0b, 0x03, 0x01, 3, 2, 1, 6, 5, 4, 0x12, 0x03, 0x00}));
    EXPECT_EQ(clockXlDisplay({0, 0, 0, 0, 0, 0}, 0, false)[11], 0x01);
}

TEST(DgtCommands, BackToTimeDisplayButtonsAndVersion) {
    EXPECT_EQ(clockEndDisplay(), (Bytes{0x2b, 0x03, 0x03, 0x03, 0x00}));
    EXPECT_EQ(clockReadButtons(), (Bytes{0x2b, 0x03, 0x03, 0x08, 0x00}));
    EXPECT_EQ(clockVersion(), (Bytes{0x2b, 0x03, 0x03, 0x09, 0x00}));
}

TEST(DgtCommands, Beep) {
    EXPECT_EQ(clockBeep(16), (Bytes{0x2b, 0x04, 0x03, 0x0b, 16, 0x00}));
    EXPECT_EQ(clockBeep(1000)[4], 0x7f);
}

TEST(DgtCommands, SetAndRunSplitsSecondsIntoHoursMinutesSeconds) {
    SetAndRun s;
    s.leftSeconds = 1 * 3600 + 30 * 60 + 5;  // 1:30:05
    s.rightSeconds = 59;                     // 0:00:59
    s.flags = clock::kRunLeft | clock::kToggleOnLever;
    EXPECT_EQ(clockSetAndRun(s), (Bytes{0x2b, 0x0a, 0x03, 0x0a, 1, 30, 5, 0, 0, 59, 0x09, 0x00}));
}

TEST(DgtCommands, SetAndRunClampsToWhatAClockShows) {
    SetAndRun s;
    s.leftSeconds = 100 * 3600;
    s.rightSeconds = -5;
    Bytes bytes = clockSetAndRun(s);
    EXPECT_EQ(Bytes(bytes.begin() + 4, bytes.begin() + 11), (Bytes{9, 59, 59, 0, 0, 0, 0x04}));
}

TEST(DgtSegments, DigitsAndLettersInTheirSevenSegmentShapes) {
    EXPECT_EQ(segmentsOf('8'), 0x7f);
    EXPECT_EQ(segmentsOf('1'), 0x06);
    EXPECT_EQ(segmentsOf('E'), 0x79);
    EXPECT_EQ(segmentsOf('e'), 0x79);
    EXPECT_EQ(segmentsOf('-'), 0x40);
    EXPECT_EQ(segmentsOf('x'), 0x00);  // no shape: blank
    for (char c : std::string("0123456789-abcdefghijlnopqrtuy"))
        EXPECT_EQ(characterOf(segmentsOf(c)), c);
    EXPECT_EQ(characterOf(segmentsOf('S')), '5');
    EXPECT_EQ(characterOf(0x00), ' ');
    EXPECT_EQ(characterOf(0x41), '?');
}

TEST(DgtSegments, TextKeepsTheFirstSixCharactersADigitCanShow) {
    EXPECT_EQ(segmentsOfText("Nxe5+"),
              (std::array<uint8_t, 6>{segmentsOf('n'), segmentsOf('e'), segmentsOf('5'), 0, 0, 0}));
    EXPECT_EQ(segmentsOfText("1-0 and more"),
              (std::array<uint8_t, 6>{0x06, 0x40, 0x3f, 0x00, 0x77, 0x54}));
}

TEST(DgtCommands, Leds) {
    EXPECT_EQ(leds(1, 12, 28), (Bytes{0x60, 0x04, 0x01, 12, 28, 0x00}));
    EXPECT_EQ(leds(0, 0, 63), (Bytes{0x60, 0x04, 0x00, 0, 63, 0x00}));
    EXPECT_EQ(leds(1, -3, 99), (Bytes{0x60, 0x04, 0x01, 0, 63, 0x00}));
}

}  // namespace
}  // namespace arbiter::dgt
