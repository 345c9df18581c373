// Finding a board by probing (--board auto, device = auto) through the real
// programs: arbiterd asks every port of the virtual board directory, with
// every protocol, who it is, and reads the board that answers as if its
// device had been named (docs/boards.md, "Finding boards").
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/e2e/table_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::e2e {
namespace {

namespace fs = std::filesystem;

// A pseudo-terminal published in the virtual board directory as NAME that
// babbles bytes of no protocol, as a modem or a GPS on a serial port would.
class BabblingPort {
  public:
    BabblingPort(const fs::path& directory, const std::string& name) {
        master_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
        EXPECT_GE(master_, 0);
        EXPECT_EQ(::grantpt(master_), 0);
        EXPECT_EQ(::unlockpt(master_), 0);
        fs::create_directories(directory);
        fs::create_symlink(::ptsname(master_), directory / name);
        babbler_ = std::thread([this] {
            const std::string noise = "\xff\xfe garbage 1 2 3 %%%\r\n\x01\x80\x7f";
            while (!stop_) {
                [[maybe_unused]] auto n = ::write(master_, noise.data(), noise.size());
                char drained[256];
                while (::read(master_, drained, sizeof drained) > 0) {
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        });
    }
    ~BabblingPort() {
        stop_ = true;
        babbler_.join();
        ::close(master_);
    }

  private:
    int master_ = -1;
    std::atomic<bool> stop_{false};
    std::thread babbler_;
};

class FindingBoards : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        vboards_ = std::make_unique<testing::ScopedEnvironment>("ARBITER_VBOARD_DIR",
                                                                (dir_ / "vboards").string());
    }

    std::unique_ptr<testing::ScopedEnvironment> vboards_;
};

TEST_F(FindingBoards, AMillenniumBoardIsFoundAndAGameIsPlayedOnIt) {
    board_ = startBoardNamed("mill", {"--protocol", "millennium"});
    startDaemonWithout({"--board", "auto", "--time", "5+3"});
    expectSaid(
        "board auto: found a millennium board on vboard:mill (Millennium ChessLink version "
        "1.0)");
    expectSaid("board millennium:vboard:mill: connected");
    expectSaid("New game of fide, 5+3.");
    playMoves({{"e2-e4", "1. e4"},
               {"e7-e5", "1... e5"},
               {"g1-f3", "2. Nf3"},
               {"b8-c6", "2... Nc6"},
               {"f1-b5", "3. Bb5"},
               {"a7-a6", "3... a6"},
               {"b5xc6", "4. Bxc6"}});
}

// A port that answers in no protocol is skipped and said to be; with no
// board found, arbiterd says what it tried and what to do, and waits: the
// DGT board started later is found when the ports are probed again.
TEST_F(FindingBoards, NothingFoundIsToldAndWaitedForAndABoardStartedLaterIsFound) {
    BabblingPort junk(dir_ / "vboards", "junk");
    startDaemonWithout({"--board", "auto", "--time", "5+3"});
    // One line says it all: what was tried, what became of it, what to do.
    const int told =
        daemon_->waitFor("board auto: no board found (", std::chrono::seconds(15), seen_);
    ASSERT_GE(told, 0) << daemon_->transcript();
    const auto start = static_cast<size_t>(told);
    EXPECT_EQ(daemon_->waitFor("vboard:junk answers, but in no protocol arbiterd reads; skipped",
                               std::chrono::seconds(0), start),
              told);
    EXPECT_EQ(daemon_->waitFor("plug the board in and switch it on, or name its device",
                               std::chrono::seconds(0), start),
              told);
    EXPECT_EQ(daemon_->waitFor("probing again every 5 s", std::chrono::seconds(0), start), told);
    seen_ = start + 1;
    board_ = startBoardNamed("later");
    expectSaid("board auto: found a dgt board on vboard:later", 20'000);
    expectSaid("board dgt:vboard:later: connected");
    expectSaid("New game of fide, 5+3.");
    play("e2-e4", "1. e4");
    EXPECT_EQ(status().find("junk"), std::string::npos);
}

// A Certabo board found by probing: read by occupancy, as its section says.
TEST_F(FindingBoards, ACertaboBoardIsFoundFromAConfigurationFile) {
    board_ = startBoardNamed("cert", {"--protocol", "certabo"});
    const fs::path config = dir_ / "arbiter.ini";
    std::ofstream(config) << "[board.home]\ndevice = auto\nsensing = occupancy\n";
    startDaemonWithout({"--config", config.string(), "--time", "5+3"});
    expectSaid("board auto: found a certabo board on vboard:cert (Certabo)");
    expectSaid("board certabo:vboard:cert: connected");
    expectSaid("New game of fide, 5+3.");
    playMoves({{"e2-e4", "1. e4"}, {"e7-e5", "1... e5"}, {"g1-f3", "2. Nf3"}});
}

// Found with nothing said of it, a Certabo is read as what it can tell:
// occupancy, uncalibrated, so the start position on it begins the game.
TEST_F(FindingBoards, ACertaboBoardFoundIsReadByWhatItCanTell) {
    board_ = startBoardNamed("cert", {"--protocol", "certabo"});
    startDaemonWithout({"--board", "auto", "--time", "5+3"});
    expectSaid("board auto: found a certabo board on vboard:cert (Certabo)");
    expectSaid("board certabo:vboard:cert: read by occupancy, which is what a certabo board tells");
    expectSaid("New game of fide, 5+3.");
    playMoves({{"e2-e4", "1. e4"}, {"e7-e5", "1... e5"}});
}

// A board to be found has no device that could be missing.
TEST_F(FindingBoards, ATableOfBoardsToBeFoundIsReadyWhenChecked) {
    auto [status, said] =
        runDaemon({"--board", "auto", "--journal", journalDir_, "--check-config"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_NE(said.find("ready to referee"), std::string::npos) << said;
}

}  // namespace
}  // namespace arbiter::e2e
