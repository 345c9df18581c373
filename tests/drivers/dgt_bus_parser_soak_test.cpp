// The bus parser under a long stream of noise: it must neither crash nor lose
// its footing, and a valid reply after the noise must still come through.

#include <gtest/gtest.h>

#include <random>

#include "drivers/dgt_bus/dgt_bus_commands.h"
#include "drivers/dgt_bus/dgt_bus_parser.h"

namespace arbiter::dgt_bus {
namespace {

class CountingSink : public DgtBusParser::Sink {
  public:
    void reply(const BusReply& r) override {
        ++replies;
        last = r;
    }
    void corrupted(int, uint8_t) override { ++corruptions; }
    void warning(const std::string& what) override {
        ++warnings;
        EXPECT_FALSE(what.empty());
    }
    size_t replies = 0;
    size_t corruptions = 0;
    size_t warnings = 0;
    std::optional<BusReply> last;
};

void expectChangesComeThrough(DgtBusParser& parser, CountingSink& sink) {
    sink.last.reset();
    parser.feed(busReply(kChanges, 1025, Bytes{0x41, 36}), sink);
    ASSERT_TRUE(sink.last.has_value());
    EXPECT_EQ(std::get<BusChanges>(*sink.last), (BusChanges{1025, {0x41, 36}, false}));
}

TEST(DgtBusParserSoak, MillionRandomBytesThenAValidReply) {
    std::mt19937 random(20261128);
    std::uniform_int_distribution<int> byte(0, 255);
    DgtBusParser parser;
    CountingSink sink;
    for (int i = 0; i < 1'000'000; ++i) parser.feed(uint8_t(byte(random)), sink);
    expectChangesComeThrough(parser, sink);
    EXPECT_GT(sink.warnings, 0u);
}

// Noise that looks like a bus: real ids and plausible lengths, bodies with
// right and wrong checksums, cut anywhere.
TEST(DgtBusParserSoak, StructuredNoiseThenAValidReply) {
    std::mt19937 random(33);
    const std::vector<uint8_t> ids = {0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8e, 0xff};
    const std::vector<int> lengths = {70, 13, 6, 8, 5, 0, 1, 1024, 1025, 16383};
    DgtBusParser parser;
    CountingSink sink;
    for (int i = 0; i < 100'000; ++i) {
        const uint8_t id = ids[random() % ids.size()];
        const int length = lengths[random() % lengths.size()];
        Bytes frame = {id, uint8_t((length >> 7) & 0x7f), uint8_t(length & 0x7f)};
        const int body = std::min(length, 80) - 3 - int(random() % 3);
        for (int b = 0; b < body; ++b) frame.push_back(uint8_t(random() % 0x50));
        if (random() % 2) frame.push_back(checksum(frame));
        parser.feed(frame, sink);
    }
    expectChangesComeThrough(parser, sink);
    EXPECT_GT(sink.replies, 0u);
    EXPECT_GT(sink.corruptions, 0u);
}

}  // namespace
}  // namespace arbiter::dgt_bus
