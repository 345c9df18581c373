#include "daemon/configuration.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

class ConfigurationTest : public ::testing::Test {
  protected:
    // Reads `text` as a configuration file; returns the error, empty when it was accepted.
    std::string read(const std::string& text, std::vector<std::string> fromCommandLine = {}) {
        path = dir + "/arbiter.ini";
        std::ofstream(path) << text;
        std::string error;
        readConfigurationFile(path, fromCommandLine, config, error);
        return error;
    }
    testing::TempDirectory scratch{"arbiter-config"};
    std::string dir = scratch.path();
    std::string path;
    Configuration config;
    Geometry chess = Geometry::rectangle(8, 8);
};

// FIDE chess on two boards, each giving half of its squares, the far one turned round.
const char* kTwoHalves = R"(# two boards at one table
game = fide
time = 5+3
player = Ann
player = Bob

[board.south]
device = dgt:/dev/ttyACM0
origin = a1
squares = a1-h4

[board.north]
device = dgt:/dev/ttyACM1
rotation = 180
squares = a1-h4
sensing = occupancy
)";

TEST_F(ConfigurationTest, TwoHalfBoardsMakeOneChessboard) {
    ASSERT_EQ(read(kTwoHalves), "");
    ASSERT_EQ(config.boards.size(), 2u);
    EXPECT_EQ(config.time, "5+3");
    EXPECT_EQ(config.players, (std::vector<std::string>{"Ann", "Bob"}));
    EXPECT_EQ(config.boards[1].placement.rotation, 180);
    EXPECT_EQ(config.boards[1].placement.sensing, Sensing::Occupancy);
    EXPECT_EQ(checkLayout(config.boards, chess), "");
    // The north board's own a1 lies on h8.
    EXPECT_EQ(chess.name(Surface::cellOf(chess, config.boards[1].placement, 56)), "h8");
}

TEST_F(ConfigurationTest, CommandLineWinsOverTheFile) {
    config.time = "1+0";
    ASSERT_EQ(read(kTwoHalves, {"time"}), "");
    EXPECT_EQ(config.time, "1+0");
    EXPECT_EQ(config.game, "fide");
}

TEST_F(ConfigurationTest, UnknownKeyIsNamedWithItsLine) {
    std::string e = read("game = fide\n[board.a]\ndevice = dgt:/dev/ttyACM0\nrotaton = 90\n");
    EXPECT_EQ(e, path +
                     ":4: unknown key \"rotaton\" in [board.a]; known keys: device, origin, "
                     "rotation, squares, sensing");
}

TEST_F(ConfigurationTest, GameLimitsAreReadAndBadOnesNamedWithTheirLine) {
    EXPECT_EQ(read("time-limit = 90\nmove-limit = 40\n"), "");
    EXPECT_EQ(config.timeLimit, "90");
    EXPECT_EQ(config.moveLimit, "40");
    std::string error = read("game = skirmish\ntime-limit = forever\n");
    EXPECT_NE(error.find(":2: time-limit must be minutes of play"), std::string::npos) << error;
    error = read("move-limit = 0\n");
    EXPECT_NE(error.find(":1: move-limit must be the moves each player makes"), std::string::npos)
        << error;
}

TEST_F(ConfigurationTest, OnlyHashStartsAComment) {
    EXPECT_EQ(read("# a table\ngame = fide # the usual\n"), "");
    std::string error = read("game = fide\n; not a comment here\n");
    EXPECT_NE(error.find(":2: \"; not a comment here\" is neither"), std::string::npos) << error;
}

TEST_F(ConfigurationTest, UnknownSectionIsRefused) {
    std::string e = read("[clock]\n");
    EXPECT_EQ(e, path +
                     ":1: unknown section [clock]; boards are sections named "
                     "[board.NAME] (letters, digits, - and _)");
}

TEST_F(ConfigurationTest, KeyGivenTwiceIsRefused) {
    std::string e = read("time = 5+3\n\ntime = 3+2\n");
    EXPECT_EQ(e, path + ":3: \"time\" is given twice (first on line 1)");
}

