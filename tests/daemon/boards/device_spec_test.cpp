// Board devices as a configuration or --board names them: dgt:PATH, vboard:NAME.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "daemon/boards/board_link.h"
#include "daemon/config/configuration.h"
#include "tests/daemon/temp_directory.h"
#include "tests/scoped_environment.h"

namespace arbiter {
namespace {

using testing::ScopedEnvironment;

// The device `text` names, or the message refusing it.
std::optional<DeviceSpec> parsed(const std::string& text, std::string* why = nullptr) {
    std::string error;
    auto spec = DeviceSpec::parse(text, error);
    EXPECT_EQ(spec.has_value(), error.empty()) << text << ": " << error;
    if (why) *why = error;
    return spec;
}

std::string refusal(const std::string& text) {
    std::string why;
    EXPECT_FALSE(parsed(text, &why)) << text;
    return why;
}

TEST(DeviceSpec, DgtPathIsOpenedAsWritten) {
    auto spec = parsed("dgt:/dev/ttyACM0");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->protocol, "dgt");
    EXPECT_EQ(spec->path, "/dev/ttyACM0");
    EXPECT_EQ(spec->name, "");
    EXPECT_EQ(spec->text(), "dgt:/dev/ttyACM0");
}

TEST(DeviceSpec, VboardNameResolvesUnderTheVboardDirectory) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", "/tmp/arbiter-test-boards");
    auto spec = parsed("vboard:left-2");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->protocol, "vboard");
    EXPECT_EQ(spec->name, "left-2");
    EXPECT_EQ(spec->path, "/tmp/arbiter-test-boards/left-2");
    // Messages name the board as the user wrote it, not where its link lives.
    EXPECT_EQ(spec->text(), "vboard:left-2");
}

// A virtual board speaking a protocol of the table names it first, as a real
// board does; plain vboard:NAME speaks DGT.
TEST(DeviceSpec, ProtocolBeforeVboardIsTheVirtualBoardsProtocol) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", "/tmp/arbiter-test-boards");
    auto spec = parsed("dgt:vboard:left");
    ASSERT_TRUE(spec);
    EXPECT_TRUE(spec->isVirtual());
    EXPECT_EQ(spec->driver(), "dgt");
    EXPECT_EQ(spec->name, "left");
    EXPECT_EQ(spec->path, "/tmp/arbiter-test-boards/left");
    EXPECT_EQ(spec->text(), "dgt:vboard:left");
    EXPECT_EQ(spec->vboardOptions(), "--name left");
    EXPECT_EQ(parsed("vboard:left")->driver(), "dgt");
    EXPECT_FALSE(parsed("dgt:/dev/ttyACM0")->isVirtual());
    EXPECT_EQ(refusal("dgt:vboard:a/b"),
              "\"dgt:vboard:a/b\" does not name a virtual board; a name is letters, digits, - "
              "and _, at most 32 characters, e.g. vboard:left");
}

TEST(DeviceSpec, BadVboardNamesAreRefusedSayingWhatANameIs) {
    const std::vector<std::string> bad = {"vboard:",       "vboard:a/b",
                                          "vboard:../x",   "vboard:left board",
                                          "vboard:left.2", "vboard:" + std::string(33, 'x')};
    for (const std::string& text : bad) {
        EXPECT_EQ(refusal(text), "\"" + text +
                                     "\" does not name a virtual board; a name is letters, "
                                     "digits, - and _, at most 32 characters, e.g. vboard:left");
    }
    EXPECT_TRUE(parsed("vboard:" + std::string(32, 'x')));
}

TEST(DeviceSpec, UnknownProtocolIsRefusedListingTheKnownOnes) {
    EXPECT_EQ(refusal("usb:/dev/ttyUSB0"),
              "unknown board protocol \"usb\" in \"usb:/dev/ttyUSB0\"; known: dgt (e.g. "
              "dgt:/dev/ttyACM0), vboard (e.g. vboard:left)");
    EXPECT_NE(refusal("VBOARD:left").find("unknown board protocol \"VBOARD\""), std::string::npos);
}

TEST(DeviceSpec, TextThatIsNoDeviceSaysHowToWriteOne) {
    for (const char* bad : {"/dev/ttyACM0", "dgt:", ":/dev/ttyACM0", "", "left"}) {
        EXPECT_EQ(refusal(bad), "\"" + std::string(bad) +
                                    "\" is not a board device; write it as dgt:PATH, e.g. "
                                    "dgt:/dev/ttyACM0, or vboard:NAME, e.g. vboard:left");
    }
}

// A virtual board makes its directory when it starts, possibly after arbiterd.
TEST(DeviceSpec, VboardWhoseDirectoryIsNotThereYetIsWaitedFor) {
    testing::TempDirectory scratch{"arbiter-device"};
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", scratch.path() + "/not/yet");
    const std::string ini = scratch.path() + "/arbiter.ini";
    std::ofstream(ini) << "[board.main]\ndevice = vboard:main\n";
    Configuration config;
    std::string error;
    ASSERT_TRUE(readConfigurationFile(ini, {}, config, error)) << error;
    ASSERT_EQ(config.boards.size(), 1u);
    EXPECT_EQ(config.boards[0].device.text(), "vboard:main");
    EXPECT_EQ(config.boards[0].device.path, scratch.path() + "/not/yet/main");
    EXPECT_EQ(checkLayout(config.boards, Geometry::rectangle(8, 8)), "");
}

// A vboard's path is still checked when something is there: not a port, not a board.
TEST(DeviceSpec, VboardPathHoldingAPlainFileIsRefused) {
    testing::TempDirectory scratch{"arbiter-device"};
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", scratch.path());
    std::ofstream(scratch.path() + "/main") << "not a pty\n";
    BoardSetting board;
    board.name = "main";
    board.device = *parsed("vboard:main");
    EXPECT_NE(checkLayout({board}, Geometry::rectangle(8, 8)).find("is not a serial device"),
              std::string::npos);
}

}  // namespace
}  // namespace arbiter
