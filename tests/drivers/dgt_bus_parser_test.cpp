// The parser of what boards on a DGT bus send: replies with their sender's
// address, checked by their checksum, found again after any garbage.

#include "drivers/dgt_bus/dgt_bus_parser.h"

#include <gtest/gtest.h>

#include "drivers/dgt_bus/dgt_bus_commands.h"

namespace arbiter::dgt_bus {
namespace {

class Recorder : public DgtBusParser::Sink {
  public:
    void reply(const BusReply& r) override { replies.push_back(r); }
    void corrupted(int address, uint8_t id) override { corruptions.push_back({address, id}); }
    void warning(const std::string& what) override { warnings.push_back(what); }
    std::vector<BusReply> replies;
    std::vector<std::pair<int, uint8_t>> corruptions;
    std::vector<std::string> warnings;
};

Bytes startPosition() {
    Bytes codes = {0x08, 0x09, 0x0a, 0x0c, 0x0b, 0x0a, 0x09, 0x08};
    codes.insert(codes.end(), 8, 0x07);
    codes.insert(codes.end(), 32, 0x00);
    codes.insert(codes.end(), 8, 0x01);
    codes.insert(codes.end(), {0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02});
    return codes;
}

Recorder parse(const Bytes& bytes) {
    DgtBusParser parser;
    Recorder sink;
    parser.feed(bytes, sink);
    return sink;
}

TEST(DgtBusParser, ABoardDumpNamesItsBoardAndAllSquares) {
    const Recorder r = parse(busReply(kBoardDump, 1025, startPosition()));
    ASSERT_EQ(r.replies.size(), 1u);
    const auto& dump = std::get<BusBoardDump>(r.replies[0]);
    EXPECT_EQ(dump.address, 1025);
    EXPECT_EQ(dump.codes[0], 0x08);   // black rook on a8
    EXPECT_EQ(dump.codes[60], 0x05);  // white king on e1
    EXPECT_TRUE(r.warnings.empty());
}

TEST(DgtBusParser, ChangesPingsAndVersionsComeWithTheirAddress) {
    Bytes bytes = busReply(kChanges, 7, Bytes{0x40, 52, 0x41, 36});
    const Bytes ping = busReply(kPingReply, 8);
    const Bytes version = busReply(kVersion, 9, Bytes{1, 2});
    const Bytes oldVersion = busReply(kVersion, 10);
    const Bytes empty = busReply(kChanges, 11);
    for (const Bytes* b : {&ping, &version, &oldVersion, &empty})
        bytes.insert(bytes.end(), b->begin(), b->end());
    const Recorder r = parse(bytes);
    ASSERT_EQ(r.replies.size(), 5u);
    EXPECT_EQ(std::get<BusChanges>(r.replies[0]), (BusChanges{7, {0x40, 52, 0x41, 36}, false}));
    EXPECT_EQ(std::get<BusPing>(r.replies[1]), (BusPing{8}));
    EXPECT_EQ(std::get<BusVersion>(r.replies[2]), (BusVersion{9, 1, 2}));
    EXPECT_EQ(std::get<BusVersion>(r.replies[3]), (BusVersion{10, 0, 0}));
    EXPECT_EQ(std::get<BusChanges>(r.replies[4]), (BusChanges{11, {}, false}));
    EXPECT_TRUE(r.warnings.empty());
}

TEST(DgtBusParser, AWrongChecksumDropsTheReplyAndNamesTheBoardToAskAgain) {
    Bytes bytes = busReply(kChanges, 1025, Bytes{0x41, 36});
    bytes.back() ^= 0x01;
    const Recorder r = parse(bytes);
    EXPECT_TRUE(r.replies.empty());
    ASSERT_EQ(r.corruptions.size(), 1u);
    EXPECT_EQ(r.corruptions[0], (std::pair<int, uint8_t>{1025, kChanges}));
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("from board 1025: checksum"), std::string::npos) << r.warnings[0];
}

TEST(DgtBusParser, GarbageBeforeAReplyIsOneWarningAndTheReplyComesThrough) {
    Bytes bytes = {0x01, 0x02, 0x03};
    const Bytes ping = busReply(kPingReply, 4);
    bytes.insert(bytes.end(), ping.begin(), ping.end());
    const Recorder r = parse(bytes);
    ASSERT_EQ(r.replies.size(), 1u);
    EXPECT_EQ(r.warnings,
              (std::vector<std::string>{"skipped bytes outside any reply, starting with 0x01"}));
}

TEST(DgtBusParser, AReplyCutShortByAnotherIsOneIncident) {
    Bytes bytes = busReply(kBoardDump, 5, startPosition());
    bytes.resize(20);
    const Bytes ping = busReply(kPingReply, 5);
    bytes.insert(bytes.end(), ping.begin(), ping.end());
    const Recorder r = parse(bytes);
    ASSERT_EQ(r.replies.size(), 1u);
    EXPECT_EQ(std::get<BusPing>(r.replies[0]).address, 5);
    EXPECT_EQ(r.warnings, (std::vector<std::string>{"reply 0x83 (board dump) cut short after 20 "
                                                    "bytes of 70 by a new header 0x87"}));
}

TEST(DgtBusParser, ALengthThatDoesNotFitTheReplyIsSkipped) {
    const Recorder r = parse(Bytes{0x83, 0x00, 0x10, 0x00, 0x01});
    EXPECT_TRUE(r.replies.empty());
    EXPECT_EQ(r.warnings, (std::vector<std::string>{"reply 0x83 (board dump) announced length "
                                                    "16, expected 70; skipped"}));
}

TEST(DgtBusParser, UnknownIdsAndSingleBoardMessagesAreSkipped) {
    // A board left in single-board mode answers with 0x8e field updates.
    Bytes bytes = {0x8e, 0x00, 0x05, 0x24, 0x01};
    const Bytes ping = busReply(kPingReply, 6);
    bytes.insert(bytes.end(), ping.begin(), ping.end());
    const Recorder r = parse(bytes);
    ASSERT_EQ(r.replies.size(), 1u);
    EXPECT_EQ(r.warnings,
              (std::vector<std::string>{"unknown reply id 0x8e; skipped up to the next reply"}));
}

TEST(DgtBusParser, ADumpWithAnInvalidPieceCodeIsIgnored) {
    Bytes codes = startPosition();
    codes[10] = 0x3f;
    const Recorder r = parse(busReply(kBoardDump, 5, codes));
    EXPECT_TRUE(r.replies.empty());
    EXPECT_EQ(r.warnings, (std::vector<std::string>{"board dump from board 5: invalid piece code "
                                                    "0x3f on square 10; reply ignored"}));
}

}  // namespace
}  // namespace arbiter::dgt_bus
