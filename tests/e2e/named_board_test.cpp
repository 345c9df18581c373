// A board named vboard:NAME in the configuration: the virtual board of that
// name, wherever it publishes its port, whenever it starts.
#include <fstream>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

class NamedBoard : public TableTest {};

// arbiterd is there first, as at a tournament where the referee is up before
// the boards: it waits for a board whose directory does not even exist yet,
// and referees it once `arbiter-vboard --name` brings it.
TEST_F(NamedBoard, DaemonWaitsForTheVirtualBoardOfThatName) {
    testing::ScopedEnvironment vboards("ARBITER_VBOARD_DIR", (dir_ / "vboards").string());
    std::string ini = (dir_ / "table.ini").string();
    std::ofstream(ini) << "game = fide\ntime = 5+3\n[board.main]\ndevice = vboard:main-1\n";
    startDaemonWithout({"--config", ini});
    // Waited for as a board not started yet, not as a fault.
    expectSaid(
        "board vboard:main-1: waiting for the virtual board (start it: arbiter-vboard "
        "--name main-1)");
    EXPECT_FALSE(std::filesystem::exists(dir_ / "vboards"));

    board_ = startBoardNamed("main-1");
    EXPECT_TRUE(std::filesystem::is_symlink(dir_ / "vboards" / "main-1"));
    expectSaid("board vboard:main-1: connected", 5000);
    expectSaid("New game of fide");
    play("e2-e4", "1. e4");
    play("e7-e5", "1... e5");
}

}  // namespace
}  // namespace arbiter::e2e
