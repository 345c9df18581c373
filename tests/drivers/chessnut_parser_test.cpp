// The Chessnut parser: frames found by id and length in whatever pieces the
// bytes come, zero padding passed over, noise dropped once per incident and
// the next good frame found again.

#include "drivers/chessnut/chessnut_parser.h"

#include <gtest/gtest.h>

#include "drivers/chessnut/chessnut_commands.h"

namespace arbiter::chessnut {
namespace {

class Recorder : public ChessnutParser::Sink {
  public:
    void message(const ChessnutMessage& m) override { messages.push_back(m); }
    void warning(const std::string& what) override { warnings.push_back(what); }
    std::vector<ChessnutMessage> messages;
    std::vector<std::string> warnings;
};

Recorder parse(const Bytes& bytes) {
    ChessnutParser parser;
    Recorder recorder;
    parser.feed(bytes, recorder);
    return recorder;
}

// The start position in our square order (0 = a8): Chessnut codes.
std::array<uint8_t, 64> startCodes() {
    std::array<uint8_t, 64> codes{};
    const std::array<uint8_t, 8> black = {8, 5, 3, 1, 2, 3, 5, 8};      // r n b q k b n r
    const std::array<uint8_t, 8> white = {6, 10, 9, 11, 12, 9, 10, 6};  // R N B Q K B N R
    for (size_t f = 0; f < 8; ++f) {
        codes[f] = black[f];
        codes[8 + f] = 4;
        codes[48 + f] = 7;
        codes[56 + f] = white[f];
    }
    return codes;
}

Bytes concat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

TEST(ChessnutParser, ThePositionReportStartsAtH8LowNibbleFirst) {
    // The maker's layout: byte 0 holds h8 (low nibble) and g8 (high nibble);
    // the last of the 32 holds b1 (low) and a1 (high).
    Bytes bytes(2 + 36, 0);
    bytes[0] = 0x01;
    bytes[1] = 0x24;
    bytes[2] = 0x28;   // h8 black rook (8), g8 black king (2)
    bytes[33] = 0x6c;  // b1 white king (12), a1 white rook (6)
    Recorder r = parse(bytes);
    ASSERT_EQ(r.messages.size(), 1u);
    ASSERT_TRUE(r.warnings.empty());
    const auto& codes = std::get<PositionReport>(r.messages[0]).codes;
    EXPECT_EQ(codes[7], 8);    // h8
    EXPECT_EQ(codes[6], 2);    // g8
    EXPECT_EQ(codes[57], 12);  // b1
    EXPECT_EQ(codes[56], 6);   // a1
    EXPECT_EQ(codes[0], 0);    // a8
}

TEST(ChessnutParser, AnEncodedPositionReadsBackWhatWasEncoded) {
    Recorder r = parse(positionReport(startCodes(), 0x01020304));
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<PositionReport>(r.messages[0]).codes, startCodes());
    EXPECT_TRUE(r.warnings.empty());
}

TEST(ChessnutParser, FramesComeThroughWhateverTheReadSizes) {
    const Bytes stream = concat({positionReport(startCodes()), batteryReport(80, false),
                                 versionReport("CN_V1.2"), acknowledgement()});
    for (size_t chunk = 1; chunk <= stream.size(); ++chunk) {
        ChessnutParser parser;
        Recorder r;
        for (size_t at = 0; at < stream.size(); at += chunk) {
            const size_t n = std::min(chunk, stream.size() - at);
            parser.feed(std::span<const uint8_t>(stream.data() + at, n), r);
        }
        ASSERT_EQ(r.messages.size(), 4u) << "chunk " << chunk;
        EXPECT_TRUE(r.warnings.empty());
        EXPECT_TRUE(parser.idle());
    }
}

TEST(ChessnutParser, ZeroPaddingOfAHidReportIsNoNoise) {
    Bytes report = batteryReport(55, true);
    report.resize(64, 0);  // a hidraw read: the report filled to its size
    Recorder r = parse(concat({report, report}));
    ASSERT_EQ(r.messages.size(), 2u);
    EXPECT_EQ(std::get<BatteryReport>(r.messages[0]), (BatteryReport{55, true}));
    EXPECT_TRUE(r.warnings.empty());
}

TEST(ChessnutParser, TheBatteryLevelsTopBitSaysCharging) {
    Recorder r = parse({0x2a, 0x02, 0x80 | 42, 0x00, 0x2a, 0x02, 100, 0x00});
    ASSERT_EQ(r.messages.size(), 2u);
    EXPECT_EQ(std::get<BatteryReport>(r.messages[0]), (BatteryReport{42, true}));
    EXPECT_EQ(std::get<BatteryReport>(r.messages[1]), (BatteryReport{100, false}));
}

TEST(ChessnutParser, TheVersionIsTheTextAfterItsZeroByte) {
    Recorder r = parse(versionReport("CHESSNUT_AIR_V1.8"));
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<VersionReport>(r.messages[0]).text, "CHESSNUT_AIR_V1.8");
}

