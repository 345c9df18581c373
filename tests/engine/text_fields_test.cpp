// Reading a game's own text: the pieces every module's load() and decode() share.
#include "engine/core/text_fields.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(TextFields, SplitOnKeepsEmptyParts) {
    EXPECT_EQ(splitOn("a,,b", ','), (std::vector<std::string_view>{"a", "", "b"}));
    EXPECT_EQ(splitOn("", ','), (std::vector<std::string_view>{""}));
}

TEST(TextFields, WordsIgnoreHowManySpaces) {
    EXPECT_EQ(wordsOf("  1DQQ/4  1 0,0 "), (std::vector<std::string>{"1DQQ/4", "1", "0,0"}));
    EXPECT_TRUE(wordsOf("   ").empty());
}

TEST(TextFields, WholeNumbersAreDigitsOnlyUpToTheMost) {
    EXPECT_EQ(wholeNumber("72", 72), 72);
    EXPECT_EQ(wholeNumber("0", 5), 0);
    for (const char* bad : {"73", "-1", "+1", "", "1x", " 1", "99999999999999999999"})
        EXPECT_EQ(wholeNumber(bad, 72), std::nullopt) << bad;
}

// Or any number could be written in a million characters.
TEST(TextFields, WholeNumbersHaveNoLeadingZero) {
    for (const char* bad : {"07", "00", "000000000000000000000000000000000000001"})
        EXPECT_EQ(wholeNumber(bad, 72), std::nullopt) << bad;
    EXPECT_EQ(wholeNumber(std::string(1'000'000, '0') + "7", 72), std::nullopt);
}

}  // namespace
}  // namespace arbiter
