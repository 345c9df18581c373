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

TEST_F(OneDaemon, ASecondOnTheSameJournalFolderIsRefused) {
    auto [status, said] = runDaemon({"--board", "vboard:elsewhere", "--journal", journalDir_,
                                     "--socket", dir_.string() + "/second.sock"});
    EXPECT_EQ(status, 2) << said;
    EXPECT_NE(said.find(first() + " keeps its games in " + journalDir_ +
                        "; stop it, or give this one another folder with --journal"),
              std::string::npos)
        << said;
}

TEST_F(OneDaemon, ASecondOnTheSameBoardWaitsForItNamingTheFirst) {
    ChildProcess second({ARBITERD, "--board", "dgt:" + link_, "--journal",
                         dir_.string() + "/second-games", "--socket",
                         dir_.string() + "/second.sock"});
    EXPECT_GE(second.waitFor("in use by " + first(), std::chrono::seconds(5)), 0)
        << second.transcript();
    // The first one still referees every move.
    play("e2-e4", "1. e4 (e2e4).");
    EXPECT_LT(second.waitFor("1. e4", std::chrono::milliseconds(500)), 0) << second.transcript();
}

}  // namespace
}  // namespace arbiter::e2e
