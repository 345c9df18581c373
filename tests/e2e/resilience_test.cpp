// Nothing is lost when a board or the daemon goes away mid-game.
#include <signal.h>

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

}  // namespace
}  // namespace arbiter::e2e
