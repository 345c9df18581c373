// How many players a table starts with, when the command line says it only by
// naming them: `--player Ann --player Bob --player Cy` is a game for three.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "daemon/config/command_line.h"
#include "daemon/config/table_setup.h"

namespace arbiter {
namespace {

// The table a command line sets up, or the message refusing it.
std::optional<TableSetup> tableFor(std::vector<const char*> args, std::string& error) {
    args.insert(args.begin(), "arbiterd");
    auto commandLine = readCommandLine(static_cast<int>(args.size()), args.data(), error);
    if (!commandLine) return std::nullopt;
    return setUpTable(commandLine->config, error);
}

TEST(PlayerCount, NamesAloneGiveTheNumberOfPlayers) {
    std::string error;
    auto setup = tableFor(
        {"--game", "powercoinz", "--player", "Ann", "--player", "Bob", "--player", "Cy"}, error);
    ASSERT_TRUE(setup) << error;
    EXPECT_EQ(setup->seats, 3);
}

TEST(PlayerCount, AGivenNumberOfPlayersMustMatchTheNames) {
    std::string error;
    EXPECT_FALSE(tableFor({"--game", "powercoinz", "--players", "2", "--player", "Ann", "--player",
                           "Bob", "--player", "Cy"},
                          error));
    EXPECT_EQ(error,
              "powercoinz starts with 2 players, but 3 names were given; name each seat once, in "
              "turn order");
}

TEST(PlayerCount, NamesForANumberTheGameDoesNotAllowAreRefused) {
    std::string error;
    EXPECT_FALSE(
        tableFor({"--game", "martian", "--player", "A", "--player", "B", "--player", "C"}, error));
    EXPECT_EQ(error,
              "martian starts with 2 players, but 3 names were given; name each seat once, in "
              "turn order");
    EXPECT_FALSE(tableFor({"--player", "A", "--player", "B", "--player", "C"}, error));
    EXPECT_EQ(error,
              "fide starts with 2 players, but 3 names were given; name each seat once, in turn "
              "order");
}

TEST(PlayerCount, WithoutNamesTheGamesOwnNumberStands) {
    std::string error;
    auto setup = tableFor({"--game", "powercoinz"}, error);
    ASSERT_TRUE(setup) << error;
    EXPECT_EQ(setup->seats, 2);
}

}  // namespace
}  // namespace arbiter
