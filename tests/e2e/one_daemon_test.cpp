// One arbiterd per board and per journal folder: a second daemon on either is
// refused, naming the first one's pid (two daemons on one board misread most
// moves; two on one folder lose games).
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class OneDaemon : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        startBoard();
        startDaemon();
        expectSaid("New game of fide");
    }
    std::string first() const {
        return "another arbiterd (pid " + std::to_string(daemon_->pid()) + ")";
    }
};

// Reached through another path (a link to the folder) it is the same folder.
TEST_F(OneDaemon, ASecondOnTheSameJournalFolderIsRefused) {
    const std::string linked = dir_.string() + "/games-link";
    std::filesystem::create_directory_symlink(journalDir_, linked);
    auto [status, said] = runDaemon({"--board", "vboard:elsewhere", "--journal", linked, "--socket",
                                     dir_.string() + "/second.sock"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find(first() + " keeps its games in " + linked +
                        "; stop it, or give this one another folder with --journal"),
              std::string::npos)
        << said;
}

// The first names the board by its link, the second by the pty the link
// leads to: still one board.
TEST_F(OneDaemon, ASecondOnTheSameBoardIsRefusedNamingTheFirst) {
    const std::string pty = std::filesystem::canonical(link_).string();
    auto [status, said] =
        runDaemon({"--board", "dgt:" + pty, "--journal", dir_.string() + "/second-games",
                   "--socket", dir_.string() + "/second.sock"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find("board dgt:" + pty + " is in use by " + first() +
                        "; stop it, or name another board"),
              std::string::npos)
        << said;
    // The first one still referees every move.
    play("e2-e4", "1. e4 (e2e4).");
}

}  // namespace
}  // namespace arbiter::e2e
