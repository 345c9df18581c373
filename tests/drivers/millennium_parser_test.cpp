// The Millennium parser: answers found in a stream of bytes whatever comes
// before, between and inside them.

#include "drivers/millennium/millennium_parser.h"

#include <gtest/gtest.h>

#include "tests/drivers/millennium_bytes.h"

namespace arbiter::millennium {
namespace {

using test::fromBoard;
using test::kStartCharacters;
using test::parse;

std::vector<uint8_t> joined(std::initializer_list<std::vector<uint8_t>> parts) {
    std::vector<uint8_t> out;
    for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
    return out;
}

TEST(MillenniumParser, VersionAsARealBoardSendsIt) {
    // Logged from a Chess Genius Exclusive by python-mchess: v 01 03, check 74.
    const std::vector<uint8_t> bytes = {'v', 0xb0, '1', 0xb0, 0xb3, '7', 0x34};
    auto seen = parse(bytes);
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(std::get<VersionReply>(seen.messages[0]), (VersionReply{1, 3}));
    EXPECT_TRUE(seen.warnings.empty());
}

TEST(MillenniumParser, StatusKeepsTheSixtyFourCharactersAsSent) {
    auto seen = parse(fromBoard("s" + kStartCharacters));
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(std::get<StatusReply>(seen.messages[0]).characters,
              test::characters(kStartCharacters));
}

TEST(MillenniumParser, ShortAndEepromAnswers) {
    auto seen =
        parse(joined({fromBoard("l"), fromBoard("x"), fromBoard("w0204"), fromBoard("r01FF")}));
    ASSERT_EQ(seen.messages.size(), 4u);
    EXPECT_EQ(std::get<LedsDone>(seen.messages[0]), (LedsDone{false}));
    EXPECT_EQ(std::get<LedsDone>(seen.messages[1]), (LedsDone{true}));
    EXPECT_EQ(std::get<EepromReply>(seen.messages[2]), (EepromReply{true, 0x02, 0x04}));
    EXPECT_EQ(std::get<EepromReply>(seen.messages[3]), (EepromReply{false, 0x01, 0xff}));
    EXPECT_TRUE(seen.warnings.empty());
}

TEST(MillenniumParser, ParityBitsAreNeitherNeededNorChecked) {
    // The eONE is read without parity checks by other drivers: bytes with and
    // without the bit mean the same character.
    std::vector<uint8_t> plain;
    for (char c : std::string("x78")) plain.push_back(uint8_t(c));
    std::vector<uint8_t> wrongParity;
    for (char c : std::string("x78")) wrongParity.push_back(uint8_t(c | 0x80));
    EXPECT_EQ(parse(plain).messages.size(), 1u);
    EXPECT_EQ(parse(wrongParity).messages.size(), 1u);
}

TEST(MillenniumParser, WrongBlockCheckIsSkippedWithOneWarning) {
    auto seen = parse(joined({fromBoard("v0103", "00"), fromBoard("l")}));
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(std::get<LedsDone>(seen.messages[0]), (LedsDone{false}));
    ASSERT_EQ(seen.warnings.size(), 1u);
    EXPECT_EQ(seen.warnings[0], "answer 'v' (version) has block check 00, expected 74; skipped");
}

TEST(MillenniumParser, NoiseBeforeAnAnswerIsOneIncident) {
    std::vector<uint8_t> noise = {'\r', '\n', 'Z', 0x00, 0xff, 'G'};
    auto seen = parse(joined({noise, fromBoard("s" + kStartCharacters)}));
    ASSERT_EQ(seen.messages.size(), 1u);
    ASSERT_EQ(seen.warnings.size(), 1u);
    EXPECT_EQ(seen.warnings[0], "skipped bytes outside any answer, starting with 0x0d");
}

TEST(MillenniumParser, AStatusCutShortGivesWayToTheAnswerInsideIt) {
    // A cable pulled after 20 characters of a status, and the board starting
    // afresh: the version answer that follows is found even though it began
    // where the status's characters should be.
    std::vector<uint8_t> cut = fromBoard("s" + kStartCharacters);
    cut.resize(20);
    auto seen = parse(joined({cut, fromBoard("v0103")}));
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_EQ(std::get<VersionReply>(seen.messages[0]), (VersionReply{1, 3}));
    ASSERT_EQ(seen.warnings.size(), 1u);
    EXPECT_EQ(seen.warnings[0],
              "answer 's' (status) broken after 20 of 67 characters by 'v' (0x76); skipped");
}

TEST(MillenniumParser, AnAnswerHiddenInABrokenOneIsFound) {
    // 'r' opens an EEPROM answer, then a status starts inside it: the 'r' and
    // its two digits turn out to be noise, and the status behind them is read.
    auto seen = parse(joined({{'r', '0', '1'}, fromBoard("s" + kStartCharacters)}));
    ASSERT_EQ(seen.messages.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<StatusReply>(seen.messages[0]));
    EXPECT_EQ(seen.warnings.size(), 1u);
}

TEST(MillenniumParser, AFreshIncidentAfterAGoodAnswerIsToldAgain) {
    auto seen = parse(joined({{'#'}, fromBoard("l"), {'#'}, fromBoard("x")}));
    EXPECT_EQ(seen.messages.size(), 2u);
    EXPECT_EQ(seen.warnings.size(), 2u);
}

TEST(MillenniumParser, ByteByByteIsTheSameAsAllAtOnce) {
    const std::vector<uint8_t> bytes = joined({{'q', 's'},
                                               fromBoard("s" + kStartCharacters),
                                               fromBoard("v0103", "99"),
                                               fromBoard("w0204")});
    auto whole = parse(bytes);
    MillenniumParser parser;
    test::Recorder bytewise;
    for (uint8_t b : bytes) parser.feed(b, bytewise);
    EXPECT_EQ(bytewise.messages, whole.messages);
    EXPECT_EQ(bytewise.warnings, whole.warnings);
    EXPECT_EQ(whole.messages.size(), 2u);
}

TEST(MillenniumParser, ResetForgetsAPartialAnswer) {
    MillenniumParser parser;
    test::Recorder seen;
    auto status = fromBoard("s" + kStartCharacters);
    parser.feed(std::span<const uint8_t>(status.data(), 30), seen);
    EXPECT_FALSE(parser.idle());
    parser.reset();
    EXPECT_TRUE(parser.idle());
    parser.feed(fromBoard("l"), seen);
    EXPECT_EQ(seen.messages.size(), 1u);
    EXPECT_TRUE(seen.warnings.empty());
}

}  // namespace
}  // namespace arbiter::millennium
