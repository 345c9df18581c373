// How a Martian Chess table is configured: stand-ins of several figures (a set
// has too few knights and queens for six drones and six queens), a surface
// that follows the number of players, and one board of which two players use
// the a1-d8 half.
#include <gtest/gtest.h>

#include <fstream>

#include "daemon/config/command_line.h"
#include "daemon/config/configuration.h"
#include "daemon/config/configuration_text.h"
#include "daemon/config/table_setup.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter {
namespace {

// One board giving the half that two players play on.
const std::string kHalfBoard = "[board.a]\ndevice = dgt:/dev/ttyACM0\nsquares = a1-d8\n";
const std::string kWholeBoard = "[board.a]\ndevice = dgt:/dev/ttyACM0\n";

class MartianConfiguration : public ::testing::Test {
  protected:
    // Reads `text` as a configuration file and sets the table up; the message
    // without the file's path, empty when the table is accepted.
    std::string setUp(const std::string& text) {
        config = Configuration();
        setup.reset();
        path = scratch.path() + "/arbiter.ini";
        std::ofstream(path) << text;
        std::string error;
        if (readConfigurationFile(path, {}, config, error)) setup = setUpTable(config, error);
        if (error.rfind(path, 0) == 0) error = error.substr(path.size());
        return error;
    }
    // arbiterd's command line read as arbiterd reads it; the message when refused.
    std::string readArguments(std::vector<const char*> args) {
        args.insert(args.begin(), "arbiterd");
        std::string error;
        line = readCommandLine(static_cast<int>(args.size()), args.data(), error);
        return error;
    }
    // What `arbiterd ARGS --print-config` prints: the table on virtual boards.
    std::string printed(std::vector<const char*> args) {
        args.push_back("--print-config");
        std::string error = readArguments(args);
        EXPECT_TRUE(line) << error;
        if (!line) return error;
        auto game = chooseGame(line->config, error);
        EXPECT_TRUE(game) << error;
        if (!game) return error;
        line->config.boards = virtualBoardsCovering(game->start()->geometry());
        setup = setUpTable(line->config, error);
        EXPECT_TRUE(setup) << error;
        return setup ? configurationText(line->config, *setup) : error;
    }
    static std::string contains(const std::string& text, const std::string& part) {
        return text.find(part) == std::string::npos ? "no \"" + part + "\" in:\n" + text : "";
    }

