// Where a virtual board publishes its port, and what it may be called.

#include "drivers/transport/virtual_board_path.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

#include "tests/scoped_environment.h"

namespace arbiter {
namespace {

using testing::ScopedEnvironment;

TEST(VirtualBoardPath, ArbiterVboardDirWinsOverEverything) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", "/tmp/test-boards");
    ScopedEnvironment runtime("XDG_RUNTIME_DIR", "/run/user/4711");
    EXPECT_EQ(virtualBoardPath("left"), "/tmp/test-boards/left");
}

TEST(VirtualBoardPath, TrailingSlashesOfTheDirectoryDoNotShow) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", "/tmp/test-boards//");
    EXPECT_EQ(virtualBoardPath("left"), "/tmp/test-boards/left");
}

TEST(VirtualBoardPath, IsInTheRuntimeDirectoryWithoutArbiterVboardDir) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", std::nullopt);
    ScopedEnvironment runtime("XDG_RUNTIME_DIR", "/run/user/4711");
    EXPECT_EQ(virtualBoardPath("left"), "/run/user/4711/arbiter/vboards/left");
}

TEST(VirtualBoardPath, EmptyVariablesCountAsUnset) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", "");
    ScopedEnvironment runtime("XDG_RUNTIME_DIR", "/run/user/4711");
    EXPECT_EQ(virtualBoardPath("left"), "/run/user/4711/arbiter/vboards/left");
}

TEST(VirtualBoardPath, IsInTheUsersTmpDirectoryWithoutARuntimeDirectory) {
    const std::string fallback = "/tmp/arbiter-" + std::to_string(getuid()) + "/vboards/left";
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", std::nullopt);
    {
        ScopedEnvironment runtime("XDG_RUNTIME_DIR", std::nullopt);
        EXPECT_EQ(virtualBoardPath("left"), fallback);
    }
    // The XDG specification: a relative path there is invalid and ignored.
    ScopedEnvironment runtime("XDG_RUNTIME_DIR", "run/user/4711");
    EXPECT_EQ(virtualBoardPath("left"), fallback);
}

TEST(VirtualBoardName, IsLettersDigitsDashesAndUnderscores) {
    for (const char* good : {"left", "Board-2", "table_7", "a", "0", "-", "_x-Y_9"})
        EXPECT_TRUE(isValidVirtualBoardName(good)) << good;
    EXPECT_TRUE(isValidVirtualBoardName(std::string(32, 'b')));
}

TEST(VirtualBoardName, RefusesWhatIsNotOnePlainPathComponent) {
    for (const char* bad : {"", ".", "..", "a/b", "/left", "left board", "tab\tle", "é", "left.2",
                            "a:b", "~home", "$HOME"})
        EXPECT_FALSE(isValidVirtualBoardName(bad)) << bad;
    EXPECT_FALSE(isValidVirtualBoardName(std::string(33, 'b')));
    EXPECT_FALSE(isValidVirtualBoardName(std::string("le\0ft", 5)));
}

}  // namespace
}  // namespace arbiter
