// Choosing and opening a transport from a configured path.

#include "drivers/transport/open_transport.h"

#include <gtest/gtest.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "drivers/transport/device_errors.h"
#include "tests/drivers/pty_pair.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using test::PtyPair;

// A scratch directory removed at the end of the test.
class ScratchDir {
  public:
    ScratchDir() {
        char pattern[] = "/tmp/arbiter-drivers-XXXXXX";
        path_ = ::mkdtemp(pattern) ? pattern : "";
    }
    ~ScratchDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    std::string operator/(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

TEST(OpenTransport, MissingDeviceIsAClearError) {
    std::string error;
    EXPECT_EQ(openTransport("/dev/ttyACM-arbiter-missing", error), nullptr);
    EXPECT_EQ(error, "no such device: /dev/ttyACM-arbiter-missing");
}

TEST(OpenTransport, DanglingLinkIsAMissingDevice) {
    ScratchDir dir;
    fs::create_symlink("/dev/ttyACM-arbiter-missing", dir / "dgt-board-1");
    std::string error;
    EXPECT_EQ(openTransport(dir / "dgt-board-1", error), nullptr);
    EXPECT_EQ(error, "no such device: " + (dir / "dgt-board-1"));
}

TEST(OpenTransport, EmptyPathIsAnError) {
    std::string error;
    EXPECT_EQ(openTransport("", error), nullptr);
    EXPECT_FALSE(error.empty());
}

TEST(OpenTransport, RegularFileIsNotASerialDevice) {
    ScratchDir dir;
    std::ofstream(dir / "board.txt") << "hello";
    std::string error;
    EXPECT_EQ(openTransport(dir / "board.txt", error), nullptr);
    EXPECT_NE(error.find("not a serial device"), std::string::npos) << error;
}

TEST(OpenTransport, PseudoTerminalOpensWithTermios) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    EXPECT_TRUE(isPseudoTerminal(pty.slavePath()));
    std::string error;
    auto transport = openTransport(pty.slavePath(), error);
    ASSERT_TRUE(transport) << error;
    EXPECT_EQ(transport->describe(), pty.slavePath() + " (termios)");
    // Not held exclusively: the flag would outlive a daemon killed with -9,
    // since the virtual board keeps its slave open (termios_transport.h).
    int exclusive = -1;
    ASSERT_EQ(::ioctl(transport->fd(), TIOCGEXCL, &exclusive), 0);
    EXPECT_EQ(exclusive, 0);
    const uint8_t reset = 0x40;
    ASSERT_TRUE(transport->write(&reset, 1));
    EXPECT_EQ(pty.receive(1), std::vector<uint8_t>{0x40});
}

TEST(OpenTransport, LinkToAPseudoTerminalIsFollowedAndNamed) {
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    ScratchDir dir;
    fs::create_symlink(pty.slavePath(), dir / "dgt-board-1");
    std::string error;
    auto transport = openTransport(dir / "dgt-board-1", error);
    ASSERT_TRUE(transport) << error;
    EXPECT_EQ(transport->describe(),
              (dir / "dgt-board-1") + " -> " + pty.slavePath() + " (termios)");
}

TEST(OpenTransport, OrdinaryCharacterDevicesAreNotPseudoTerminals) {
    EXPECT_FALSE(isPseudoTerminal("/dev/null"));
    EXPECT_FALSE(isPseudoTerminal("/nonexistent"));
    EXPECT_TRUE(isPseudoTerminal("/dev/pts/7"));
}

TEST(OpenTransport, PermissionDeniedSaysWhatToDo) {
    if (::geteuid() == 0) GTEST_SKIP() << "root may open anything";
    PtyPair pty;
    ASSERT_TRUE(pty.ok());
    ASSERT_EQ(::chmod(pty.slavePath().c_str(), 0), 0);
    std::string error;
    EXPECT_EQ(openTransport(pty.slavePath(), error), nullptr);
    EXPECT_NE(error.find("permission denied: " + pty.slavePath()), std::string::npos) << error;
    EXPECT_NE(error.find("group"), std::string::npos) << error;
}

TEST(DeviceErrors, ExplainCommonFailures) {
    EXPECT_EQ(openErrorText("/dev/ttyACM0", ENOENT), "no such device: /dev/ttyACM0");
    EXPECT_EQ(openErrorText("/dev/ttyACM0", EBUSY),
              "device busy: /dev/ttyACM0 (another program has it open)");
    std::string denied = openErrorText("/dev/ttyACM-arbiter-missing", EACCES);
    EXPECT_EQ(denied,
              "permission denied: /dev/ttyACM-arbiter-missing (add yourself to the dialout "
              "group, then log in again)");
}

}  // namespace
}  // namespace arbiter
