// The Certabo and Sentio driver, talking to a test that plays the board: over
// a socketpair for the protocol logic, and over a real pseudo-terminal through
// the termios transport for the device path.

#include "drivers/certabo/certabo_board.h"

#include <gtest/gtest.h>

#include "drivers/board_protocols.h"
#include "drivers/certabo/calibration.h"
#include "drivers/transport/termios_transport.h"
#include "tests/drivers/certabo_lines.h"
#include "tests/drivers/fake_listener.h"
#include "tests/drivers/pty_pair.h"
#include "tests/drivers/socket_transport.h"

namespace arbiter::certabo {
namespace {

using test::certaboLine;
using test::FakeListener;
using test::sentioLine;
using test::startTags;

constexpr SetPiece kWhitePawn{SetColour::White, Figure::Pawn};
constexpr SetPiece kWhiteQueen{SetColour::White, Figure::Queen};
constexpr int kE2 = 52, kE4 = 36, kD1 = 59;

PieceTags startCalibration() {
    std::string error;
    return *learnStartPosition(startTags(), error);
}

class CertaboBoardTest : public ::testing::Test {
  protected:
    explicit CertaboBoardTest(Model model = Model::Certabo) : board(model, transport, listener) {}

    void boardSends(const std::vector<uint8_t>& bytes) {
        transport.boardSends(bytes);
        ASSERT_TRUE(board.onReadable(0));
    }
    std::vector<FakeListener::Change> changes() const {
        return listener.all<FakeListener::Change>();
    }

