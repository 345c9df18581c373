// The Millennium parser under a long stream of noise: it must neither crash
// nor lose its footing, and a valid answer after the noise must come through.

#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "drivers/millennium/millennium_parser.h"
#include "tests/drivers/millennium_bytes.h"

namespace arbiter::millennium {
namespace {

using test::fromBoard;
using test::kStartCharacters;

// Counts instead of storing, so a million bytes stay cheap.
class CountingSink : public MillenniumParser::Sink {
  public:
    void message(const MillenniumMessage& m) override {
        ++messages;
        last = m;
    }
    void warning(const std::string& what) override {
        ++warnings;
        EXPECT_FALSE(what.empty());
    }
    size_t messages = 0;
    size_t warnings = 0;
    std::optional<MillenniumMessage> last;
};

void expectStatusComesThrough(MillenniumParser& parser, CountingSink& sink) {
    sink.last.reset();
    // A letter that cannot continue any answer first closes whatever is open.
    parser.feed(uint8_t('#'), sink);
    parser.feed(fromBoard("s" + kStartCharacters), sink);
    ASSERT_TRUE(sink.last.has_value());
    EXPECT_EQ(std::get<StatusReply>(*sink.last).characters, test::characters(kStartCharacters));
}

TEST(MillenniumParserSoak, MillionRandomBytesThenAValidAnswer) {
    std::mt19937 random(20261128);
    std::uniform_int_distribution<int> byte(0, 255);
    MillenniumParser parser;
    CountingSink sink;
    for (int i = 0; i < 1'000'000; ++i) parser.feed(uint8_t(byte(random)), sink);
    EXPECT_GT(sink.warnings, 0u);
    expectStatusComesThrough(parser, sink);
}

// Noise made of the protocol's own characters: answer letters, hex digits and
// piece characters, cut anywhere, with answers now and then. This reaches the
// checks far more often than pure noise.
TEST(MillenniumParserSoak, StructuredNoiseThenAValidAnswer) {
    std::mt19937 random(33);
    const std::string alphabet = "vslxwr0123456789ABCDEFKQRNBPkqrnbp.";
    const std::vector<std::vector<uint8_t>> answers = {
        fromBoard("v0103"), fromBoard("s" + kStartCharacters), fromBoard("l"), fromBoard("w0204")};
    MillenniumParser parser;
    CountingSink sink;
    for (int i = 0; i < 200'000; ++i) {
        if (random() % 50 == 0) {
            parser.feed(answers[random() % answers.size()], sink);
        } else {
            parser.feed(withOddParity(alphabet[random() % alphabet.size()]), sink);
        }
    }
    EXPECT_GT(sink.messages, 0u);
    EXPECT_GT(sink.warnings, 0u);
    expectStatusComesThrough(parser, sink);
}

}  // namespace
}  // namespace arbiter::millennium