TEST(ChessnutParser, NoiseIsDroppedOnceAndTheNextFrameFound) {
    Recorder r = parse(concat({{0x55, 0x66, 0x77, 0x99}, batteryReport(70, false)}));
    ASSERT_EQ(r.messages.size(), 1u);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0], "skipped bytes outside any frame, starting with 0x55");
}

TEST(ChessnutParser, AnImpossibleLengthIsNoFrameAndTheNextByteIsTriedAsOne) {
    // 0x01 then 0x2a: no position is 42 bytes long, but 0x2a starts a battery report.
    Recorder r = parse({0x01, 0x2a, 0x02, 0x32, 0x00});
    ASSERT_EQ(r.messages.size(), 1u);
    EXPECT_EQ(std::get<BatteryReport>(r.messages[0]).percent, 50);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0], "frame 0x01 (position) announced length 42, expected 32..40");
}

TEST(ChessnutParser, APositionWithAPieceCodeAbove12IsRejectedAndTheRestReadAgain) {
    Bytes bad = positionReport(startCodes());
    bad[2 + 10] = 0xf0;  // squares 20 (e6... h to a) and 21: code 15 in the high nibble
    const Bytes good = batteryReport(30, false);
    // The good frame sits inside the bad one's bytes: read again, it is found.
    Bytes stream = bad;
    stream.insert(stream.begin() + 20, good.begin(), good.end());
    stream.resize(bad.size());
    Recorder r = parse(stream);
    ASSERT_FALSE(r.messages.empty());
    EXPECT_EQ(std::get<BatteryReport>(r.messages[0]).percent, 30);
    ASSERT_GE(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("invalid piece code 15"), std::string::npos) << r.warnings[0];
}

TEST(ChessnutParser, ABatteryAbove100IsNoBatteryReport) {
    Recorder r = parse({0x2a, 0x02, 0x65, 0x00});
    EXPECT_TRUE(r.messages.empty());
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0], "battery report: level 101 above 100 %");
}

TEST(ChessnutParser, AGoodFrameEndsTheIncidentSoTheNextNoiseIsToldAgain) {
    Recorder r = parse(concat({{0x77}, acknowledgement(), {0x77}, acknowledgement()}));
    EXPECT_EQ(r.messages.size(), 2u);
    EXPECT_EQ(r.warnings.size(), 2u);
}

TEST(ChessnutParser, ResetForgetsAPartialFrame) {
    ChessnutParser parser;
    Recorder r;
    const Bytes report = positionReport(startCodes());
    parser.feed(std::span<const uint8_t>(report.data(), 10), r);
    EXPECT_FALSE(parser.idle());
    parser.reset();
    EXPECT_TRUE(parser.idle());
    parser.feed(report, r);
    EXPECT_EQ(r.messages.size(), 1u);
    EXPECT_TRUE(r.warnings.empty());
}

}  // namespace
}  // namespace arbiter::chessnut
