// The Certabo and Sentio protocols on a virtual board: what it sends each scan,
// and the LED frames it takes, as docs/protocols/certabo.md describes them.

#include "firmware-bridge/vboard/certabo_emulation.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "drivers/certabo/number_lines.h"
#include "drivers/certabo/readings.h"
#include "firmware-bridge/vboard/board_notation.h"
#include "firmware-bridge/vboard/physical_board.h"

namespace arbiter::vboard {
namespace {

class CertaboEmulationTest : public ::testing::Test {
  protected:
    CertaboEmulation make(CertaboEmulation::Model model) {
        pieces_.setup(startPosition());
        return CertaboEmulation(model, hardware_, 50);
    }
    // The next scan.
    void scan(CertaboEmulation& board) {
        now_ += 50;
        board.tick();
    }
    std::string sentText() const { return std::string(sent_.begin(), sent_.end()); }

    uint32_t now_ = 1000;
    std::vector<uint8_t> sent_;
    VirtualHardware hardware_{[this](std::span<const uint8_t> bytes) {
                                  sent_.insert(sent_.end(), bytes.begin(), bytes.end());
                              },
                              [this] { return now_; }};
    PhysicalBoard pieces_{hardware_.sensors(), &hardware_.pieceIds()};
};

TEST_F(CertaboEmulationTest, ASentioSendsARankBitmaskLineEachScan) {
    auto board = make(CertaboEmulation::Model::Sentio);
    board.start();
    board.tick();
    EXPECT_EQ(sentText(), ":255 255 0 0 0 0 255 255\r\n");
    EXPECT_EQ(board.scansCompleted(), 1u);
    EXPECT_EQ(board.millisecondsUntilNextScan(), 50u);
    board.tick();
    EXPECT_EQ(board.scansCompleted(), 1u) << "not before the scan period has passed";
    hardware_.sensors()[36] = 1;  // a white pawn on e4 (DGT code 1)
    hardware_.sensors()[0] = 0;   // a8 empty
    now_ += 50;
    board.tick();
    EXPECT_EQ(sentText(), ":255 255 0 0 0 0 255 255\r\n:127 255 0 0 8 0 255 255\r\n");
}

// What the Certabo sends is what arbiterd's parser and readings read: every
// piece's chip in its five numbers, each piece its own, nothing on the empty
// squares; a piece moved keeps its chip.
TEST_F(CertaboEmulationTest, ACertaboSendsEachPiecesOwnChipAsFiveNumbers) {
    auto board = make(CertaboEmulation::Model::Certabo);
    board.start();
    board.tick();
    struct Lines : certabo::NumberLineParser::Sink {
        void line(std::span<const uint8_t> numbers) override {
            tags = certabo::certaboTags(numbers);
        }
        void warning(const std::string& what) override { warnings.push_back(what); }
        std::optional<SquareTags> tags;
        std::vector<std::string> warnings;
    } lines;
    certabo::NumberLineParser parser;
    parser.feed(sent_, lines);
    ASSERT_TRUE(lines.tags);
    EXPECT_TRUE(lines.warnings.empty());
    const auto start = startPosition();
    std::set<uint64_t> distinct;
    for (size_t s = 0; s < 64; ++s) {
        EXPECT_EQ((*lines.tags)[s], board.chips()[s]) << "square " << s;
        EXPECT_EQ((*lines.tags)[s] != 0, start[s] != 0) << "square " << s;
        if (start[s]) distinct.insert(board.chips()[s]);
    }
    EXPECT_EQ(distinct.size(), 32u);
    const uint64_t e2 = board.chips()[52];
    ASSERT_TRUE(pieces_.lift(52).ok());
    scan(board);
    ASSERT_TRUE(pieces_.place(36, std::nullopt).ok());
    scan(board);
    EXPECT_EQ(board.chips()[36], e2);
    EXPECT_EQ(board.chips()[52], 0u);
}

// A chip is the piece's, whatever the hands do faster than a scan: a piece
// that takes a look-alike in one movement brings its own chip, the captured
// one's leaves; a piece lifted and put back is itself; the box gives back the
// pieces put in it, and new ones once it holds none of that kind.
TEST_F(CertaboEmulationTest, EachPieceKeepsItsChipHoweverTheHandsMoveIt) {
    auto board = make(CertaboEmulation::Model::Certabo);
    board.start();
    const uint64_t e2 = board.chips()[52], f2 = board.chips()[53];
    ASSERT_TRUE(pieces_.move(52, 53).ok());  // e2xf2: a white pawn onto a white pawn
    scan(board);
    EXPECT_EQ(board.chips()[53], e2);
    ASSERT_TRUE(pieces_.lift(53).ok());
    ASSERT_TRUE(pieces_.place(53, std::nullopt).ok());
    scan(board);
    EXPECT_EQ(board.chips()[53], e2) << "lifted and put back within one scan";
    ASSERT_TRUE(pieces_.put(36, 1).ok());  // a white pawn from the box: f2's, taken
    ASSERT_TRUE(pieces_.put(35, 1).ok());  // and a new one
    scan(board);
    EXPECT_EQ(board.chips()[36], f2);
    EXPECT_NE(board.chips()[35], 0u);
    EXPECT_NE(board.chips()[35], e2);
    EXPECT_NE(board.chips()[35], f2);
}

TEST_F(CertaboEmulationTest, EightHostBytesSetTheLedsOneRankEach) {
    auto board = make(CertaboEmulation::Model::Certabo);
    board.start();
    const std::vector<uint8_t> frame = {0x81, 0, 0, 0, 0x10, 0, 0x10, 0};
    hardware_.deliverFromHost(std::span(frame).first(5));
    board.tick();
    EXPECT_FALSE(hardware_.ledOn(0)) << "half a frame lights nothing";
    hardware_.deliverFromHost(std::span(frame).subspan(5));
    board.tick();
    for (int s : {0, 7, 36, 52}) EXPECT_TRUE(hardware_.ledOn(s)) << s;
    EXPECT_FALSE(hardware_.ledOn(1));
    hardware_.deliverFromHost(std::vector<uint8_t>(8, 0));
    board.tick();
    for (int s : {0, 7, 36, 52}) EXPECT_FALSE(hardware_.ledOn(s)) << s;
}

}  // namespace
}  // namespace arbiter::vboard
