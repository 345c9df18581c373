// What the numbers of a Certabo or Sentio line mean, the LED bytes, and the
// calibration that says which tag is which piece.

#include "drivers/certabo/readings.h"

#include <gtest/gtest.h>

#include "drivers/certabo/calibration.h"
#include "tests/drivers/certabo_lines.h"

namespace arbiter::certabo {
namespace {

constexpr SetPiece kWhiteRook{SetColour::White, Figure::Rook};
constexpr SetPiece kBlackKing{SetColour::Black, Figure::King};
constexpr SetPiece kWhiteQueen{SetColour::White, Figure::Queen};

std::vector<uint8_t> numbers(int count, uint8_t value = 0) {
    return std::vector<uint8_t>(static_cast<size_t>(count), value);
}

TEST(CertaboReading, FiveNumbersPerSquareFromA8AreItsTagFirstByteHighest) {
    auto line = numbers(kCertaboNumbers);
    const uint8_t a8[] = {58, 12, 203, 7, 1};
    std::copy(std::begin(a8), std::end(a8), line.begin());
    const uint8_t h1[] = {1, 2, 3, 4, 5};
    std::copy(std::begin(h1), std::end(h1), line.end() - 5);
    auto tags = certaboTags(line);
    ASSERT_TRUE(tags);
    EXPECT_EQ((*tags)[0], 0x3a0ccb0701ULL);
    EXPECT_EQ((*tags)[63], 0x0102030405ULL);
    EXPECT_EQ((*tags)[1], 0u);
}

TEST(CertaboReading, ASquareOfMostlyZerosHoldsNoPiece) {
    auto line = numbers(kCertaboNumbers);
    const uint8_t halfRead[] = {0, 12, 0, 7, 0};
    std::copy(std::begin(halfRead), std::end(halfRead), line.begin());
    const uint8_t twoZeros[] = {0, 12, 0, 7, 1};
    std::copy(std::begin(twoZeros), std::end(twoZeros), line.begin() + 5);
    auto tags = certaboTags(line);
    ASSERT_TRUE(tags);
    EXPECT_EQ((*tags)[0], 0u);
    EXPECT_EQ((*tags)[1], 0x000c000701ULL);
}

TEST(CertaboReading, OnlyALineOf320NumbersIsACertaboReading) {
    EXPECT_FALSE(certaboTags(numbers(8)));
    EXPECT_FALSE(certaboTags(numbers(319)));
}

TEST(SentioReading, OneNumberPerRankFromTheEighthTheAFileHighest) {
    auto line = numbers(kSentioNumbers);
    line[0] = 0x80;  // a8
    line[7] = 0x01;  // h1
    line[4] = 0x18;  // d4, e4
    auto taken = sentioOccupancy(line);
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->count(), 4u);
    EXPECT_TRUE(taken->test(0));
    EXPECT_TRUE(taken->test(63));
    EXPECT_TRUE(taken->test(35));
    EXPECT_TRUE(taken->test(36));
    EXPECT_FALSE(sentioOccupancy(numbers(320)));
}

TEST(CertaboLeds, OneBytePerRankFromTheEighthBitZeroTheAFile) {
    std::bitset<64> lit;
    lit.set(0);   // a8
    lit.set(7);   // h8
    lit.set(52);  // e2
    lit.set(36);  // e4
    const std::array<uint8_t, 8> expected = {0x81, 0, 0, 0, 0x10, 0, 0x10, 0};
    EXPECT_EQ(ledBytes(lit), expected);
}

TEST(CertaboTags, TextIsTenHexDigits) {
    EXPECT_EQ(tagText(0x3a0ccb0701ULL), "3a0ccb0701");
    EXPECT_EQ(tagFromText("3A0CCB0701"), 0x3a0ccb0701ULL);
    EXPECT_FALSE(tagFromText("3a0ccb070"));
    EXPECT_FALSE(tagFromText("3a0ccb07012"));
    EXPECT_FALSE(tagFromText("3a0ccb07g1"));
    EXPECT_EQ(squareName(0), "a8");
    EXPECT_EQ(squareName(63), "h1");
    EXPECT_EQ(squareName(36), "e4");
}

TEST(CertaboCalibration, TheStartPositionTeachesEachPieceItsTag) {
    std::string error;
    auto learnt = learnStartPosition(test::startTags(), error);
    ASSERT_TRUE(learnt) << error;
    EXPECT_EQ(learnt->size(), 32u);
    EXPECT_EQ(learnt->at(test::startTag(56)), kWhiteRook);   // a1
    EXPECT_EQ(learnt->at(test::startTag(4)), kBlackKing);    // e8
    EXPECT_EQ(learnt->at(test::startTag(59)), kWhiteQueen);  // d1
    EXPECT_EQ(describePieces(*learnt), "16 white and 16 black pieces");
}

TEST(CertaboCalibration, AnythingButTheStartPositionIsRefusedSayingWhy) {
    auto tags = test::startTags();
    tags[52] = 0;             // e2 empty
    tags[36] = 0x4242424242;  // e4 taken
    std::string error;
    EXPECT_FALSE(learnStartPosition(tags, error));
    EXPECT_EQ(error,
              "the board does not show the chess start position (white on its ranks 1 and 2); "
              "no piece on e2; a piece on e4");
    tags = test::startTags();
    tags[9] = tags[8];
    EXPECT_FALSE(learnStartPosition(tags, error));
    EXPECT_EQ(error,
              "the pieces on a7 and b7 send the same tag 1122334408; lift both and set them "
              "down again, then calibrate again");
}

TEST(CertaboCalibration, LearningAgainAddsSpareQueensAndANewMeaningWins) {
    std::string error;
    auto first = learnStartPosition(test::startTags(), error);
    ASSERT_TRUE(first);
    auto spare = test::startTags();
    spare[59] = 0x2122232401;        // a second white queen on d1
    spare[56] = test::startTag(57);  // the knight's tag on a1: now a rook
    spare[57] = test::startTag(56);
    auto second = learnStartPosition(spare, error);
    ASSERT_TRUE(second) << error;
    PieceTags all = merged(*first, *second);
    EXPECT_EQ(all.size(), 33u);
    EXPECT_EQ(all.at(0x2122232401), kWhiteQueen);
    EXPECT_EQ(all.at(test::startTag(57)), kWhiteRook);
    EXPECT_EQ(describePieces(all), "17 white and 16 black pieces (2 white queens)");
}

TEST(CertaboCalibration, TheFileReadsBackAsWritten) {
    std::string error;
    auto learnt = learnStartPosition(test::startTags(), error);
    ASSERT_TRUE(learnt);
    const std::string text = calibrationText(*learnt);
    auto read = parseCalibration(text, "pieces.txt", error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(*read, *learnt);
}

TEST(CertaboCalibration, ABadFileIsRefusedNamingItsLine) {
    std::string error;
    EXPECT_TRUE(parseCalibration("# only a comment\n\n  3a0ccb0701   R  \r\n", "p", error));
    EXPECT_FALSE(parseCalibration("# pieces\n3a0ccb0701 X\n", "p", error));
    EXPECT_EQ(error,
              "p:2: \"3a0ccb0701 X\" is not a tag and a piece: write ten hex digits, a space and "
              "the piece's FEN letter (3a0ccb0701 R)");
    EXPECT_FALSE(parseCalibration("3a0ccb07 R\n", "p", error));
    EXPECT_EQ(error.substr(0, 4), "p:1:");
    EXPECT_FALSE(parseCalibration("3a0ccb0701\n", "p", error));
    EXPECT_FALSE(parseCalibration("3a0ccb0701 R\n3a0ccb0701 k\n", "p", error));
    EXPECT_EQ(error, "p:2: the tag 3a0ccb0701 is already a white rook; a tag is one piece");
    EXPECT_FALSE(parseCalibration("0000000000 R\n", "p", error));
    EXPECT_EQ(error, "p:1: the tag 0000000000 is an empty square, not a piece");
    std::string binary("\x00\xff\x3a R\n", 6);
    EXPECT_FALSE(parseCalibration(binary, "p", error));
}

}  // namespace
}  // namespace arbiter::certabo
