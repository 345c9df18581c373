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
              "dgt:/dev/ttyACM0), dgt-bus (e.g. dgt-bus:/dev/ttyUSB0@1025), millennium (e.g. "
              "millennium:/dev/ttyACM0), certabo (e.g. "
              "certabo:/dev/ttyACM0), sentio (e.g. sentio:/dev/ttyACM0), chessnut (e.g. "
              "chessnut:/dev/hidraw0), vboard (e.g. "
              "vboard:left), auto");
    EXPECT_NE(refusal("VBOARD:left").find("unknown board protocol \"VBOARD\""), std::string::npos);
}

TEST(DeviceSpec, AutoNamesNoDeviceButABoardToFindByProbing) {
    auto spec = parsed("auto");
    ASSERT_TRUE(spec);
    EXPECT_TRUE(spec->isAuto());
    EXPECT_EQ(spec->text(), "auto");
    EXPECT_EQ(spec->path, "");
    EXPECT_FALSE(spec->isVirtual());
    EXPECT_FALSE(parsed("auto:/dev/ttyACM0"));
    EXPECT_FALSE(parsed("AUTO"));
}

TEST(DeviceSpec, TextThatIsNoDeviceSaysHowToWriteOne) {
    for (const char* bad : {"/dev/ttyACM0", "dgt:", ":/dev/ttyACM0", "", "left"}) {
        EXPECT_EQ(refusal(bad), "\"" + std::string(bad) +
                                    "\" is not a board device; write it as dgt:PATH, e.g. "
                                    "dgt:/dev/ttyACM0, or dgt-bus:PATH@ADDRESS, e.g. "
                                    "dgt-bus:/dev/ttyUSB0@1025, or millennium:PATH, e.g. "
                                    "millennium:/dev/ttyACM0, or certabo:PATH, e.g. "
                                    "certabo:/dev/ttyACM0, or sentio:PATH, e.g. "
                                    "sentio:/dev/ttyACM0, or chessnut:PATH, e.g. "
                                    "chessnut:/dev/hidraw0, or vboard:NAME, e.g. vboard:left, or "
                                    "auto (found by probing)");
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

// Boards on a DGT bus share a port, each at its address: PATH@ADDRESS.
TEST(DeviceSpec, ABoardOnABusIsNamedByPortAndAddress) {
    auto spec = parsed("dgt-bus:/dev/ttyUSB0@01025");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->protocol, "dgt-bus");
    EXPECT_EQ(spec->path, "/dev/ttyUSB0");
    EXPECT_EQ(spec->address, 1025);
    EXPECT_EQ(spec->text(), "dgt-bus:/dev/ttyUSB0@1025");
    // udev's names by path are full of ':'; only the last '@' counts.
    spec = parsed("dgt-bus:/dev/serial/by-path/pci-0000:00:14.0-usb-0:1:1.0-port0@7");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->path, "/dev/serial/by-path/pci-0000:00:14.0-usb-0:1:1.0-port0");
    EXPECT_EQ(spec->address, 7);
    // A board of its own has no address.
    EXPECT_EQ(parsed("dgt:/dev/ttyACM0")->address, 0);
}

// Several virtual boards on one bus: one arbiter-vboard, one pty, one name.
TEST(DeviceSpec, AVirtualBusBoardIsNamedByTheBusNameAndItsAddress) {
    ScopedEnvironment dir("ARBITER_VBOARD_DIR", "/tmp/arbiter-test-boards");
    auto spec = parsed("dgt-bus:vboard:table@7");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->name, "table");
    EXPECT_EQ(spec->path, "/tmp/arbiter-test-boards/table");
    EXPECT_EQ(spec->address, 7);
    EXPECT_EQ(spec->text(), "dgt-bus:vboard:table@7");
    EXPECT_EQ(spec->vboardOptions(), "--protocol dgt-bus --name table --address 7");
    EXPECT_NE(refusal("dgt-bus:vboard:table").find("names no board on the bus"), std::string::npos);
}

TEST(DeviceSpec, ABusBoardWithoutAGoodAddressIsRefusedSayingHowToWriteIt) {
    const std::string form =
        "write it as dgt-bus:PATH@ADDRESS, e.g. dgt-bus:/dev/ttyUSB0@1025, the address being "
        "the board's serial number (1 to 16383)";
    EXPECT_EQ(refusal("dgt-bus:/dev/ttyUSB0"),
              "\"dgt-bus:/dev/ttyUSB0\" names no board on the bus; " + form);
    EXPECT_EQ(refusal("dgt-bus:@12"), "\"dgt-bus:@12\" names no board on the bus; " + form);
    for (const std::string address : {"", "0", "16384", "12a", "-3", "9999999", " 5"}) {
        const std::string text = "dgt-bus:/dev/ttyUSB0@" + address;
        EXPECT_EQ(refusal(text),
                  "\"" + text + "\": \"" + address + "\" is no bus address; " + form);
    }
}

TEST(DeviceSpec, BoardsOnOneBusShareItsPortEachAtItsOwnAddress) {
    auto board = [](const std::string& name, const std::string& device) {
        BoardSetting b;
        b.name = name;
        b.device = *parsed(device);
        b.placement.used.set();
        return b;
    };
    std::vector<BoardSetting> boards = {board("a", "dgt-bus:/dev/ttyUSB0@1"),
                                        board("b", "dgt-bus:/dev/ttyUSB0@2")};
    boards[1].placement.originFile = 8;
    EXPECT_EQ(checkLayout(boards, Geometry::rectangle(16, 8)), "");
    boards[1] = board("b", "dgt-bus:/dev/ttyUSB0@1");
    boards[1].placement.originFile = 8;
    EXPECT_EQ(checkLayout(boards, Geometry::rectangle(16, 8)),
              "board b is the board at address 1 of the bus /dev/ttyUSB0, as board a is: each "
              "board on a bus has an address of its own");
    boards[1] = board("b", "dgt:/dev/ttyUSB0");
    boards[1].placement.originFile = 8;
    EXPECT_EQ(checkLayout(boards, Geometry::rectangle(16, 8)),
              "board b reads the device dgt:/dev/ttyUSB0, as board a does: each board needs a "
              "device of its own");
}

}  // namespace
}  // namespace arbiter
