// Whole games played through the virtual board, as players would.
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

class FullGame : public TableTest {};

TEST_F(FullGame, MorphysOperaGameEndsInMateAndIsRecorded) {
    startBoard();
    startDaemon();
    expectSaid("New game of fide");
    // clang-format off
    playMoves({{"e2-e4", "1. e4"},           {"e7-e5", "1... e5"},
               {"g1-f3", "2. Nf3"},          {"d7-d6", "2... d6"},
               {"d2-d4", "3. d4"},           {"c8-g4", "3... Bg4"},
               {"d4xe5", "4. dxe5"},         {"g4xf3", "4... Bxf3"},
               {"d1xf3", "5. Qxf3"},         {"d6xe5", "5... dxe5"},
               {"f1-c4", "6. Bc4"},          {"g8-f6", "6... Nf6"},
               {"f3-b3", "7. Qb3"},          {"d8-e7", "7... Qe7"},
               {"b1-c3", "8. Nc3"},          {"c7-c6", "8... c6"},
               {"c1-g5", "9. Bg5"},          {"b7-b5", "9... b5"},
               {"c3xb5", "10. Nxb5"},        {"c6xb5", "10... cxb5"},
               {"c4xb5", "11. Bxb5+"},       {"b8-d7", "11... Nbd7"},
               {"e1-c1\na1-d1", "12. O-O-O"}, {"a8-d8", "12... Rd8"},
               {"d1xd7", "13. Rxd7"},        {"d8xd7", "13... Rxd7"},
               {"h1-d1", "14. Rd1"},         {"e7-e6", "14... Qe6"},
               {"b5xd7", "15. Bxd7+"},       {"f6xd7", "15... Nxd7"},
               {"b3-b8", "16. Qb8+"},        {"d7xb8", "16... Nxb8"},
               {"d1-d8", "17. Rd8#"}});
    // clang-format on
    expectSaid("Game over: checkmate. White wins");

    std::string pgn = recordText();
    EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Termination \"normal\"]"), std::string::npos) << pgn;
    // Each move with its mover's clock after it; the times depend on the run.
    EXPECT_NE(pgn.find("12. O-O-O {[%clk 0:0"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("12... Rd8 {[%clk 0:0"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("17. Rd8# {[%clk 0:0"), std::string::npos) << pgn;
    auto journal = journalLines();
    ASSERT_FALSE(journal.empty());
    EXPECT_NE(journal.front().find("\"type\":\"game\""), std::string::npos);
    EXPECT_NE(journal.back().find("\"type\":\"result\""), std::string::npos);
}

// arbiterd --speak on a stand-in espeak-ng that writes down what it is asked
// to say; without espeak-ng in PATH, --speak is refused before anything starts.
TEST_F(FullGame, ASpeakingTableSaysEachMoveThroughEspeak) {
    const std::string bin = (dir_ / "bin").string(), said = (dir_ / "said.txt").string();
    std::filesystem::create_directories(bin);
    std::ofstream(bin + "/espeak-ng") << "#!/bin/sh\necho \"$2 $4\" >> " << said << "\n";
    ::chmod((bin + "/espeak-ng").c_str(), 0755);
    {
        testing::ScopedEnvironment path("PATH", bin);
        startBoard();
        startDaemon({"--speak", "de"});
    }
    expectSaid("speaking the announcements in de");
    expectSaid("New game of fide");
    playMoves({{"e2-e4", "1. e4"}, {"g8-f6", "1... Nf6"}});
    auto heard = [&] {
        std::ifstream in(said);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    };
    for (int i = 0; i < 100 && heard().find("de Springer f6\n") == std::string::npos; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_EQ(heard(),
              "de Bitte die Grundstellung aufbauen\nde Neue Partie Schach\nde e4\n"
              "de Springer f6\n");

    testing::ScopedEnvironment path("PATH", (dir_ / "nothing").string());
    auto [status, output] = runDaemon({"--speak"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(output.find("speak needs the espeak-ng program, and there is none in PATH"),
              std::string::npos)
        << output;
}

TEST_F(FullGame, EnPassantAndUnderPromotion) {
    startBoard();
    startDaemon();
    expectSaid("New game of fide");
    playMoves({{"e2-e4", "1. e4"}, {"a7-a6", "1... a6"}, {"e4-e5", "2. e5"}, {"d7-d5", "2... d5"}});
    // En passant: the capturing pawn moves, then the captured pawn is taken off.
    play("e5-d6\nremove d5", "3. exd6 (e5d6), takes the black pawn on d5");
    playMoves({{"a6-a5", "3... a5"}, {"d6xc7", "4. dxc7"}, {"a5-a4", "4... a4"}});
    // Under-promotion: the pawn leaves, the knight on b8 is taken, a white knight arrives.
    play("remove c7\nremove b8\nput b8 N", "5. cxb8=N");
    auto journal = journalLines();
    EXPECT_NE(journal.back().find("\"action\":\"c7b8n\""), std::string::npos) << journal.back();
}

// An Italian opening to the point where White may castle kingside.
const std::vector<std::pair<std::string, std::string>> kReadyToCastle = {
    {"e2-e4", "1. e4"},   {"e7-e5", "1... e5"}, {"g1-f3", "2. Nf3"},
    {"b8-c6", "2... Nc6"}, {"f1-c4", "3. Bc4"},  {"f8-c5", "3... Bc5"}};

TEST_F(FullGame, CastlingWithTheRookFirstIsCastling) {
    startBoard();
    startDaemon();
    expectSaid("New game of fide");
    playMoves(kReadyToCastle);
    // The rook left still for longer than the settle time is a rook move...
    play("h1-f1", "4. Rf1 (h1f1)");
    // ...until the king completes castling: then castling is the move.
    play("e1-g1", "4. O-O (e1g1), in place of Rf1.");
    play("d7-d6", "4... d6");
    auto journal = journalLines();
    ASSERT_GE(journal.size(), 3u);
    EXPECT_NE(journal[journal.size() - 3].find("\"replacedBy\":\"e1g1\""), std::string::npos)
        << journal[journal.size() - 3];
}

TEST_F(FullGame, WithStrictTouchCastlingBeginsWithTheKing) {
    startBoard();
    startDaemon({"--option", "strict-touch=on"});
    expectSaid("New game of fide");
    playMoves(kReadyToCastle);
    play("h1-f1", "4. Rf1 (h1f1)");
    play("e1-g1", "Illegal position: castling begins with the king");
    play("g1-e1", "The position is correct again. Black to move.");
}

TEST_F(FullGame, BoardSetUpFromBlacksSideIsTurnedRound) {
    startBoard({"--rotated"});
    startDaemon();
    expectSaid("New game of fide");
    // With the board turned round, White's e2-e4 is the board's own d7-d5.
    play("d7-d5", "1. e4");
    play("d2-d4", "1... e5");
}

TEST_F(FullGame, FlagFallLosesTheGame) {
    startBoard();
    startDaemon({"--time", "0.05+0"});  // three seconds each
    expectSaid("New game of fide");
    play("e2-e4", "1. e4");
    expectSaid("Black's flag has fallen", 6000);
    expectSaid("Game over: Black lost on time. White wins");
    EXPECT_NE(recordText().find("[Result \"1-0\"]"), std::string::npos);
}

TEST_F(FullGame, NewGameStartsWhenTheStartPositionIsSetUpAgain) {
    startBoard();
    startDaemon({"--time", "0.02+0"});
    expectSaid("New game of fide");
    play("e2-e4", "1. e4");
    expectSaid("Game over", 4000);
    play("e4-e2", "New game of fide");
}

// Fast play through the real DGT byte stream: a capture of what a board sends
// (tests/e2e/captures) is replayed by the vboard, every field update on its
// sensors at its recorded time, scanned every millisecond and reported at the
// first scan, so that arbiterd reads the capture's messages at the capture's pace.
class ReplayedCapture : public TableTest {
  protected:
    // Replays `capture` into arbiterd (settle time 300 ms, as by default) and
    // waits until the capture's last update is on the sensors.
    void replay(const std::string& capture, int durationMs) {
        startBoard({"--scan-ms", "1", "--debounce", "1"});
        startDaemon({"--settle-ms", "300"});
        expectSaid("New game of fide");
        board_->send("replay " + std::string(ARBITER_E2E_CAPTURES) + "/" + capture + "\n");
        ASSERT_GE(board_->waitFor("vboard: replay done", std::chrono::milliseconds(durationMs)), 0)
            << board_->transcript();
    }
    // The moves of the journal, in order, in SAN; a move taken back or replaced
    // (one invented, then corrected) would show as such.
    std::string journalMoves() const {
        const std::regex notation(R"re("notation":"([^"]*)")re");
        std::string moves;
        for (const std::string& line : journalLines()) {
            std::smatch found;
            if (line.find("\"type\":\"move\"") != std::string::npos &&
                std::regex_search(line, found, notation)) {
                moves += (moves.empty() ? "" : " ") + found[1].str();
            } else if (line.find("\"type\":\"game\"") == std::string::npos) {
                moves += " [" + line + "]";
            }
        }
        return moves;
    }
    // Nothing was said against the board: no illegal position, no guess asked for.
    void expectNothingSaidAgainstTheBoard() const {
        const std::string said = daemon_->transcript();
        EXPECT_EQ(said.find("Illegal"), std::string::npos) << said;
        EXPECT_EQ(said.find("more than one move"), std::string::npos) << said;
    }
};

// Kasparov - Topalov 1999, 87 plies, a move begun every 150 ms: every move is
// recorded, in order, and none is invented.
TEST_F(ReplayedCapture, AWholeGameAt150MsAMoveIsRecordedMoveByMove) {
    replay("kasparov-topalov-1999-150ms.dgt", 20000);
    expectSaid("44. Qa7", 3000);
    // clang-format off
    EXPECT_EQ(journalMoves(),
        "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5 O-O-O Qe7 "
        "Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 "
        "Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 "
        "Qxf6 Kxa3 Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 "
        "Qa8 c3 Qa4+ Ke1 f4 f5 Kc1 Rd2 Qa7");
    // clang-format on
    expectNothingSaidAgainstTheBoard();
}

// At 50 ms a move: captures both ways round, a promotion with a capture, and
// castling on both sides.
TEST_F(ReplayedCapture, CapturesPromotionAndCastlingAt50MsAMoveAreRecorded) {
    replay("promotion-and-castling-50ms.dgt", 5000);
    expectSaid("9... O-O-O", 3000);
    EXPECT_EQ(journalMoves(),
              "e4 f5 exf5 g6 fxg6 Bg7 gxh7 Nc6 hxg8=Q+ Rxg8 Nf3 d6 Bc4 Be6 O-O Qd7 d3 O-O-O");
    expectNothingSaidAgainstTheBoard();
}

}  // namespace
}  // namespace arbiter::e2e