TEST_F(ConfigurationTest, LineThatIsNoSettingIsRefused) {
    std::string e = read("game fide\n");
    EXPECT_EQ(e, path + ":1: \"game fide\" is neither \"key = value\" nor a [section]");
}

TEST_F(ConfigurationTest, BadBoardValuesAreNamed) {
    EXPECT_NE(read("[board.a]\ndevice = dgt:/x\nrotation = 45\n")
                  .find(":3: rotation must be 0, 90, 180 or 270"),
              std::string::npos);
    EXPECT_NE(read("[board.a]\ndevice = dgt:/x\nsquares = a1-i4\n").find(":3: squares \"a1-i4\""),
              std::string::npos);
    EXPECT_NE(read("[board.a]\ndevice = dgt:/x\norigin = 4a\n").find(":3: origin \"4a\""),
              std::string::npos);
    EXPECT_NE(read("[board.a]\ndevice = dgt:/x\nsensing = smell\n").find(":3: sensing must be"),
              std::string::npos);
    EXPECT_NE(read("[board.a]\ndevice = usb:/x\n").find(":2: unknown board protocol \"usb\""),
              std::string::npos);
    EXPECT_NE(read("[board.a]\norigin = a1\n").find(":1: [board.a] needs a device"),
              std::string::npos);
    EXPECT_NE(read("settle-ms = soon\n").find(":1: settle-ms must be a whole number"),
              std::string::npos);
}

TEST_F(ConfigurationTest, OverlappingBoardsAreRefused) {
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/ttyACM0\n[board.b]\ndevice = dgt:/dev/ttyACM1\n"
                   "squares = a1-a1\n"),
              "");
    EXPECT_EQ(checkLayout(config.boards, chess),
              "board b (line 3) overlaps board a (line 1) at cell a1; move its origin or narrow "
              "its squares");
}

TEST_F(ConfigurationTest, CellsOnNoBoardAreListed) {
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/ttyACM0\nsquares = a1-h4\n"), "");
    EXPECT_EQ(checkLayout(config.boards, chess),
              "32 cells of the game are on no board (a5, b5, c5, d5, e5, f5, g5, h5 and 24 more); "
              "add a board or widen a board's squares");
}

TEST_F(ConfigurationTest, BoardOffTheGameIsRefused) {
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/ttyACM0\norigin = b1\n"), "");
    EXPECT_NE(checkLayout(config.boards, chess).find("lies off the game's cells"),
              std::string::npos);
}

TEST_F(ConfigurationTest, UnreachableDevicePathIsRefused) {
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/no/such/dir/ttyACM0\n"), "");
    EXPECT_EQ(checkLayout(config.boards, chess),
              "board a (line 1): device /no/such/dir/ttyACM0 cannot be reached: there is no "
              "directory /no/such/dir");
    ASSERT_EQ(read("[board.a]\ndevice = dgt:" + path + "\n"), "");
    EXPECT_NE(checkLayout(config.boards, chess).find("is not a serial device"), std::string::npos);
}

TEST_F(ConfigurationTest, MissingFileIsAClearError) {
    std::string error;
    EXPECT_FALSE(readConfigurationFile(dir + "/none.ini", {}, config, error));
    EXPECT_NE(error.find("cannot read configuration"), std::string::npos);
}

TEST_F(ConfigurationTest, GarbageFileNeverCrashes) {
    std::string junk;
    uint32_t x = 12345;
    for (int i = 0; i < 4000; ++i) {
        x = x * 1103515245 + 12345;
        junk += char((x >> 16) & 0xff);
    }
    EXPECT_NE(read(junk), "");
}

TEST_F(ConfigurationTest, DefaultLayoutCoversAChessboard) {
    auto p = defaultPlacement(chess);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->used.all());
    EXPECT_FALSE(defaultPlacement(Geometry::rectangle(10, 10)));
}

}  // namespace
}  // namespace arbiter
