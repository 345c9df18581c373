// Nothing is lost when a board or the daemon goes away mid-game.
#include <signal.h>

#include <chrono>
#include <thread>

#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class Resilience : public TableTest {};

TEST_F(Resilience, BoardUnpluggedAndReplugged) {
    startBoard();
    startDaemon();
    expectSaid("New game of fide");
    playMoves({{"e2-e4", "1. e4"}, {"e7-e5", "1... e5"}});
    board_->signal(SIGKILL);
    board_->wait(std::chrono::milliseconds(2000));
    expectSaid("is gone");
    // The board comes back with a move made while it was away.
    startBoard({"--setup", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"});
    // Its return is said, so that whoever was told of its going knows.
    expectSaid(" is back.");
    expectSaid("2. Nf3");
    play("b8-c6", "2... Nc6");
}

TEST_F(Resilience, DaemonKilledAndRestartedResumesTheGame) {
    startBoard();
    startDaemon();
    expectSaid("New game of fide");
    playMoves({{"e2-e4", "1. e4"}, {"e7-e5", "1... e5"}});
    daemon_->signal(SIGKILL);
    daemon_->wait(std::chrono::milliseconds(2000));
    startDaemon();
    expectSaid("Resumed the game");
    expectSaid("White to play move 2");
    play("g1-f3", "2. Nf3");
    auto journal = journalLines();
    EXPECT_NE(journal.back().find("\"notation\":\"Nf3\""), std::string::npos) << journal.back();
}

// The `"clock":[...]` of a JSON line: the clocks exactly as written.
std::string clockField(const std::string& json) {
    const size_t at = json.find("\"clock\":[");
    if (at == std::string::npos) return {};
    return json.substr(at, json.find(']', at) - at + 1);
}

constexpr const char* kMartianForFour = "QQN2NQQ/QNP2PNQ/NPP2PPN/8/8/NPP2PPN/QNP2PNQ/QQN2NQQ";

// A restart needs none of the options the game was started with: Martian
// Chess for four, named players and 10+5, resumed by arbiterd alone.
TEST_F(Resilience, RestartWithoutOptionsResumesTheGameAsItWasStarted) {
    startBoard({"--setup", kMartianForFour});
    startDaemon({"--game", "martian", "--players", "4", "--time", "10+5", "--player", "Ann",
                 "--player", "Bob", "--player", "Cy", "--player", "Dee"});
    expectSaid("New game of martian, 10+5. Ann to move");
    play("a3-a5", "Ann: drone a3-a5 crosses into Bob's territory (a3-a5).");
    daemon_->signal(SIGKILL);
    daemon_->wait(std::chrono::milliseconds(2000));
    // Only where the table is: no game, no players, no time.
    std::vector<std::string> argv = {ARBITERD,    "--board",     "dgt:" + link_,
                                     "--journal", journalDir_,   "--socket",
                                     socket_,     "--settle-ms", "150"};
    daemon_ = std::make_unique<ChildProcess>(argv);
    seen_ = 0;
    expectSaid("Resumed the game");
    expectSaid("Bob to move after 1 turn");
    play("c7-d6", "Bob: pawn c7-d6 (c7-d6).");
    EXPECT_NE(status().find("10+5"), std::string::npos);
}

// Options that contradict the unfinished game are named, with both values and
// the way on; the journal is left as it was.
TEST_F(Resilience, AnOptionThatContradictsTheUnfinishedGameIsNamedWithBothValues) {
    startBoard({"--setup", kMartianForFour});
    startDaemon({"--game", "martian", "--players", "4"});
    expectSaid("New game of martian, 5+3. Player 1 to move");
    play("a3-a5", "Player 1: drone a3-a5 crosses into Player 2's territory (a3-a5).");
    daemon_->signal(SIGTERM);
    daemon_->wait(std::chrono::milliseconds(5000));
    const auto before = journalLines();
    auto [status, said] = runDaemon({"--board", "dgt:" + link_, "--journal", journalDir_,
                                     "--socket", socket_, "--game", "martian", "--players", "2"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("arbiterd: the unfinished game in " + journalDir_ + " ("),
              std::string::npos)
        << said;
    EXPECT_NE(said.find(") was started with --players 4; this command line says --players 2. "
                        "Leave out --players to resume that game, or add --new-game to begin a "
                        "new one"),
              std::string::npos)
        << said;
    EXPECT_EQ(said.find("move the journal"), std::string::npos) << said;
    EXPECT_EQ(said.find("{"), std::string::npos) << said;
    // Another game named: said so, with --new-game.
    std::tie(status, said) = runDaemon({"--board", "dgt:" + link_, "--journal", journalDir_,
                                        "--socket", socket_, "--game", "fide"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("is a game of martian; this command line says --game fide. Leave out "
                        "--game to resume it, or add --new-game to begin a new game of fide"),
              std::string::npos)
        << said;
    EXPECT_EQ(journalLines(), before);
    // --new-game does as it says: the martian game closed, its journal kept.
    startDaemon({"--game", "fide", "--new-game"});
    expectSaid("is closed as abandoned, as --new-game asks; a new game begins.");
}

// After a restart no clock runs while the board is being set up: the time
// charged is the journal's to the millisecond until the board shows the
// position, and then the mover's clock runs.
TEST_F(Resilience, NoClockRunsUntilTheBoardShowsTheResumedPosition) {
    startBoard({"--setup", kMartianForFour});
    startDaemon({"--game", "martian", "--players", "4"});
    expectSaid("New game of martian, 5+3. Player 1 to move");
    play("a3-a5", "Player 1: drone a3-a5 crosses into Player 2's territory (a3-a5).");
    daemon_->signal(SIGKILL);
    daemon_->wait(std::chrono::milliseconds(2000));
    const std::string journalled = clockField(journalLines().back());
    ASSERT_FALSE(journalled.empty());
    board_->send("put e4 P\n");  // a piece put down while arbiterd was down
    startDaemon();
    expectSaid(
        "No clock runs until the boards show this position, or a player says arbiterctl "
        "resume.");
    expectSaid("Set up the position of the resumed game: take the ");
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    auto [code, json] = control({"--json", "status"});
    ASSERT_EQ(code, 0) << json;
    EXPECT_EQ(clockField(json), journalled) << json;
    EXPECT_NE(json.find("\"clockRunning\":false"), std::string::npos) << json;
    play("remove e4", "The position is set up: Player 2's clock runs.");
    std::tie(code, json) = control({"--json", "status"});
    EXPECT_NE(json.find("\"clockRunning\":true"), std::string::npos) << json;
}

// A player may say to go on before the board shows the game: arbiterctl resume.
TEST_F(Resilience, APlayerMayStartTheHeldClockWithArbiterctlResume) {
    startBoard();
    startDaemon();
    expectSaid("New game of fide");
    playMoves({{"e2-e4", "1. e4"}});
    daemon_->signal(SIGKILL);
    daemon_->wait(std::chrono::milliseconds(2000));
    board_->send("put d5 Q\n");
    startDaemon();
    expectSaid("Set up the position of the resumed game");
    auto [code, said] = control({"resume"});
    EXPECT_EQ(code, 0) << said;
    expectSaid("Play goes on, as a player asked: Black's clock runs.");
    std::tie(code, said) = control({"--json", "status"});
    EXPECT_NE(said.find("\"clockRunning\":true"), std::string::npos) << said;
}

}  // namespace
}  // namespace arbiter::e2e