    test::SocketTransport transport;
    FakeListener listener;
    CertaboBoard board;
};

TEST_F(CertaboBoardTest, StartSendsNothingTheBoardReadsItselfOut) {
    ASSERT_TRUE(board.start());
    EXPECT_TRUE(transport.boardReceived().empty());
    EXPECT_TRUE(board.requestBoard());
    EXPECT_TRUE(transport.boardReceived().empty());
}

TEST_F(CertaboBoardTest, TheFirstReadingIsTheBoardAndSaysWhoItIs) {
    board.identifyPiecesBy(startCalibration());
    ASSERT_TRUE(board.start());
    boardSends(certaboLine(startTags()));
    ASSERT_EQ(listener.calls.size(), 2u);
    EXPECT_EQ(std::get<BoardIdentity>(listener.calls[0]).protocol, "certabo");
    auto dump = std::get<FakeListener::Dump>(listener.calls[1]).squares;
    EXPECT_EQ(dump[0], (SetPiece{SetColour::Black, Figure::Rook}));
    EXPECT_EQ(dump[kE2], kWhitePawn);
    EXPECT_EQ(dump[kE4], std::nullopt);
    EXPECT_EQ(board.tags()[kE2], startTags()[kE2]);
}

TEST_F(CertaboBoardTest, AChangeCountsOnceTwoReadingsAgree) {
    board.identifyPiecesBy(startCalibration());
    ASSERT_TRUE(board.start());
    SquareTags tags = startTags();
    boardSends(certaboLine(tags));
    tags[kE4] = tags[kE2];
    tags[kE2] = 0;
    boardSends(certaboLine(tags));
    EXPECT_TRUE(changes().empty());
    boardSends(certaboLine(tags));
    ASSERT_EQ(changes().size(), 2u);
    EXPECT_EQ(changes()[0], (FakeListener::Change{kE4, kWhitePawn}));
    EXPECT_EQ(changes()[1], (FakeListener::Change{kE2, std::nullopt}));
    EXPECT_EQ(board.tags()[kE4], startTags()[kE2]);
    boardSends(certaboLine(tags));
    EXPECT_EQ(changes().size(), 2u);
}

TEST_F(CertaboBoardTest, TheTagsOfEverySquareAreToldWithTheDumpAndAfterEachChange) {
    ASSERT_TRUE(board.start());  // uncalibrated: occupancy, but the tags still tell pieces apart
    SquareTags tags = startTags();
    boardSends(certaboLine(tags));
    ASSERT_EQ(listener.tagReports.size(), 1u);
    EXPECT_EQ(listener.tagReports[0], tags);
    tags[kE4] = tags[kE2];
    tags[kE2] = 0;
    boardSends(certaboLine(tags));
    EXPECT_EQ(listener.tagReports.size(), 1u) << "one reading is not yet a change";
    boardSends(certaboLine(tags));
    ASSERT_EQ(listener.tagReports.size(), 2u);
    EXPECT_EQ(listener.tagReports[1], tags);
    boardSends(certaboLine(tags));
    EXPECT_EQ(listener.tagReports.size(), 2u) << "nothing changed, nothing told";
}

TEST_F(CertaboBoardTest, APieceExchangedForALookAlikeChangesOnlyItsTag) {
    board.identifyPiecesBy(startCalibration());
    ASSERT_TRUE(board.start());
    SquareTags tags = startTags();
    boardSends(certaboLine(tags));
    std::swap(tags[kE2], tags[kE2 + 1]);  // the pawns of e2 and f2 change places
    boardSends(certaboLine(tags));
    boardSends(certaboLine(tags));
    EXPECT_TRUE(changes().empty()) << "both squares still show a white pawn";
    ASSERT_EQ(listener.tagReports.size(), 2u);
    EXPECT_EQ(listener.tagReports[1][kE2], startTags()[kE2 + 1]);
    EXPECT_EQ(listener.tagReports[1][kE2 + 1], startTags()[kE2]);
}

TEST_F(CertaboBoardTest, AFlickerOfOneReadingIsNoChange) {
    board.identifyPiecesBy(startCalibration());
    ASSERT_TRUE(board.start());
    SquareTags tags = startTags();
    boardSends(certaboLine(tags));
    SquareTags flicker = tags;
    flicker[kE2] = 0;
    boardSends(certaboLine(flicker));
    boardSends(certaboLine(tags));
    boardSends(certaboLine(tags));
    EXPECT_TRUE(changes().empty());
}

TEST_F(CertaboBoardTest, WithoutACalibrationATakenSquareIsAPlaceholderPawn) {
    ASSERT_TRUE(board.start());
    boardSends(certaboLine(startTags()));
    auto dump = listener.all<FakeListener::Dump>().at(0).squares;
    EXPECT_EQ(dump[0], kWhitePawn);
    EXPECT_EQ(dump[60], kWhitePawn);
    EXPECT_EQ(dump[kE4], std::nullopt);
    EXPECT_FALSE(board.calibrated());
}

TEST_F(CertaboBoardTest, AnUnknownTagIsNoPieceSaidOnce) {
    board.identifyPiecesBy(startCalibration());
    ASSERT_TRUE(board.start());
    SquareTags tags = startTags();
    tags[kD1] = 0x2122232401;  // a spare queen the calibration never saw
    boardSends(certaboLine(tags));
    boardSends(certaboLine(tags));
    auto dump = listener.all<FakeListener::Dump>().at(0).squares;
    EXPECT_EQ(dump[kD1], std::nullopt);
    EXPECT_EQ(listener.warnings(),
              (std::vector<std::string>{"a piece on d1 whose tag 2122232401 the calibration does "
                                        "not know, read as no piece; calibrate with it "
                                        "(arbiterd --calibrate, docs/boards.md)"}));
}

TEST_F(CertaboBoardTest, ACalibrationGivenLaterReadsTheBoardAnew) {
    ASSERT_TRUE(board.start());
    SquareTags tags = startTags();
    tags[kD1] = 0x2122232401;
    boardSends(certaboLine(tags));
    PieceTags calibration = startCalibration();
    calibration[0x2122232401] = kWhiteQueen;
    board.identifyPiecesBy(calibration);
    auto dumps = listener.all<FakeListener::Dump>();
    ASSERT_EQ(dumps.size(), 2u);
    EXPECT_EQ(dumps[1].squares[kD1], kWhiteQueen);
    EXPECT_EQ(dumps[1].squares[0], (SetPiece{SetColour::Black, Figure::Rook}));
}

TEST_F(CertaboBoardTest, ALineOfTheOtherModelIsSaidAndSkipped) {
    ASSERT_TRUE(board.start());
    boardSends(sentioLine({}));
    EXPECT_TRUE(listener.all<FakeListener::Dump>().empty());
    EXPECT_EQ(listener.warnings(),
              (std::vector<std::string>{"a line of 8 numbers; a Certabo board sends 320; skipped "
                                        "(is it a Sentio: sentio:PATH?)"}));
}

TEST_F(CertaboBoardTest, GarbageIsAWarningAndTheNextLineStillCounts) {
    ASSERT_TRUE(board.start());
    std::vector<uint8_t> bytes = {0xff, 0x00, 'x', '\r', '\n'};
    auto line = certaboLine(startTags());
    bytes.insert(bytes.end(), line.begin(), line.end());
    boardSends(bytes);
    EXPECT_EQ(listener.warnings().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
}

TEST_F(CertaboBoardTest, LedsAreEightBytesAndSentOnlyWhenTheyChange) {
    ASSERT_TRUE(board.start());
    EXPECT_TRUE(board.hasLeds());
    std::bitset<64> lit;
    lit.set(kE2).set(kE4);
    ASSERT_TRUE(board.showLeds(lit));
    EXPECT_EQ(transport.boardReceived(), (std::vector<uint8_t>{0, 0, 0, 0, 0x10, 0, 0x10, 0}));
    ASSERT_TRUE(board.showLeds(lit));
    EXPECT_TRUE(transport.boardReceived().empty());
    ASSERT_TRUE(board.showLeds({}));
    EXPECT_EQ(transport.boardReceived(), std::vector<uint8_t>(8, 0));
}

TEST_F(CertaboBoardTest, EndOfFileOrAFailedWriteMeansTheDeviceIsGone) {
    ASSERT_TRUE(board.start());
    transport.failWrites = true;
    EXPECT_FALSE(board.showLeds(std::bitset<64>().set(0)));
    EXPECT_FALSE(board.requestBoard());
    EXPECT_FALSE(board.hasLeds());
}

TEST_F(CertaboBoardTest, EndOfFileMeansTheDeviceIsGone) {
    ASSERT_TRUE(board.start());
    transport.closeBoardEnd();
    EXPECT_FALSE(board.onReadable(0));
}

class SentioBoardTest : public CertaboBoardTest {
  protected:
    SentioBoardTest() : CertaboBoardTest(Model::Sentio) {}
};

TEST_F(SentioBoardTest, ABitmaskPerRankIsOccupancyOnly) {
    board.identifyPiecesBy(startCalibration());  // a Sentio has no tags: ignored
    ASSERT_TRUE(board.start());
    std::bitset<64> taken;
    taken.set(0).set(7).set(kE2);
    boardSends(sentioLine(taken));
    EXPECT_EQ(std::get<BoardIdentity>(listener.calls.at(0)).protocol, "sentio");
    auto dump = listener.all<FakeListener::Dump>().at(0).squares;
    EXPECT_EQ(dump[0], kWhitePawn);
    EXPECT_EQ(dump[kE2], kWhitePawn);
    EXPECT_EQ(dump[kE4], std::nullopt);
    taken.reset(size_t{kE2}).set(size_t{kE4});
    boardSends(sentioLine(taken));
    boardSends(sentioLine(taken));
    ASSERT_EQ(changes().size(), 2u);
    EXPECT_EQ(changes()[0], (FakeListener::Change{kE4, kWhitePawn}));
    EXPECT_EQ(changes()[1], (FakeListener::Change{kE2, std::nullopt}));
    EXPECT_TRUE(listener.tagReports.empty()) << "a taken square is no piece's identity";
}

TEST_F(SentioBoardTest, ACertaboLineIsSaidAndSkipped) {
    ASSERT_TRUE(board.start());
    boardSends(certaboLine(startTags()));
    EXPECT_TRUE(listener.all<FakeListener::Dump>().empty());
    EXPECT_EQ(listener.warnings(),
              (std::vector<std::string>{"a line of 320 numbers; a Sentio board sends 8; skipped "
                                        "(is it a Certabo: certabo:PATH?)"}));
}

TEST(CertaboProtocols, BothAreInTheTableOfDriversAsOccupancyBoardsOnACp210x) {
    const BoardProtocol* certabo = findBoardProtocol("certabo");
    const BoardProtocol* sentio = findBoardProtocol("sentio");
    ASSERT_TRUE(certabo);
    ASSERT_TRUE(sentio);
    EXPECT_TRUE(certabo->readsTags);
    EXPECT_FALSE(sentio->readsTags);
    EXPECT_EQ(certabo->sensing, Sensing::Occupancy);
    EXPECT_EQ(sentio->sensing, Sensing::Occupancy);
    EXPECT_FALSE(certabo->carriesClock);
    SerialPortInfo port;
    port.vendorId = 0x10c4;
    port.productId = 0xea60;
    EXPECT_TRUE(certabo->mayBe(port));
    EXPECT_TRUE(sentio->mayBe(port));
    port.productId = 0xea70;
    EXPECT_FALSE(certabo->mayBe(port));
}

// ---- over a real pseudo-terminal ----

class CertaboBoardOverPty : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(pty.ok());
        std::string error;
        transport = TermiosTransport::open(pty.slavePath(), error);
        ASSERT_TRUE(transport) << error;
        board = std::make_unique<CertaboBoard>(Model::Certabo, *transport, listener);
        board->identifyPiecesBy(startCalibration());
    }

