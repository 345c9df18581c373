// The Certabo/Sentio line parser under a long stream of noise, and noise that
// looks like lines: it must neither crash nor lose its footing, and a good
// reading after the noise must still come through whole.

#include <gtest/gtest.h>

#include <random>

#include "drivers/certabo/number_lines.h"
#include "drivers/certabo/readings.h"
#include "tests/drivers/certabo_lines.h"

namespace arbiter::certabo {
namespace {

// Counts instead of storing, so a million bytes stay cheap.
class CountingSink : public NumberLineParser::Sink {
  public:
    void line(std::span<const uint8_t> numbers) override {
        ++lines;
        EXPECT_GE(numbers.size(), 1u);
        EXPECT_LE(numbers.size(), static_cast<size_t>(kMaxNumbers));
        last.assign(numbers.begin(), numbers.end());
    }
    void warning(const std::string& what) override {
        ++warnings;
        EXPECT_FALSE(what.empty());
    }
    size_t lines = 0;
    size_t warnings = 0;
    std::vector<uint8_t> last;
};

void expectStartPositionAfter(NumberLineParser& parser, CountingSink& sink) {
    parser.feed(test::certaboLine(test::startTags()), sink);
    auto tags = certaboTags(sink.last);
    ASSERT_TRUE(tags);
    EXPECT_EQ(*tags, test::startTags());
}

TEST(CertaboLinesSoak, MillionRandomBytesThenAGoodReading) {
    std::mt19937 random(20261128);
    std::uniform_int_distribution<int> byte(0, 255);
    NumberLineParser parser;
    CountingSink sink;
    for (int i = 0; i < 1'000'000; ++i) parser.feed(uint8_t(byte(random)), sink);
    EXPECT_GT(sink.warnings, 0u);
    expectStartPositionAfter(parser, sink);
}

// Noise made of the line's own characters (':', digits, spaces, CR, LF) and
// pieces of real readings cut anywhere: this reaches every state far more
// often than pure noise.
TEST(CertaboLinesSoak, NoiseThatLooksLikeLinesThenAGoodReading) {
    std::mt19937 random(33);
    const std::string alphabet = ":0123456789   \r\n";
    std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1);
    const auto reading = test::certaboLine(test::startTags());
    std::uniform_int_distribution<size_t> cut(0, reading.size());
    NumberLineParser parser;
    CountingSink sink;
    for (int round = 0; round < 20'000; ++round) {
        if (round % 3 == 0) {
            const size_t from = cut(random), to = cut(random);
            for (size_t i = std::min(from, to); i < std::max(from, to); ++i)
                parser.feed(reading[i], sink);
        }
        for (int i = 0; i < 40; ++i) parser.feed(uint8_t(alphabet[pick(random)]), sink);
    }
    EXPECT_GT(sink.lines, 0u);
    EXPECT_GT(sink.warnings, 0u);
    expectStartPositionAfter(parser, sink);
}

}  // namespace
}  // namespace arbiter::certabo