    testing::TempDirectory scratch{"arbiter-martian-config"};
    std::string path;
    Configuration config;
    std::optional<TableSetup> setup;
    std::optional<CommandLine> line;
};

const StandIn kKnightOrRook{{SetColour::White, Figure::Knight}, {Figure::Rook}};
const StandIn kQueenOrKing{{SetColour::White, Figure::Queen}, {Figure::King}};

TEST_F(MartianConfiguration, AStandInMayListSeveralFiguresInTheFile) {
    ASSERT_EQ(setUp("game = martian\n[stand-ins]\ndrone = N or R\nqueen = white queen, king\n" +
                    kHalfBoard),
              "");
    EXPECT_EQ(setup->options.standInOf("drone"), kKnightOrRook);
    EXPECT_EQ(setup->options.standInOf("queen"), kQueenOrKing);
    // The first figure is the one arbiter asks for.
    EXPECT_EQ(setup->options.standIn("queen"), (SetPiece{SetColour::White, Figure::Queen}));
    EXPECT_EQ(setup->options.standInOf("pawn"), StandIn(SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(contains(describeSetup(*setup), "drone=white knight or rook"), "");
    EXPECT_EQ(contains(describeSetup(*setup), "queen=white queen or king"), "");
}

TEST_F(MartianConfiguration, AStandInMayListSeveralFiguresOnTheCommandLine) {
    ASSERT_EQ(readArguments({"--game", "martian", "--stand-in", "drone=N or R", "--stand-in",
                             "queen=white queen, king"}),
              "");
    EXPECT_EQ(line->config.standIns.at("drone"), kKnightOrRook);
    EXPECT_EQ(line->config.standIns.at("queen"), kQueenOrKing);
    // A FEN letter before a comma keeps its case, which is its colour.
    ASSERT_EQ(readArguments({"--game", "martian", "--stand-in", "queen=Q, K"}), "");
    EXPECT_EQ(line->config.standIns.at("queen"), kQueenOrKing);
}

TEST_F(MartianConfiguration, PrintedConfigurationListsTheFiguresAndReadsBackAsTheSameTable) {
    std::string text =
        printed({"--game", "martian", "--stand-in", "drone=N or R", "--stand-in", "queen=Q, K"});
    for (const char* part :
         {"game = martian\n", "drone = white knight or rook\n", "queen = white queen or king\n",
          "pawn = white pawn\n", "# The surface follows the players: 4x8 cells for two players",
          "squares = a1-d8\n"}) {
        EXPECT_EQ(contains(text, part), "");
    }
    EXPECT_EQ(text.find("size ="), std::string::npos) << text;
    ASSERT_EQ(setUp(text), "") << text;
    EXPECT_EQ(setup->options.standInOf("drone"), kKnightOrRook);
    EXPECT_EQ(setup->options.standInOf("queen"), kQueenOrKing);
    EXPECT_EQ(setup->cells, Geometry::rectangle(4, 8));
}

TEST_F(MartianConfiguration, TheDefaultStandInsArePrintedWithTheirAlternatives) {
    std::string text = printed({"--game", "martian"});
    EXPECT_EQ(contains(text, "drone = white knight or rook\n"), "");
    EXPECT_EQ(contains(text, "queen = white queen or king or bishop\n"), "");
}

TEST_F(MartianConfiguration, AGameOfOneSetPiecePerPieceRefusesAList) {
    EXPECT_EQ(setUp("game = skirmish\n[stand-ins]\npiece = white pawn or knight\n" + kWholeBoard),
              ":3: the stand-in for piece is one set piece in skirmish, not \"white pawn or "
              "knight\"");
    ASSERT_EQ(readArguments({"--game", "skirmish", "--stand-in", "piece=P, N"}), "");
    std::string error;
    EXPECT_FALSE(chooseGame(line->config, error));
    EXPECT_EQ(error,
              "the stand-in for piece is one set piece in skirmish, not \"white pawn or "
              "knight\"");
}

TEST_F(MartianConfiguration, AFigureMayStandForOnePyramidOnly) {
    // The default drone is a knight or a rook: a rook cannot also be a queen.
    std::string error = setUp("game = martian\n[stand-ins]\nqueen = Q, R\n" + kHalfBoard);
    EXPECT_EQ(contains(error,
                       "the stand-ins for drone (white knight or rook) and queen (white queen or "
                       "rook) share a figure: each figure may stand for one pyramid only"),
              "");
    error = setUp("game = martian\n[stand-ins]\npawn = white pawn or bishop\n" + kHalfBoard);
    EXPECT_EQ(contains(error,
                       "the stand-ins for pawn (white pawn or bishop) and queen (white queen or "
                       "king or bishop) share a figure"),
              "");
    // Colour plays no part: a black knight is still a knight.
    error = setUp("game = martian\n[stand-ins]\npawn = n\n" + kHalfBoard);
    EXPECT_EQ(contains(error,
                       "the stand-ins for pawn (black knight) and drone (white knight or "
                       "rook) share a figure"),
              "");
    // Taken apart, they are a table.
    EXPECT_EQ(setUp("game = martian\n[stand-ins]\npawn = white pawn or bishop\nqueen = Q or K\n" +
                    kHalfBoard),
              "");
}

// A clash of stand-ins is named by the stand-in's line, not the players'.
TEST_F(MartianConfiguration, AFigureSharedByTwoPyramidsIsNamedByItsStandInsLine) {
    EXPECT_EQ(setUp("game = martian\nplayers = 2\n[stand-ins]\nqueen = Q, R\n" + kHalfBoard),
              ":4: the stand-ins for drone (white knight or rook) and queen (white queen or rook) "
              "share a figure: each figure may stand for one pyramid only");
}

TEST_F(MartianConfiguration, AListThatIsNoListOfFiguresIsRefusedWithItsLine) {
    for (const char* list :
         {"N or purple", "N or N", "N, R, n", "N or or R", "white knight, purple rook"}) {
        EXPECT_EQ(
            setUp("game = martian\n[stand-ins]\ndrone = " + std::string(list) + "\n" + kHalfBoard),
            ":3: the stand-in for drone must be a piece of a chess set: a colour and a "
            "figure (white pawn, black knight, ...) or a FEN letter (P, n, ...), not \"" +
                std::string(list) +
                "\"; where a game takes several, list them as \"white knight or rook\" or "
                "\"N, R\", each figure once")
            << list;
    }
    EXPECT_NE(readArguments({"--game", "martian", "--stand-in", "drone=N or purple"}), "");
    EXPECT_FALSE(line);
}

TEST_F(MartianConfiguration, TwoOrFourPlayersAndNoOtherNumber) {
    EXPECT_EQ(setUp("game = martian\nplayers = 3\n" + kWholeBoard),
              ":2: martian is for 2 or 4 players, not 3");
}

// Five players are told the numbers the game takes, not a range 2..4.
TEST_F(MartianConfiguration, MoreThanFourPlayersAreToldTwoOrFour) {
    EXPECT_EQ(setUp("game = martian\nplayers = 5\n" + kWholeBoard),
              ":2: martian is for 2 or 4 players, not 5");
}

TEST_F(MartianConfiguration, TheSurfaceFollowsThePlayers) {
    ASSERT_EQ(setUp("game = martian\n" + kHalfBoard), "");
    EXPECT_EQ(setup->seats, 2);
    EXPECT_EQ(setup->cells, Geometry::rectangle(4, 8));
    ASSERT_EQ(setUp("game = martian\nplayers = 4\n" + kWholeBoard), "");
    EXPECT_EQ(setup->seats, 4);
    EXPECT_EQ(setup->cells, Geometry::rectangle(8, 8));
    EXPECT_EQ(setup->options.files, 8);
    EXPECT_EQ(setup->options.ranks, 8);
    // Saying the size the players make is no fault.
    EXPECT_EQ(setUp("game = martian\nplayers = 4\nsize = 8x8\n" + kWholeBoard), "");
    EXPECT_EQ(setUp("game = martian\nsize = 4x8\n" + kHalfBoard), "");

    EXPECT_EQ(setUp("game = martian\nsize = 8x8\n" + kWholeBoard),
              ":2: martian for 2 players is played on 4x8 cells only, not 8x8");
    EXPECT_EQ(setUp("game = martian\nplayers = 2\nsize = 8x8\n" + kWholeBoard),
              ":3: martian for 2 players is played on 4x8 cells only, not 8x8");
    EXPECT_EQ(setUp("game = martian\nplayers = 4\nsize = 4x8\n" + kHalfBoard),
              ":3: martian for 4 players is played on 8x8 cells only, not 4x8");
}

TEST_F(MartianConfiguration, OneBoardCoversTheGameHalfForTwoPlayersWhollyForFour) {
    for (int players : {2, 4}) {
        Configuration commandLine;
        commandLine.commandLineBoard = DeviceSpec{"dgt", "/dev/ttyACM0"};
        const Geometry cells = Geometry::rectangle(players == 2 ? 4 : 8, 8);
        std::string error;
        auto boards = boardsFor(commandLine, "martian", cells, error);
        ASSERT_TRUE(boards) << error;
        ASSERT_EQ(boards->size(), 1u);
        EXPECT_EQ(squaresText((*boards)[0].placement.used), players == 2 ? "a1-d8" : "all");
        EXPECT_EQ(checkLayout(*boards, cells), "");

        auto virtualBoards = virtualBoardsCovering(cells);
        ASSERT_EQ(virtualBoards.size(), 1u);
        EXPECT_EQ(squaresText(virtualBoards[0].placement.used), players == 2 ? "a1-d8" : "all");
    }
    EXPECT_EQ(contains(printed({"--game", "martian", "--players", "4"}), "[board.main]\n"), "");
    EXPECT_EQ(printed({"--game", "martian", "--players", "4"}).find("squares ="),
              std::string::npos);
}

TEST_F(MartianConfiguration, ABoardGivingAllItsSquaresToTwoPlayersIsToldToNarrowThem) {
    EXPECT_EQ(setUp("game = martian\n" + kWholeBoard),
              ":2: board a: its square e8 lies off the game's cells; move its origin or "
              "narrow its squares (squares = a1-d8 keeps those on the game's cells)");
}

TEST_F(MartianConfiguration, GameListSaysPlayersSurfaceOptionsAndStandIns) {
    std::string list = describeGames(gameCatalog());
    for (const char* part :
         {"martian: Martian Chess", "  players    2 or 4 (default 2)\n",
          "  surface    4x8 cells for two players (half a board), 8x8 for four\n",
          "  option     tie = emptier, draw (default emptier)",
          "  option     field-promotion = on, off (default off)",
          "  option     calling-clock = on, off (default off)", "(default white knight or rook)",
          "(default white queen or king or bishop)", "  stand-in   pawn = "}) {
        EXPECT_EQ(contains(list, part), "");
    }
}

}  // namespace
}  // namespace arbiter
