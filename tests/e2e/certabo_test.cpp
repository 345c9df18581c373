// Certabo and Tabutronic Sentio boards through the real programs: arbiter-vboard
// --protocol certabo|sentio on a pseudo-terminal, and arbiterd reading it with
// its certabo or sentio driver, as docs/boards.md tells a user to.
#include <filesystem>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

class CertaboTable : public TableTest {
  protected:
    // A virtual board of `protocol` published as NAME, as --board PROTOCOL:vboard:NAME reads it.
    void startBoardSpeaking(const std::string& protocol, std::vector<std::string> extra = {}) {
        extra.insert(extra.begin(), {"--protocol", protocol});
        board_ = startBoardNamed("x", extra);
    }
};

const std::vector<std::pair<std::string, std::string>> kOpening = {
    {"e2-e4", "1. e4"},   {"e7-e5", "1... e5"},   {"g1-f3", "2. Nf3"},  {"d7-d6", "2... d6"},
    {"d2-d4", "3. d4"},   {"c8-g4", "3... Bg4"},  {"d4xe5", "4. dxe5"}, {"g4xf3", "4... Bxf3"},
    {"d1xf3", "5. Qxf3"}, {"d6xe5", "5... dxe5"}, {"f1-c4", "6. Bc4"},  {"g8-f6", "6... Nf6"},
};

// Calibrated at the table from the start position, the Certabo tells colour
// and kind: a game of chess is announced move by move, captures included.
TEST_F(CertaboTable, CalibratedFromTheStartPositionThenAGameIsAnnounced) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startBoardSpeaking("certabo");
    auto [status, said] =
        runDaemon({"--board", "certabo:vboard:x", "--journal", journalDir_, "--calibrate"});
    ASSERT_EQ(status, 0) << said;
    EXPECT_NE(said.find("board certabo:vboard:x: learnt 16 white and 16 black pieces"),
              std::string::npos)
        << said;
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(journalDir_) / "certabo-pieces.txt"));

    startDaemonWithout({"--board", "certabo:vboard:x", "--time", "5+3"});
    expectSaid("board certabo:vboard:x: connected");
    expectSaid("New game of fide, 5+3.");
    playMoves(kOpening);
    // A piece of the wrong colour put back is seen as such: the board knows kinds.
    play("lift c4\nplace c4 b", "To fix");
}

// Not calibrated, a Certabo is read as occupancy only, and arbiterd says how
// to calibrate it; the game is followed all the same. A capture is made as
// an occupancy board needs it, the captured piece taken off first so that its
// square is seen touched (docs/arbiterd.md), or in a single movement, which
// the chips show: the square holds another piece, though it looks the same.
TEST_F(CertaboTable, UncalibratedItIsReadByOccupancyAndSaysHowToCalibrate) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startBoardSpeaking("certabo");
    startDaemonWithout({"--board", "certabo:vboard:x", "--time", "5+3"});
    expectSaid("board certabo:vboard:x: not calibrated, so it is read as occupancy only");
    expectSaid("New game of fide, 5+3.");
    playMoves({{"e2-e4", "1. e4"},
               {"e7-e5", "1... e5"},
               {"g1-f3", "2. Nf3"},
               {"d7-d6", "2... d6"},
               {"d2-d4", "3. d4"},
               {"c8-g4", "3... Bg4"},
               {"remove e5\nwait 100\nd4-e5", "4. dxe5"},
               // The chip on f3 changes: the capture is seen made in one movement.
               {"g4-f3", "4... Bxf3"}});
}

// A Certabo tells each piece by its chip, calibrated or not (docs/arbiterd.md,
// "Boards that tell each piece apart"). In Skirmish every piece is a white
// pawn: a capture that leaves the captured piece standing is refused, saying
// which piece belongs there; a capture made in one movement is seen made;
// two players' pieces exchanged are refused until they are put back.
TEST_F(CertaboTable, ItsChipsTellSkirmishsLookAlikesApart) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startBoardSpeaking("certabo", {"--setup", "8/8/8/8/8/8/P6P/PP4PP"});
    startDaemonWithout({"--board", "certabo:vboard:x", "--time", "10+0", "--game", "skirmish",
                        "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of skirmish");
    play("b1-c1", "1. b1-c1 (b1-c1)");
    play("g1-f1", "1... g1-f1 (g1-f1)");
    play("c1-d1", "2. c1-d1 (c1-d1)");
    play("f1-e1", "2... f1-e1 (f1-e1)");
    // Both lifted, and Bob's piece put back where Ann's should stand.
    play("lift d1\nlift e1\nwait 200\nplace e1",
         "the white pawn on e1 is another piece than the one that belongs there: put the one "
         "from d1 there");
    play("place d1", "The position is correct again. Ann to move.");
    play("d1-e1", "3. d1xe1 (d1-e1), takes the white pawn on e1");
    play("lift a2\nlift h2\nplace a2\nplace h2",
         "the white pawn on a2 is another piece than the one that belongs there: exchange it for "
         "the one on h2");
    play("lift a2\nlift h2\nplace a2\nplace h2", "The position is correct again. Bob to move.");
    play("h2-g2", "3... h2-g2 (h2-g2)");
}

// Martian Chess on an uncalibrated Certabo: a piece that crosses the canal
// becomes the other player's, which its chip does not contradict, and a
// capture made in one movement is seen by the chip that changed.
TEST_F(CertaboTable, MartianChessPiecesCrossTheCanalWithTheirChips) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startBoardSpeaking("certabo", {"--setup", "1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5"});
    startDaemonWithout({"--board", "certabo:vboard:x", "--time", "5+3", "--game", "martian",
                        "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of martian, 5+3. Ann to move");
    play("a3-a5", "1. drone a3-a5 crosses into Bob's territory (a3-a5).");
    play("d6-d5", "1... drone d6-d5 (d6-d5).");
    play("a2-a5", "2. queen a2xa5 for 2 points, 2 in all (a2xa5)");
    play("b8-a8", "2... drone b8-a8 (b8-a8).");
}

// Calibrating a board that does not show the start position is refused, and
// nothing is written.
TEST_F(CertaboTable, CalibratingAnythingButTheStartPositionIsRefused) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startBoardSpeaking("certabo", {"--setup", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"});
    auto [status, said] =
        runDaemon({"--board", "certabo:vboard:x", "--journal", journalDir_, "--calibrate"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find("the board does not show the chess start position (white on its ranks 1 "
                        "and 2); no piece on e2; a piece on e4"),
              std::string::npos)
        << said;
    EXPECT_FALSE(
        std::filesystem::exists(std::filesystem::path(journalDir_) / "certabo-pieces.txt"));
}

// Martian Chess for two on a Sentio, which senses occupancy only: moves and a
// capture (its square seen touched as the piece is taken) are announced.
TEST_F(CertaboTable, MartianChessOnASentio) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startBoardSpeaking("sentio", {"--setup", "1NQQ4/1PNQ4/1PPN4/8/8/NPP5/QNP5/QQN5"});
    startDaemonWithout({"--board", "sentio:vboard:x", "--time", "5+3", "--game", "martian",
                        "--player", "Ann", "--player", "Bob"});
    expectSaid("New game of martian, 5+3. Ann to move");
    play("a3-a5", "1. drone a3-a5 crosses into Bob's territory (a3-a5).");
    play("d6-d5", "1... drone d6-d5 (d6-d5).");
    play("remove a5\nwait 100\na2-a5", "2. queen a2xa5 for 2 points, 2 in all (a2xa5)");
}

}  // namespace
}  // namespace arbiter::e2e
