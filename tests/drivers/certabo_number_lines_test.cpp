// The line framing Certabo and Sentio boards share: ':' numbers CR LF.

#include "drivers/certabo/number_lines.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arbiter::certabo {
namespace {

class LineRecorder : public NumberLineParser::Sink {
  public:
    void line(std::span<const uint8_t> numbers) override {
        lines.emplace_back(numbers.begin(), numbers.end());
    }
    void warning(const std::string& what) override { warnings.push_back(what); }
    std::vector<std::vector<uint8_t>> lines;
    std::vector<std::string> warnings;
};

class NumberLines : public ::testing::Test {
  protected:
    void feed(const std::string& text) {
        parser.feed(std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()), sink);
    }
    NumberLineParser parser;
    LineRecorder sink;
};

using Numbers = std::vector<uint8_t>;

TEST_F(NumberLines, ALineFromColonToCrLfIsItsNumbers) {
    feed(":0 12 255 7\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{0, 12, 255, 7}));
    EXPECT_TRUE(sink.warnings.empty());
}

TEST_F(NumberLines, LinesFollowOneAnotherAndMaySpanReads) {
    feed(":1 2");
    feed(" 3\r\n:4");
    feed(" 5\r\n");
    ASSERT_EQ(sink.lines.size(), 2u);
    EXPECT_EQ(sink.lines[0], (Numbers{1, 2, 3}));
    EXPECT_EQ(sink.lines[1], (Numbers{4, 5}));
    EXPECT_TRUE(sink.warnings.empty());
}

TEST_F(NumberLines, ExtraSpacesAndABareLineFeedAreFine) {
    feed(":  1   2 \n\r\n:3\r");
    ASSERT_EQ(sink.lines.size(), 2u);
    EXPECT_EQ(sink.lines[0], (Numbers{1, 2}));
    EXPECT_EQ(sink.lines[1], (Numbers{3}));
    EXPECT_TRUE(sink.warnings.empty());
}

TEST_F(NumberLines, BytesBeforeTheFirstColonAreOneIncident) {
    feed("2 3 4\r\n5 6\r\n:1\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{1}));
    ASSERT_EQ(sink.warnings.size(), 1u);
    EXPECT_EQ(sink.warnings[0], "skipped bytes outside any line, starting with 0x32");
}

TEST_F(NumberLines, ANewColonCutsALineShortAndStartsAfresh) {
    feed(":1 2 3:4 5\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{4, 5}));
    ASSERT_EQ(sink.warnings.size(), 1u);
    EXPECT_EQ(sink.warnings[0], "a line cut short after 2 numbers by a new ':'");
}

TEST_F(NumberLines, AForeignByteSpoilsTheLineUpToTheNextColon) {
    feed(":1 2x3 4\r\n9 9\r\n:6\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{6}));
    ASSERT_EQ(sink.warnings.size(), 1u);
    EXPECT_EQ(sink.warnings[0],
              "a line broken by byte 0x78 after 1 numbers; skipped up to the next ':'");
}

TEST_F(NumberLines, ANumberAbove255OrOfFourDigitsSpoilsTheLine) {
    feed(":1 256 3\r\n:0001\r\n:7\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{7}));
    ASSERT_EQ(sink.warnings.size(), 2u);
    EXPECT_EQ(sink.warnings[0], "number 2 of a line is not 0 to 255; line skipped");
    EXPECT_EQ(sink.warnings[1], "number 1 of a line is not 0 to 255; line skipped");
}

TEST_F(NumberLines, MoreNumbersThanACertaboSendsSpoilTheLine) {
    std::string text = ":";
    for (int i = 0; i < kMaxNumbers + 1; ++i) text += "1 ";
    feed(text + "\r\n:2\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{2}));
    ASSERT_EQ(sink.warnings.size(), 1u);
    EXPECT_EQ(sink.warnings[0], "a line of more than 320 numbers; skipped");
}

TEST_F(NumberLines, AnEmptyLineIsSaidAndSkipped) {
    feed(":\r\n:  \r\n");
    EXPECT_TRUE(sink.lines.empty());
    EXPECT_EQ(sink.warnings,
              (std::vector<std::string>{"an empty line skipped", "an empty line skipped"}));
}

TEST_F(NumberLines, ResetForgetsAHalfLineSilently) {
    feed(":1 2");
    parser.reset();
    feed("3\r\n:4\r\n");
    ASSERT_EQ(sink.lines.size(), 1u);
    EXPECT_EQ(sink.lines[0], (Numbers{4}));
    EXPECT_EQ(sink.warnings.size(), 1u);  // the "3" outside any line
}

}  // namespace
}  // namespace arbiter::certabo
