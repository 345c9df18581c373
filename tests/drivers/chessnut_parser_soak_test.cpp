// The Chessnut parser under a long stream of noise: it must neither crash nor
// lose its footing, and a valid frame after the noise must still come through.

#include <gtest/gtest.h>

#include <random>

#include "drivers/chessnut/chessnut_commands.h"
#include "drivers/chessnut/chessnut_parser.h"

namespace arbiter::chessnut {
namespace {

// Counts instead of storing, so a million bytes stay cheap.
class CountingSink : public ChessnutParser::Sink {
  public:
    void message(const ChessnutMessage& m) override {
        ++messages;
        last = m;
    }
    void warning(const std::string& what) override {
        ++warnings;
        EXPECT_FALSE(what.empty());
    }
    size_t messages = 0;
    size_t warnings = 0;
    std::optional<ChessnutMessage> last;
};

TEST(ChessnutParserSoak, MillionRandomBytesThenAValidFrame) {
    std::mt19937 random(20261128);
    std::uniform_int_distribution<int> byte(0, 255);
    ChessnutParser parser;
    CountingSink sink;
    for (int i = 0; i < 1'000'000; ++i) parser.feed(uint8_t(byte(random)), sink);
    EXPECT_GT(sink.warnings, 0u);
    sink.last.reset();
    // Whatever frame the noise left half-read, the one after it is found.
    std::array<uint8_t, 64> codes{};
    codes[36] = 7;  // a white pawn on e4
    parser.feed(positionReport(codes), sink);
    ASSERT_TRUE(sink.last.has_value());
    ASSERT_TRUE(std::holds_alternative<PositionReport>(*sink.last));
    EXPECT_EQ(std::get<PositionReport>(*sink.last).codes, codes);
}

TEST(ChessnutParserSoak, NoiseBetweenFramesNeverHidesMoreThanTheNoise) {
    // Frames with bursts of random noise between them: every frame whose bytes
    // were not touched is read, and no noise byte is warned about twice.
    std::mt19937 random(7);
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_int_distribution<int> burst(1, 40);
    ChessnutParser parser;
    CountingSink sink;
    size_t noiseBytes = 0;
    size_t batteries = 0;
    for (int round = 0; round < 2000; ++round) {
        const int n = burst(random);
        for (int i = 0; i < n; ++i) parser.feed(uint8_t(byte(random)), sink);
        noiseBytes += size_t(n);
        // Enough zeros to finish any frame the noise started, as a HID report's
        // padding does: what the noise began ends inside them.
        for (size_t i = 0; i < kMaxFrame; ++i) parser.feed(0, sink);
        const size_t before = sink.messages;
        parser.feed(batteryReport(round % 101, false), sink);
        if (sink.messages > before && std::holds_alternative<BatteryReport>(*sink.last))
            ++batteries;
    }
    EXPECT_EQ(batteries, 2000u);
    EXPECT_GT(sink.warnings, 0u);
    EXPECT_LE(sink.warnings, noiseBytes);
}

}  // namespace
}  // namespace arbiter::chessnut
