#include "daemon/config/hall_setup.h"

#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/configuration.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

// The hall's settings as the configuration file gives them.
class HallSetupTest : public ::testing::Test {
  protected:
    // Reads `text` as a file and then the hall's settings; the error, empty when accepted.
    std::string read(const std::string& text) {
        const std::string path = dir + "/arbiter.ini";
        std::ofstream(path) << text;
        config = Configuration();
        hall.reset();
        std::string error;
        if (!readConfigurationFile(path, {}, config, error)) return error;
        readHallSettings(config, "club-pi", hall, error);
        return error;
    }
    std::string file(const std::string& name, const std::string& text) {
        const std::string path = dir + "/" + name;
        std::ofstream(path) << text;
        return path;
    }
    testing::TempDirectory scratch{"arbiter-hall-setup"};
    std::string dir = scratch.path();
    Configuration config;
    std::optional<BroadcastSettings> hall;
};

TEST_F(HallSetupTest, NoBrokerNoHall) {
    EXPECT_EQ(read("game = fide\n"), "");
    EXPECT_FALSE(hall);
}

TEST_F(HallSetupTest, TheTableIsNamedAfterTheMachineUnlessTold) {
    ASSERT_EQ(read("mqtt = mqtt://hall.local\n"), "");
    ASSERT_TRUE(hall);
    EXPECT_EQ(hall->table, "club-pi");
    EXPECT_EQ(hall->login.address.host, "hall.local");
    EXPECT_FALSE(hall->takeActions);
    ASSERT_EQ(read("mqtt = mqtt://hall.local\nmqtt-table = board-3\nmqtt-actions = yes\n"), "");
    EXPECT_EQ(hall->table, "board-3");
    EXPECT_TRUE(hall->takeActions);
}

TEST_F(HallSetupTest, ThePasswordComesFromItsFile) {
    const std::string secret = file("password", "pa ss\nignored\n");
    ASSERT_EQ(read("mqtt = mqtt://club@h\nmqtt-password-file = " + secret + "\n"), "");
    EXPECT_EQ(hall->login.address.password, "pa ss");
}

TEST_F(HallSetupTest, BadValuesAreNamedWithTheirLine) {
    EXPECT_NE(read("game = fide\nmqtt = http://h\n").find(":2: the broker URL"), std::string::npos);
    EXPECT_NE(read("mqtt = mqtt://h\nmqtt-table = a/b\n").find(":2: the table's name"),
              std::string::npos);
    EXPECT_NE(read("mqtt = mqtt://h\nmqtt-actions = maybe\n").find("yes or no"), std::string::npos);
    EXPECT_NE(
        read("mqtt = mqtt://club@h\nmqtt-password-file = " + dir + "/none\n").find("cannot read"),
        std::string::npos);
    EXPECT_NE(read("mqtt = mqtt://h\nmqtt-password-file = " + file("p", "x\n") + "\n")
                  .find("needs a user"),
              std::string::npos);
    EXPECT_NE(read("mqtt = mqtt://club@h\nmqtt-password-file = " + file("e", "\n") + "\n")
                  .find("must be the broker's password"),
              std::string::npos);
    EXPECT_FALSE(hall);
}

TEST_F(HallSetupTest, TlsFilesNeedMqttsAndMustBeReadable) {
    const std::string ca = file("ca.pem", "-----BEGIN CERTIFICATE-----\n");
    EXPECT_NE(read("mqtt = mqtt://h\nmqtt-ca = " + ca + "\n").find("mqtts://"), std::string::npos);
    EXPECT_EQ(read("mqtt = mqtts://h\nmqtt-ca = " + ca + "\n"), "");
    EXPECT_EQ(hall->login.caFile, ca);
    EXPECT_NE(read("mqtt = mqtts://h\nmqtt-ca = " + dir + "/none.pem\n").find("cannot read"),
              std::string::npos);
    EXPECT_NE(read("mqtt = mqtts://h\nmqtt-cert = " + ca + "\n").find("go together"),
              std::string::npos);
}

TEST_F(HallSetupTest, HallSettingsWithoutABrokerAreRefused) {
    EXPECT_NE(read("mqtt-table = t1\n").find("give the broker"), std::string::npos);
}

TEST(MachineName, IsAValidTableName) {
    std::string error;
    EXPECT_TRUE(validTableName(machineName(), error)) << machineName();
}

}  // namespace
}  // namespace arbiter
