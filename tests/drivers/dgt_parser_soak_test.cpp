// The parser under a long stream of noise: it must neither crash nor lose its
// footing, and a valid message after the noise must still come through.

#include <gtest/gtest.h>

#include <random>

#include "drivers/dgt/dgt_parser.h"
#include "tests/drivers/parser_recorder.h"

namespace arbiter::dgt {
namespace {

using test::ParserRecorder;

const std::vector<uint8_t> kWhitePawnOnE4 = {0x8e, 0x00, 0x05, 0x24, 0x01};

// Counts instead of storing, so a million bytes stay cheap.
class CountingSink : public DgtParser::Sink {
  public:
    void message(const DgtMessage& m) override {
        ++messages;
        last = m;
    }
    void warning(const std::string& what) override {
        ++warnings;
        EXPECT_FALSE(what.empty());
    }
    size_t messages = 0;
    size_t warnings = 0;
    std::optional<DgtMessage> last;
};

TEST(DgtParserSoak, MillionRandomBytesThenAValidMessage) {
    std::mt19937 random(20240611);
    std::uniform_int_distribution<int> byte(0, 255);
    DgtParser parser;
    CountingSink sink;
    for (int i = 0; i < 1'000'000; ++i) parser.feed(uint8_t(byte(random)), sink);
    sink.last.reset();
    parser.feed(kWhitePawnOnE4, sink);
    ASSERT_TRUE(sink.last.has_value());
    EXPECT_EQ(std::get<FieldUpdate>(*sink.last), (FieldUpdate{36, kWhitePawn}));
    EXPECT_GT(sink.warnings, 0u);
}

// Noise that looks like DGT: real headers, plausible and implausible lengths and
// payloads, cut anywhere. This reaches the decoders far more often than pure noise.
TEST(DgtParserSoak, StructuredNoiseThenAValidMessage) {
    std::mt19937 random(7);
    const std::vector<uint8_t> headers = {0x86, 0x8d, 0x8e, 0x8f, 0x90, 0x91,
                                          0x92, 0x93, 0xa0, 0xa2, 0x83, 0xff};
    const std::vector<int> lengths = {67, 10, 5, 3, 8, 13, 0, 1, 2, 4, 512, 513, 16383};
    DgtParser parser;
    CountingSink sink;
    for (int i = 0; i < 100'000; ++i) {
        uint8_t header = headers[random() % headers.size()];
        int length = lengths[random() % lengths.size()];
        parser.feed(header, sink);
        parser.feed(lengthHigh(length), sink);
        parser.feed(lengthLow(length), sink);
        int payload = std::max(0, length - 3) - int(random() % 3);  // sometimes cut short
        for (int j = 0; j < payload && j < 600; ++j) {
            // Mostly small values (piece codes, squares, BCD), now and then a header.
            uint32_t pick = static_cast<uint32_t>(random() % 100);
            uint8_t value = pick < 80   ? uint8_t(random() % 16)
                            : pick < 98 ? uint8_t(random() % 128)
                                        : uint8_t(0x80 | (random() % 128));
            parser.feed(value, sink);
        }
    }
    sink.last.reset();
    parser.feed(kWhitePawnOnE4, sink);
    ASSERT_TRUE(sink.last.has_value());
    EXPECT_EQ(std::get<FieldUpdate>(*sink.last), (FieldUpdate{36, kWhitePawn}));
    EXPECT_GT(sink.messages, 1000u);
    EXPECT_GT(sink.warnings, 1000u);
}

}  // namespace
}  // namespace arbiter::dgt
