// arbiterd describing its games and tables: --list-games, --print-config and
// --check-config, through the real program.
#include <filesystem>
#include <fstream>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

class Configuring : public TableTest {
  protected:
    // What --print-config prints for `args`, written to a file; returns its path.
    std::string printConfig(std::vector<std::string> args, const std::string& name) {
        args.push_back("--print-config");
        auto [status, printed] = runDaemon(args);
        EXPECT_EQ(status, 0) << printed;
        std::string path = (dir_ / name).string();
        std::ofstream(path) << printed;
        return path;
    }
};

TEST_F(Configuring, ListGamesDescribesEveryGame) {
    auto [status, said] = runDaemon({"--list-games"});
    EXPECT_EQ(status, 0) << said;
    for (const char* expected :
         {"fide: FIDE chess", "skirmish: Skirmish", "players    2 to 16 (default 4)",
          "surface    8..64 files x 8..64 ranks (default 8x8)",
          "option     pieces = 1..16 (default 3)", "stand-in   piece = any piece of a chess set"}) {
        EXPECT_NE(said.find(expected), std::string::npos) << expected << "\n" << said;
    }
}

TEST_F(Configuring, PrintedChessConfigurationPassesTheCheck) {
    std::string ini = printConfig({"--game", "fide"}, "fide.ini");
    auto [status, said] = runDaemon({"--config", ini, "--check-config"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_EQ(said, ini +
                        ": ready to referee fide, 2 players, 8x8 cells on 1 board, time 15+10, "
                        "strict-touch=off\n");
}

TEST_F(Configuring, PrintedSkirmishForEightPassesTheCheck) {
    std::string ini = printConfig(
        {"--game", "skirmish", "--players", "8", "--size", "16x16", "--option", "pieces=5"},
        "skirmish.ini");
    std::ifstream in(ini);
    std::string text(std::istreambuf_iterator<char>(in), {});
    for (const char* expected : {"players = 8\n", "size = 16x16\n", "pieces = 5\n",
                                 "piece = white pawn\n", "[board.i9]\n", "device = vboard:i9\n"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    }
    auto [status, said] = runDaemon({"--config", ini, "--check-config"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_EQ(said, ini +
                        ": ready to referee skirmish, 8 players, 16x16 cells on 4 boards, time "
                        "15+10, pieces=5, piece=white pawn\n");
}

// The printed file runs as it is, on the virtual board it names.
TEST_F(Configuring, PrintedConfigurationRunsOnVirtualBoards) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    std::string ini = printConfig({"--game", "skirmish", "--time", "10+0"}, "skirmish.ini");
    board_ = startBoardNamed("main", {"--setup", "PP4PP/P6P/8/8/8/8/P6P/PP4PP"});
    startDaemonWithout({"--config", ini});
    expectSaid("New game of skirmish");
    play("b1-c2", "Player 1: b1-c2");
}

TEST_F(Configuring, CheckStartsNothing) {
    startBoard();  // the device is there: a missing one is refused (below)
    fs::path socket = dir_ / "check.sock";
    auto [status, said] = runDaemon({"--board", "dgt:" + link_, "--socket", socket.string(),
                                     "--journal", journalDir_, "--check-config"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_NE(said.find("ready to referee fide"), std::string::npos) << said;
    EXPECT_FALSE(fs::exists(socket));
    EXPECT_FALSE(fs::exists(journalDir_));
}

TEST_F(Configuring, CheckRefusesBoardsThatDoNotCoverTheSize) {
    std::string ini = (dir_ / "small.ini").string();
    std::ofstream(ini) << "game = skirmish\nplayers = 8\nsize = 16x16\n"
                       << "[board.one]\ndevice = vboard:one\n";
    auto [status, said] = runDaemon({"--config", ini, "--check-config"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find("192 cells of the game are on no board"), std::string::npos) << said;
}

TEST_F(Configuring, APositionIsWhereTheBoardsStartAndABadOneIsRefused) {
    auto [status, said] =
        runDaemon({"--position", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "--print-start"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_EQ(said, "vboard:main 8/8/8/4k3/8/8/4P3/4K3\n");
    std::tie(status, said) = runDaemon({"--position", "8/8 w", "--check-config"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_EQ(said.rfind("arbiterd: position \"8/8 w\" is not a position of fide: ", 0), 0u)
        << said;
}

// With no board named, the game's own virtual boards speak the protocol
// asked for: --print-start names them so, and arbiterd says how to start each.
TEST_F(Configuring, TheGamesOwnVirtualBoardsSpeakTheProtocolAskedFor) {
    auto [status, said] = runDaemon({"--game", "konfusion", "--player", "Ann", "--player", "Bob",
                                     "--vboard-protocol", "millennium", "--print-start"});
    EXPECT_EQ(status, 0) << said;
    for (const char* board : {"millennium:vboard:a1 ", "millennium:vboard:f1 ",
                              "millennium:vboard:a6 ", "millennium:vboard:f6 "})
        EXPECT_NE(said.find(board), std::string::npos) << board << "\n" << said;
    // A bus's boards are each a line of their own, at address 1.
    std::tie(status, said) = runDaemon({"--vboard-protocol", "dgt-bus", "--print-start"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_EQ(said, "dgt-bus:vboard:main@1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n");

    std::tie(status, said) = runDaemon({"--vboard-protocol", "telex", "--print-start"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find("--vboard-protocol: unknown board protocol \"telex\"; known: dgt, "),
              std::string::npos)
        << said;
    std::tie(status, said) =
        runDaemon({"--board", "vboard:left", "--vboard-protocol", "sentio", "--check-config"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find("--vboard-protocol is for the game's own virtual boards"),
              std::string::npos)
        << said;

    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    startDaemonWithout({"--vboard-protocol", "dgt-bus"});
    expectSaid(
        "arbiter-vboard --protocol dgt-bus --name main --address 1 --setup "
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

// ./run starts its virtual board from --print-start: after a restart the board
// must come back as the game was left, not in the start position.
TEST_F(Configuring, PrintStartShowsAGameToBeResumedAsItWasLeft) {
    fs::create_directories(journalDir_);
    std::ofstream(journalDir_ + "/2026-01-01T00-00-00-fide.jsonl")
        << "{\"type\":\"game\",\"game\":\"fide\",\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/"
           "PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"time\":\"5+3\"}\n"
           "{\"type\":\"move\",\"action\":\"e2e4\",\"clock\":[303000,300000]}\n";
    auto [status, said] = runDaemon({"--journal", journalDir_, "--print-start"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_EQ(said, "vboard:main rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\n");
    std::tie(status, said) = runDaemon({"--journal", journalDir_, "--new-game", "--print-start"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_EQ(said, "vboard:main rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n");
    // What arbiterd would refuse to resume, ./run must refuse before it starts anything.
    std::tie(status, said) =
        runDaemon({"--journal", journalDir_, "--time", "10+5", "--print-start"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find("was started with --time 5+3; this command line says --time 10+5"),
              std::string::npos)
        << said;
}

// A mistyped device would be waited for for ever: the check says so.
TEST_F(Configuring, CheckRefusesABoardDeviceThatIsNotThere) {
    const std::string missing = (dir_ / "ttyACM9").string();
    auto [status, said] =
        runDaemon({"--board", "dgt:" + missing, "--journal", journalDir_, "--check-config"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_EQ(said, "arbiterd: the command line: not ready: board dgt:" + missing +
                        ": no such device " + missing +
                        " (is the path right? arbiterd --list-ports lists the serial ports and "
                        "marks likely boards; arbiterd would wait for it)\n");
    // A virtual board is started by name, before or after arbiterd: no fault.
    std::tie(status, said) =
        runDaemon({"--board", "vboard:later", "--journal", journalDir_, "--check-config"});
    EXPECT_EQ(status, 0) << said;
}

TEST_F(Configuring, PrintAndCheckRefuseBadGameSettingsWithTheValidOnes) {
    auto [status, said] =
        runDaemon({"--game", "skirmish", "--option", "pieces=50", "--print-config"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_EQ(said, "arbiterd: option pieces takes 1..16, not \"50\"\n");
    std::string ini = (dir_ / "bad.ini").string();
    std::ofstream(ini) << "game = skirmish\n[board.a]\ndevice = vboard:a\n[stand-ins]\npawn = n\n";
    std::tie(status, said) = runDaemon({"--config", ini, "--check-config"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_EQ(said, "arbiterd: " + ini +
                        ":5: skirmish has no piece \"pawn\" to stand in for; its pieces: piece\n");
}

}  // namespace
}  // namespace arbiter::e2e
