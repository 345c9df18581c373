#include "daemon/config/machine_setup.h"

#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/configuration.h"
#include "daemon/config/table_setup.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

// The machine's seats, time and engine as the configuration file gives them,
// checked against the game as setUpTable checks them.
class MachineSetupTest : public ::testing::Test {
  protected:
    // Reads `text` as a file, on a board of its own, and sets the table up;
    // the error, empty when accepted.
    std::string read(const std::string& text,
                     const std::string& boards = "[board.a]\ndevice = dgt:/dev/ttyACM0\n") {
        const std::string path = dir + "/arbiter.ini";
        std::ofstream(path) << "journal = " << dir << "/games\n" << text << boards;
        config = Configuration();
        setup.reset();
        std::string error;
        if (!readConfigurationFile(path, {}, config, error)) return error;
        setup = setUpTable(config, error);
        return error;
    }
    const std::vector<MachineSeat>& seats() const { return setup->settings.session.machines; }

    testing::TempDirectory scratch{"arbiter-machine-setup"};
    std::string dir = scratch.path();
    Configuration config;
    std::optional<TableSetup> setup;
};

TEST_F(MachineSetupTest, NoMachineSeatUnlessOneIsAskedFor) {
    ASSERT_EQ(read("game = fide\n"), "");
    EXPECT_TRUE(seats().empty());
    EXPECT_EQ(setup->settings.machineTimeMs, 3000);
}

TEST_F(MachineSetupTest, ASeatIsNamedByItsNumberOrTheGamesNameForIt) {
    ASSERT_EQ(read("game = martian\nplayers = 4\nmachine = 2:6, 4\n"), "");
    ASSERT_EQ(seats().size(), 2u);
    EXPECT_EQ(seats()[0], (MachineSeat{1, 6}));
    EXPECT_EQ(seats()[1], (MachineSeat{3, MachineSeat::kDefaultLevel}));
    ASSERT_EQ(read("game = fide\nmachine = Black:1\nmachine-time = 0.5\n"), "");
    ASSERT_EQ(seats().size(), 1u);
    EXPECT_EQ(seats()[0], (MachineSeat{1, 1}));
    EXPECT_EQ(setup->settings.machineTimeMs, 500);
}

TEST_F(MachineSetupTest, AnUnknownSeatIsRefusedNamingTheSeatsAndTheLine) {
    const std::string error = read("game = fide\nmachine = green\n");
    EXPECT_NE(error.find("arbiter.ini:3: "), std::string::npos) << error;
    EXPECT_NE(error.find("no seat \"green\""), std::string::npos) << error;
    EXPECT_NE(error.find("1 (white), 2 (black)"), std::string::npos) << error;
    EXPECT_NE(read("game = fide\nmachine = 3\n").find("no seat \"3\""), std::string::npos);
    EXPECT_NE(read("game = fide\nmachine = 0\n").find("no seat \"0\""), std::string::npos);
}

TEST_F(MachineSetupTest, ALevelOutsideOneToEightIsRefused) {
    for (const char* level : {"0", "9", "x", "", "44", "-1"}) {
        const std::string error = read(std::string("game = fide\nmachine = black:") + level + "\n");
        EXPECT_NE(error.find("the level is a number from 1 (weakest) to 8 (strongest)"),
                  std::string::npos)
            << level << ": " << error;
    }
}

TEST_F(MachineSetupTest, ASeatGivenTwiceIsRefused) {
    const std::string error = read("game = fide\nmachine = black:2, 2:5\n");
    EXPECT_NE(error.find("plays black already"), std::string::npos) << error;
}

TEST_F(MachineSetupTest, AGameOfHiddenViewsTakesNoMachine) {
    const std::string error = read(
        "game = csipgs\nmachine = black\nsecrets = w-secret, b-secret\n[options]\nmoderated = on\n",
        "[board.white]\ndevice = dgt:/dev/ttyACM0\n[board.black]\ndevice = dgt:/dev/ttyACM1\n");
    EXPECT_NE(error.find("each player sees only part of it"), std::string::npos) << error;
}

TEST_F(MachineSetupTest, ABadTimePerTurnIsRefused) {
    for (const char* time : {"0", "0.01", "601", "3s", "-1", "nan", "inf", "1e3"}) {
        const std::string error = read(std::string("game = fide\nmachine-time = ") + time + "\n");
        EXPECT_NE(error.find("machine-time is the seconds the machine thinks per turn"),
                  std::string::npos)
            << time << ": " << error;
    }
}

TEST_F(MachineSetupTest, AChessEngineAskedForMustBeThere) {
    const std::string missing = dir + "/no-such-engine";
    const std::string error =
        read("game = fide\nmachine = black\nmachine-engine = " + missing + "\n");
    EXPECT_NE(error.find("is not a program this user may run"), std::string::npos) << error;
    EXPECT_NE(read("game = fide\nmachine-engine = stockfish\n").find("full path"),
              std::string::npos);
    ASSERT_EQ(read("game = fide\nmachine = black\nmachine-engine = builtin\n"), "");
    EXPECT_EQ(setup->settings.uciEngine, "");
    // Another game never asks for it.
    EXPECT_EQ(read("game = skirmish\nmachine = 1\nmachine-engine = " + missing + "\n"), "");
}

}  // namespace
}  // namespace arbiter
