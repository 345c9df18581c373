#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tests/e2e/child_process.h"

namespace arbiter::e2e {

// Runs the real programs as a user would: arbiter-vboard on a pseudo-terminal
// and arbiterd refereeing it, each in its own process. Tests type physical
// actions into the vboard and read what arbiterd announces.
class TableTest : public ::testing::Test {
  protected:
    void SetUp() override;
    void TearDown() override;

    void startBoard(std::vector<std::string> extra = {});
    // Another virtual board, on its own pty link dir_/NAME.
    std::unique_ptr<ChildProcess> startBoardAt(const std::string& link,
                                               std::vector<std::string> extra = {});
    // A virtual board published by name (arbiter-vboard --name NAME), in the
    // directory the environment gives; returns once its port is there.
    std::unique_ptr<ChildProcess> startBoardNamed(const std::string& name,
                                                  std::vector<std::string> extra = {});
    // arbiterd on the board, judging once still for 150 ms and playing 5+3
    // unless `extra` gives --settle-ms or --time.
    void startDaemon(std::vector<std::string> extra = {});
    // arbiterd on the virtual board for a whole game, 5+3 with `args`: judged once
    // still for 60 ms rather than 150, since the virtual board makes each move
    // at once and a game is many moves.
    void startDaemonForAGame(std::vector<std::string> args);
    // arbiterd with `args` and the test's journal, socket and settle time, but no --board.
    void startDaemonWithout(std::vector<std::string> args);

    // Types vboard commands (one or more lines) and waits until arbiterd says `expect`.
    void play(const std::string& commands, const std::string& expect);
    // Waits for arbiterd to say `expect` after everything it said so far.
    void expectSaid(const std::string& expect, int timeoutMs = 5000);
    // A game of moves in vboard shorthand, each answered by its SAN announcement.
    void playMoves(const std::vector<std::pair<std::string, std::string>>& moves);

    // Runs arbiterd with `args` to its end (a refusal, a listing); its exit
    // status and what it printed.
    std::pair<int, std::string> runDaemon(std::vector<std::string> args);
    // Runs arbiterctl against this daemon; its exit status and what it printed.
    std::pair<int, std::string> control(std::vector<std::string> args);
    // What `arbiterctl status` prints; it must answer.
    std::string status();
    // `arbiterctl do WORDS`, which must be refused; what it printed.
    std::string refusedDo(const std::vector<std::string>& words);
    std::vector<std::string> journalLines() const;
    std::string recordText() const;

    std::filesystem::path dir_;
    std::string link_;
    std::string journalDir_;
    std::string socket_;
    std::unique_ptr<ChildProcess> board_;
    std::unique_ptr<ChildProcess> daemon_;
    size_t seen_ = 0;  // daemon output lines already matched
};

// A game's own virtual boards, as `arbiterd --game GAME` lays them out when
// no board is named: each started as `--print-start` says, then arbiterd on
// them, judging once the boards are still for 60 ms rather than 150 (a
// virtual board makes each move at once, and a whole game is many moves).
class SeveralBoardsTest : public TableTest {
  protected:
    void TearDown() override;
    // The boards named `names`, in that order, each showing its part of the
    // start; `options`, when given, adds options of each board's own.
    void startBoards(const std::vector<std::string>& names,
                     const std::vector<std::string>& gameArgs,
                     const std::vector<std::vector<std::string>>& options = {});
    // arbiterd with `gameArgs`, no board named, and a 10+5 clock.
    void startDaemonOnTheBoards(const std::vector<std::string>& gameArgs);

    std::vector<std::string> boardNames_;
    std::vector<std::unique_ptr<ChildProcess>> boards_;
};

}  // namespace arbiter::e2e
