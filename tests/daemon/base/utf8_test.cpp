#include "daemon/base/utf8.h"
#include "daemon/session/session.h"

#include <gtest/gtest.h>

#include "daemon/base/json_text.h"

namespace arbiter {
namespace {

TEST(Utf8, WellFormedTextIsUtf8) {
    EXPECT_TRUE(isUtf8(""));
    EXPECT_TRUE(isUtf8("Ann"));
    EXPECT_TRUE(isUtf8("J\xc3\xbcrgen"));         // ü
    EXPECT_TRUE(isUtf8("\xe2\x82\xac 5"));        // €
    EXPECT_TRUE(isUtf8("\xf0\x9f\x8e\xb2"));      // a die, past the BMP
    EXPECT_TRUE(isUtf8("\xf4\x8f\xbf\xbf"));      // U+10FFFF, the last
    EXPECT_TRUE(isUtf8(std::string("a\0b", 3)));  // NUL is UTF-8 (and a control character)
}

TEST(Utf8, EveryIllFormedSequenceIsFoundWhereItStands) {
    EXPECT_EQ(firstNonUtf8Byte("J\xfcrgen"), 1u);         // Latin-1
    EXPECT_EQ(firstNonUtf8Byte("ab\xc3"), 2u);            // cut short
    EXPECT_EQ(firstNonUtf8Byte("\xc3(x"), 0u);            // no continuation
    EXPECT_EQ(firstNonUtf8Byte("ok\x80"), 2u);            // a lone continuation
    EXPECT_EQ(firstNonUtf8Byte("\xc0\xaf"), 0u);          // overlong "/"
    EXPECT_EQ(firstNonUtf8Byte("\xe0\x80\xaf"), 0u);      // overlong, three bytes
    EXPECT_EQ(firstNonUtf8Byte("\xf0\x80\x80\xaf"), 0u);  // overlong, four bytes
    EXPECT_EQ(firstNonUtf8Byte("\xed\xa0\x80"), 0u);      // a surrogate
    EXPECT_EQ(firstNonUtf8Byte("\xf4\x90\x80\x80"), 0u);  // past U+10FFFF
    EXPECT_EQ(firstNonUtf8Byte("\xf5\x80\x80\x80"), 0u);
    EXPECT_EQ(firstNonUtf8Byte("\xff"), 0u);
    EXPECT_EQ(firstNonUtf8Byte("\xc3\xbc\xe2\x82"), 2u);  // ü, then a cut €
}

TEST(Utf8, PrintableKeepsCharactersAndShowsEveryOtherByte) {
    EXPECT_EQ(printable("J\xc3\xbcrgen"), "J\xc3\xbcrgen");
    EXPECT_EQ(printable("J\xfcrgen"), "J\\xFCrgen");
    EXPECT_EQ(printable("a\tb\nc\x7f"), "a\\x09b\\x0Ac\\x7F");
    EXPECT_EQ(printable("C:\\games"), "C:\\\\games");  // a backslash cannot pass for an escape
    EXPECT_EQ(printable(std::string("\0", 1)), "\\x00");
    EXPECT_EQ(printable("\xed\xa0\x80"), "\\xED\\xA0\\x80");
    EXPECT_TRUE(isUtf8(printable("\xc0\xff\xfe\x80 whatever")));
}

TEST(Utf8, CodePointsAreTheCharactersNotTheBytes) {
    EXPECT_EQ(codePoints("J\xC3\xBCrgen"), U"J\u00FCrgen");
    EXPECT_EQ(codePoints("\xE4\xB8\xAD\xF0\x9F\x98\x80"), U"\u4E2D\U0001F600");
    EXPECT_EQ(codePoints(""), U"");
}

TEST(PlayerNames, AreCountedInCharactersAndHoldNoControlOrReorderingCharacter) {
    EXPECT_TRUE(isValidPlayerName("J\xC3\xBCrgen"));
    std::string forty;
    for (int i = 0; i < 40; ++i) forty += "\xC3\xBC";  // 40 characters, 80 bytes
    EXPECT_TRUE(isValidPlayerName(forty));
    EXPECT_FALSE(isValidPlayerName(forty + "x"));
    std::string chinese;
    for (int i = 0; i < 14; ++i) chinese += "\xE4\xB8\xAD";
    EXPECT_TRUE(isValidPlayerName(chinese));
    for (const char* bad : {"", " ", "  \xC2\xA0", "a\x01", "a\x7f", "a\xC2\x85", "a\xC2\x9B[31m",
                            "a\xE2\x80\xA8"
                            "b",
                            "a\xE2\x80\xAE"
                            "b",
                            "a\xE2\x81\xA6"
                            "b",
                            "J\xFCrgen",
                            "a\xD8\x9C"
                            "b",
                            "\xE2\x80\x8B", "\xE2\x80\x83\xE2\x80\x83", "a\xEF\xBB\xBF"})
        EXPECT_FALSE(isValidPlayerName(bad)) << printable(bad);
    EXPECT_TRUE(isValidPlayerName("Ann Lee"));
}

TEST(Utf8, ALineThatIsNotUtf8IsNamedWithItsNumberAndColumn) {
    std::string error;
    EXPECT_TRUE(checkUtf8Lines("a.ini", "game = fide\nplayer = J\xc3\xbcrgen\n", error));
    EXPECT_FALSE(checkUtf8Lines("a.ini", "game = fide\n\nplayer = J\xfcrgen\nx = 1\n", error));
    EXPECT_EQ(error,
              "a.ini:3: not UTF-8 text (byte \\xFC at column 11: \"player = J\\xFCrgen\"); save "
              "the file as UTF-8");
}

TEST(JsonText, TextThatIsNotUtf8IsWrittenReplacedRatherThanThrowing) {
    nlohmann::json value = {{"name", "J\xfcrgen"}};
    std::string text;
    EXPECT_NO_THROW(text = jsonText(value));
    EXPECT_EQ(text, "{\"name\":\"J\xef\xbf\xbdrgen\"}");
    nlohmann::ordered_json ordered = {{"b", "\xff"}, {"a", 1}};
    EXPECT_EQ(jsonText(ordered), "{\"b\":\"\xef\xbf\xbd\",\"a\":1}");
}

}  // namespace
}  // namespace arbiter
