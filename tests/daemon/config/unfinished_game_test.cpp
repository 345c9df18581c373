// A restart resumes: arbiterd with only its journal folder takes up the
// unfinished game with what it was started with, and an option that
// contradicts it is named with both values and the way on (--new-game),
// never "move the journal away" and never a dump of options.
#include "daemon/config/unfinished_game.h"

#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/table_setup.h"
#include "daemon/session/session.h"
#include "engine/core/game.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

class UnfinishedGame : public ::testing::Test {
  protected:
    // A journal in the folder of a game begun with `options` and `names`,
    // no move made yet: what a restart finds.
    void begun(const std::string& game, const GameOptions& options,
               const std::vector<std::string>& names, const std::string& time = "5+3") {
        std::string error;
        auto made = makeGame(game, options, error);
        ASSERT_TRUE(made) << error;
        nlohmann::json header = {{"type", "game"},
                                 {"game", game},
                                 {"start", made->start()->serialize()},
                                 {"time", time},
                                 {"players", names},
                                 {"options", optionsJson(made->options())},
                                 {"started", "2026-01-01T00:00:00"}};
        journal = folder.path() + "/2026-01-01T00-00-00-" + game + ".jsonl";
        std::ofstream(journal) << header.dump() << "\n";
    }
    Configuration table() const {
        Configuration config;
        config.journal = folder.path();
        return config;
    }

    testing::TempDirectory folder{"arbiter-unfinished-game"};
    std::string journal;
};

TEST_F(UnfinishedGame, ARestartWithoutOptionsTakesThemFromTheJournal) {
    GameOptions four;
    four.players = 4;
    begun("martian", four, {"Ann", "Bob", "Cy", "Dee"}, "10+5");
    Configuration config = table();
    std::string error;
    ASSERT_TRUE(followUnfinishedGame(config, error)) << error;
    EXPECT_EQ(config.game, "martian");
    EXPECT_EQ(config.playerCount, 4);
    EXPECT_EQ(config.playerNames, (std::vector<std::string>{"Ann", "Bob", "Cy", "Dee"}));
    EXPECT_EQ(config.time, "10+5");
    // And the table so made is the game's own: it resumes.
    auto game = chooseGame(config, error);
    ASSERT_TRUE(game);
    EXPECT_EQ(optionsJson(game->options())["size"], "8x8");
}

TEST_F(UnfinishedGame, AContradictionNamesTheOptionBothValuesAndNewGame) {
    GameOptions six;
    six.players = 6;
    begun("colonization", six, {"A", "B", "C", "D", "E", "F"});
    Configuration config = table();
    config.game = "colonization";
    config.gameGiven = true;
    config.playerCount = 4;
    std::string error;
    EXPECT_FALSE(followUnfinishedGame(config, error));
    // The players differ, and the size only follows them: --players is named.
    EXPECT_EQ(error, "the unfinished game in " + folder.path() + " (" + journal +
                         ") was started with --players 6; this command line says --players 4. "
                         "Leave out --players to resume that game, or add --new-game to begin a "
                         "new one (the unfinished game is then closed as abandoned; its journal "
                         "stays)");
}

TEST_F(UnfinishedGame, AnOptionIsNamedAsTheCommandLineWritesItNotAsJson) {
    GameOptions dice;
    dice.players = 2;
    dice.values["die"] = "on";
    begun("konfusion", dice, {"Ann", "Bob"});
    Configuration config = table();
    config.options["die"] = "off";
    std::string error;
    EXPECT_FALSE(followUnfinishedGame(config, error));
    EXPECT_NE(error.find("was started with --option die=on; this command line says --option "
                         "die=off. Leave out --option to resume that game"),
              std::string::npos)
        << error;
    EXPECT_EQ(error.find('{'), std::string::npos) << error;
}

TEST_F(UnfinishedGame, WhatTheFileSaysIsNamedByItsLine) {
    begun("fide", {}, {"Ann", "Bob"});
    Configuration config = table();
    config.time = "10+0";
    config.timeGiven = true;
    config.file = "arbiter.ini";
    config.lines["time"] = 3;
    std::string error;
    EXPECT_FALSE(followUnfinishedGame(config, error));
    EXPECT_NE(error.find("was started with --time 5+3; arbiter.ini:3 says time = 10+0. Leave out "
                         "time in arbiter.ini to resume that game"),
              std::string::npos)
        << error;
}

TEST_F(UnfinishedGame, AnotherGameNamedIsSaidSoWithNewGame) {
    GameOptions four;
    four.players = 4;
    begun("martian", four, {"Ann", "Bob", "Cy", "Dee"});
    Configuration config = table();
    config.gameGiven = true;  // --game fide
    std::string error;
    EXPECT_FALSE(followUnfinishedGame(config, error));
    EXPECT_EQ(error, "the unfinished game in " + folder.path() + " (" + journal +
                         ") is a game of martian; this command line says --game fide. Leave out "
                         "--game to resume it, or add --new-game to begin a new game of fide (the "
                         "unfinished game is then closed as abandoned; its journal stays)");
    // No game named: that game is resumed.
    config.gameGiven = false;
    EXPECT_TRUE(followUnfinishedGame(config, error)) << error;
    EXPECT_EQ(config.game, "martian");
}

TEST_F(UnfinishedGame, NewGameTakesNothingFromTheJournal) {
    GameOptions four;
    four.players = 4;
    begun("martian", four, {"Ann", "Bob", "Cy", "Dee"});
    Configuration config = table();
    config.newGame = true;
    config.gameGiven = true;
    std::string error;
    EXPECT_TRUE(followUnfinishedGame(config, error)) << error;
    EXPECT_EQ(config.game, "fide");
    EXPECT_FALSE(config.playerCount);
}

}  // namespace
}  // namespace arbiter