    // Lets the driver read until `done` or a second has passed, as the event loop would.
    template <typename Done>
    bool pump(Done done) {
        for (int i = 0; i < 100 && !done(); ++i) {
            arbiter::test::waitReadable(transport->fd(), 10);
            if (!board->onReadable(0)) return false;
        }
        return true;
    }

    test::PtyPair pty;
    std::unique_ptr<TermiosTransport> transport;
    FakeListener listener;
    std::unique_ptr<CertaboBoard> board;
};

TEST_F(CertaboBoardOverPty, ReadingsBecomeADumpAndAMoveLedsGoOut) {
    ASSERT_TRUE(board->start());
    SquareTags tags = startTags();
    auto session = certaboLine(tags);
    tags[kE4] = tags[kE2];
    tags[kE2] = 0;
    for (int i = 0; i < 2; ++i) {
        auto line = certaboLine(tags);
        session.insert(session.end(), line.begin(), line.end());
    }
    ASSERT_TRUE(pty.send(session));
    ASSERT_TRUE(pump([&] { return listener.all<FakeListener::Change>().size() == 2; }));
    EXPECT_EQ(listener.all<FakeListener::Dump>().size(), 1u);
    EXPECT_EQ(listener.all<FakeListener::Change>()[0], (FakeListener::Change{kE4, kWhitePawn}));
    EXPECT_TRUE(listener.warnings().empty());
    ASSERT_TRUE(board->showLeds(std::bitset<64>().set(kE2).set(kE4)));
    EXPECT_EQ(pty.receive(8), (std::vector<uint8_t>{0, 0, 0, 0, 0x10, 0, 0x10, 0}));
}

TEST_F(CertaboBoardOverPty, HangUpMeansTheDeviceIsGone) {
    ASSERT_TRUE(board->start());
    pty.closeMaster();
    ASSERT_TRUE(arbiter::test::waitReadable(transport->fd(), 1000));
    EXPECT_FALSE(board->onReadable(0));
}

}  // namespace
}  // namespace arbiter::certabo
