#include "daemon/config/configuration.h"
#include "daemon/config/configuration_text.h"
#include "daemon/config/table_setup.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "daemon/config/command_line.h"
#include "engine/powercoinz/powercoinz.h"
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
    // Reads `text` and checks it all against its game; the error, empty when it was accepted.
    std::string setUp(const std::string& text, std::vector<std::string> fromCommandLine = {}) {
        std::string error = read(text, fromCommandLine);
        if (!error.empty()) return error;
        setup = setUpTable(config, error);
        return error;
    }
    // The message for `text` read afresh, whichever step refuses it, without the file's path.
    std::string refusal(const std::string& text) {
        config = Configuration();
        std::string error = setUp(text);
        if (error.rfind(path, 0) == 0) error = error.substr(path.size());
        return error;
    }
    testing::TempDirectory scratch{"arbiter-config"};
    std::string dir = scratch.path();
    std::string path;
    Configuration config;
    std::optional<TableSetup> setup;
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
    EXPECT_EQ(config.playerNames, (std::vector<std::string>{"Ann", "Bob"}));
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
                     "rotation, squares, sensing, label");
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
                     ":1: unknown section [clock]; sections are [options], [stand-ins] and one "
                     "[board.NAME] per board (NAME: letters, digits, - and _)");
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

TEST_F(ConfigurationTest, TheDgtClocksWhiteHalfIsLeftOrRight) {
    EXPECT_EQ(config.clockWhite, "left");
    ASSERT_EQ(read("clock-white = right\n"), "");
    EXPECT_EQ(config.clockWhite, "right");
    EXPECT_EQ(read("clock-white = up\n"),
              path +
                  ":1: clock-white must be left or right (the half of the DGT clock, seen from "
                  "its front, that is White's), not \"up\"");
    EXPECT_EQ(config.clockWhite, "right");
    Configuration fromCommandLine;  // --clock-white up
    fromCommandLine.clockWhite = "up";
    fromCommandLine.commandLineBoard = DeviceSpec{"dgt", "/dev/ttyACM0"};
    std::string error;
    EXPECT_FALSE(setUpTable(fromCommandLine, error));
    EXPECT_NE(error.find("clock-white must be left or right"), std::string::npos) << error;
}

TEST_F(ConfigurationTest, OverlappingBoardsAreRefused) {
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/ttyACM0\n[board.b]\ndevice = dgt:/dev/ttyACM1\n"
                   "squares = a1-a1\n"),
              "");
    EXPECT_EQ(checkLayout(config.boards, chess),
              "board b (line 3) overlaps board a (line 1) at cell a1; move its origin or narrow "
              "its squares");
}

// Sixteen boards on one device once passed the check; at run time all but one
// waited for ever on "another arbiterd", which was this one.
TEST_F(ConfigurationTest, ADeviceNamedByTwoBoardsIsRefused) {
    std::string sixteen = "game = colonization\nplayers = 4\nsize = 32x32\n";
    for (int b = 0; b < 16; ++b)
        sixteen += "[board.b" + std::to_string(b) + "]\ndevice = dgt:/dev/ttyACM0\norigin = " +
                   std::string(1, static_cast<char>('a' + b % 4 * 8)) +
                   std::to_string(1 + b / 4 * 8) + "\n";
    EXPECT_EQ(refusal(sixteen),
              ":7: board b1 reads the device dgt:/dev/ttyACM0, as board b0 (line 4) does: each "
              "board needs a device of its own");
    // Each on a device of its own, the same layout passes.
    for (size_t at = 0, b = 0; (at = sixteen.find("ttyACM0", at)) != std::string::npos; ++b)
        sixteen.replace(at, 7, "ttyACM" + std::to_string(100 + b));
    EXPECT_EQ(refusal(sixteen), "");
}

TEST_F(ConfigurationTest, TwoPathsToOneDeviceAreOneDevice) {
    fs::create_symlink("/dev/null", dir + "/by-id");
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/null\nsquares = a1-h4\n[board.b]\ndevice = dgt:" +
                   dir + "/by-id\nsquares = a5-h8\n"),
              "");
    EXPECT_EQ(checkLayout(config.boards, chess),
              "board b (line 4) reads the device dgt:" + dir +
                  "/by-id, as board a (line 1) does: each board needs a device of its own");
}

TEST_F(ConfigurationTest, ADevicePathTooLongToLookUpIsRefusedWithAMessage) {
    const std::string tooLong(300, 'a');  // longer than any name a directory holds
    ASSERT_EQ(read("[board.a]\ndevice = dgt:/" + tooLong + "/ttyACM0\n"), "");
    EXPECT_EQ(checkLayout(config.boards, chess),
              "board a (line 1): device /" + tooLong + "/ttyACM0 cannot be reached: " +
                  std::strerror(ENAMETOOLONG));
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

// Lowers the limit on open files to the files open now, so that opening one
// more fails, for root as for anyone: a file that exists and cannot be opened,
// as one arbiterd's user may not read is. The limit is put back when it goes.
class NoFileCanBeOpened {
  public:
    NoFileCanBeOpened() {
        ::getrlimit(RLIMIT_NOFILE, &saved_);
        const int lowestFree = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        ::close(lowestFree);
        rlimit fewer = saved_;
        fewer.rlim_cur = static_cast<rlim_t>(lowestFree);
        ::setrlimit(RLIMIT_NOFILE, &fewer);
    }
    ~NoFileCanBeOpened() { ::setrlimit(RLIMIT_NOFILE, &saved_); }
    NoFileCanBeOpened(const NoFileCanBeOpened&) = delete;
    NoFileCanBeOpened& operator=(const NoFileCanBeOpened&) = delete;

  private:
    rlimit saved_{};
};

// A file that could not be opened was read as empty, and so as a table of
// every default: --check-config said it was ready to referee fide.
TEST_F(ConfigurationTest, FileThatCannotBeOpenedIsRefusedNotReadAsEmpty) {
    path = dir + "/arbiter.ini";
    std::ofstream(path) << "game = skirmish\n";
    config.time = "1+0";
    std::string error;
    bool accepted = false;
    {
        NoFileCanBeOpened noMoreFiles;
        accepted = readConfigurationFile(path, {}, config, error);
    }
    EXPECT_FALSE(accepted);
    EXPECT_EQ(error, "cannot read configuration " + path + ": " + std::strerror(EMFILE));
    EXPECT_EQ(config.time, "1+0");
    EXPECT_EQ(config.file, "");
}

// A file that opens but fails part way (/proc/self/mem: its first page is
// never mapped) is refused too, rather than read as far as it went.
TEST_F(ConfigurationTest, FileThatFailsWhileReadIsRefused) {
    if (!fs::exists("/proc/self/mem")) GTEST_SKIP() << "no /proc/self/mem here";
    std::string error;
    EXPECT_FALSE(readConfigurationFile("/proc/self/mem", {}, config, error));
    EXPECT_EQ(error,
              std::string("cannot read configuration /proc/self/mem: ") + std::strerror(EIO));
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

// Skirmish for eight on four boards, everything a game takes given in the file.
const char* kSkirmishForEight = R"(game = skirmish
players = 8
size = 16x16
[options]
pieces = 5
[stand-ins]
piece = Black  Knight
[board.a1]
device = dgt:/dev/ttyACM0
[board.i1]
device = dgt:/dev/ttyACM1
origin = i1
[board.a9]
device = dgt:/dev/ttyACM2
origin = a9
[board.i9]
device = dgt:/dev/ttyACM3
origin = i9
)";

TEST_F(ConfigurationTest, PlayersSizeOptionsAndStandInsAreReadAndChecked) {
    ASSERT_EQ(setUp(kSkirmishForEight), "");
    EXPECT_EQ(config.playerCount, 8);
    EXPECT_EQ(config.size, (SurfaceSize{16, 16}));
    EXPECT_EQ(setup->seats, 8);
    EXPECT_EQ(setup->cells, Geometry::rectangle(16, 16));
    const GameOptions& options = setup->settings.gameOptions;
    EXPECT_EQ(options.players, 8);
    EXPECT_EQ(options.value("pieces"), "5");
    EXPECT_EQ(options.standIn("piece"), (SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(setup->settings.boards.size(), 4u);
    EXPECT_EQ(describeSetup(*setup),
              "skirmish, 8 players, 16x16 cells on 4 boards, time 15+10, pieces=5, "
              "piece=black knight");
}

TEST_F(ConfigurationTest, TimeDgtIsRefusedWhereNoDgtClockCanKeepIt) {
    const std::string board = "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
    ASSERT_EQ(setUp("game = fide\ntime = dgt\n" + board), "");
    EXPECT_TRUE(setup->settings.session.time.keptByDgtClock());
    EXPECT_EQ(refusal("game = skirmish\ntime = dgt\n" + board),
              ":2: time \"dgt\": a DGT clock keeps the time of two players, but this skirmish "
              "starts with 4; give a time control such as 15+10");
    EXPECT_EQ(refusal("game = powercoinz\nplayers = 2\ntime = dgt\n"),
              ":3: time \"dgt\": the DGT clock is read through a DGT board, and this table has "
              "none; give a time control such as 15+10");
    EXPECT_NE(refusal("game = fide\ntime = dgt5\n" + board).find("is not a time control"),
              std::string::npos);
}

TEST_F(ConfigurationTest, StandInsMayBeFenLetters) {
    ASSERT_EQ(setUp("game = skirmish\n[stand-ins]\npiece = n\n[board.a]\ndevice = "
                    "dgt:/dev/ttyACM0\n"),
              "");
    EXPECT_EQ(setup->options.standIn("piece"), (SetPiece{SetColour::Black, Figure::Knight}));
}

TEST_F(ConfigurationTest, DefaultsFillWhatTheFileLeavesOut) {
    ASSERT_EQ(setUp("game = skirmish\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"), "");
    EXPECT_EQ(setup->seats, 4);
    EXPECT_EQ(setup->options.value("pieces"), "3");
    EXPECT_EQ(setup->options.standIn("piece"), (SetPiece{SetColour::White, Figure::Pawn}));
}

TEST_F(ConfigurationTest, CommandLineWinsOverTheFileOptionByOption) {
    config.playerCount = 6;
    config.options["pieces"] = "7";
    ASSERT_EQ(setUp(kSkirmishForEight, {"players", "options.pieces"}), "");
    EXPECT_EQ(setup->seats, 6);
    EXPECT_EQ(setup->options.value("pieces"), "7");
    // What the command line did not say still comes from the file.
    EXPECT_EQ(setup->options.standIn("piece"), (SetPiece{SetColour::Black, Figure::Knight}));
    EXPECT_EQ(setup->cells, Geometry::rectangle(16, 16));
}

TEST_F(ConfigurationTest, GameSettingsThatDoNotFitTheGameAreRefusedWithTheirLine) {
    const std::string board = "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
    EXPECT_EQ(refusal("game = chess\n"),
              ":1: unknown game \"chess\"; known games: fide, skirmish, csipgs, martian, "
              "powercoinz, konfusion, mobiatus, colonization, cornerport, sandkings (arbiterd "
              "--list-games describes them)");
    EXPECT_EQ(refusal("game = powercoinz\nsize = 8x8\n"),
              ":2: powercoinz is played without boards: it takes no size");
    EXPECT_EQ(refusal("game = skirmish\n[options]\npices = 5\n" + board),
              ":3: skirmish has no option \"pices\"; its options: pieces");
    EXPECT_EQ(refusal("game = skirmish\n[options]\npieces = 50\n" + board),
              ":3: option pieces takes 1..16, not \"50\"");
    EXPECT_EQ(refusal("game = skirmish\n[options]\npieces = lots\n" + board),
              ":3: option pieces takes 1..16, not \"lots\"");
    EXPECT_EQ(refusal("game = fide\n[options]\nrelay = on\n" + board),
              ":3: fide has no option \"relay\"; its options: strict-touch");
    EXPECT_EQ(refusal("game = skirmish\n[stand-ins]\npawn = n\n" + board),
              ":3: skirmish has no piece \"pawn\" to stand in for; its pieces: piece");
    EXPECT_EQ(refusal("game = fide\n[stand-ins]\nbishop = n\n" + board),
              ":3: fide has no piece \"bishop\" to stand in for (its pieces are chess pieces)");
    EXPECT_EQ(refusal("game = skirmish\nplayers = 17\n" + board),
              ":2: skirmish is for 2 to 16 players, not 17");
    EXPECT_EQ(refusal("game = fide\nplayers = 3\n" + board), ":2: fide is for 2 players, not 3");
    EXPECT_EQ(refusal("game = fide\nsize = 16x16\n" + board),
              ":2: fide is played on 8x8 cells only");
    EXPECT_EQ(refusal("game = skirmish\nsize = 72x8\n" + board),
              ":2: skirmish takes 8..64 files and 8..64 ranks, not 72x8");
    EXPECT_EQ(refusal("game = skirmish\nsize = 12x12\n" + board),
              ":2: skirmish is played on whole 8x8 boards: files and ranks must be multiples of 8");
    // Two settings that fit alone but not together: named by the size's line.
    EXPECT_EQ(refusal("game = skirmish\nplayers = 8\nsize = 8x8\n" + board),
              ":3: skirmish needs a corner for each player, at most 4 players per board: 8 "
              "players need 2 boards, e.g. --size 16x8");
}

TEST_F(ConfigurationTest, BadFormsAreRefusedAsTheyAreRead) {
    EXPECT_EQ(refusal("players = four\n"),
              ":1: players must be a whole number of players, e.g. 4, not \"four\"");
    EXPECT_EQ(refusal("players = 0\n"),
              ":1: players must be a whole number of players, e.g. 4, not \"0\"");
    for (const char* size : {"16", "16x", "x16", "16 x 16", "0x8", "-8x8", "1000x8", "16x16x16"}) {
        EXPECT_EQ(refusal("size = " + std::string(size) + "\n"),
                  ":1: size must be FILESxRANKS, counted in cells, e.g. 16x16, not \"" +
                      std::string(size) + "\"")
            << size;
    }
    for (const char* piece : {"purple", "white", "white elephant", "x", "Q Q", ""}) {
        EXPECT_EQ(refusal("game = skirmish\n[stand-ins]\npiece = " + std::string(piece) + "\n"),
                  ":3: the stand-in for piece must be a piece of a chess set: a colour and a "
                  "figure (white pawn, black knight, ...) or a FEN letter (P, n, ...), not \"" +
                      std::string(piece) + "\"")
            << piece;
    }
    EXPECT_EQ(refusal("[options]\npieces = 3\npieces = 4\n"),
              ":3: \"pieces\" is given twice (first on line 2)");
    EXPECT_EQ(refusal("[options]\n[options]\n"), ":2: [options] appears twice (first on line 1)");
    EXPECT_EQ(refusal("[stand-ins]\nbig piece = n\n"),
              ":2: \"big piece = n\" is neither \"key = value\" nor a [section]");
}

TEST_F(ConfigurationTest, TopLevelValuesOnlyTheTableJudgesAreNamedWithTheirLine) {
    const std::string board = "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
    EXPECT_EQ(refusal("time = soon\n" + board),
              ":1: time \"soon\" is not a time control; e.g. 5+3, 5b3, 5d3, 5h, "
              "40/90+30:30+30, or dgt (the DGT clock keeps the time; docs/time-controls.md)");
    EXPECT_EQ(refusal("\nlog-level = loud\n" + board),
              ":2: unknown log level \"loud\"; known levels: trace, debug, info, warn, error, "
              "critical, off");
    EXPECT_EQ(refusal("player = Ann\nplayer = Ann\n" + board),
              ":2: player \"Ann\" is given twice (first on line 1); give each seat its own name");
    EXPECT_EQ(refusal("game = skirmish\nplayers = 4\nplayer = A\nplayer = B\nplayer = C\n"
                      "player = D\nplayer = E\n" +
                      board),
              ":3: skirmish starts with 4 players, but 5 names were given; name each seat once, "
              "in turn order");
    EXPECT_EQ(refusal("game = skirmish\nplayers = 3\nplayer = A\nplayer = B\n" + board),
              ":3: skirmish starts with 3 players, but 2 names were given; name each seat once, "
              "in turn order");
}

// Every key of the file with a bad value, refused naming the file, the line
// and the key, whether it is found as the file is read or only once the whole
// table is known (a name given twice: the line of the second).
TEST_F(ConfigurationTest, EveryBadValueInTheFileIsNamedWithItsLineAndKey) {
    const std::string notAFolder = dir + "/a-file";
    std::ofstream(notAFolder) << "x";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"game = chess\n", ":3: unknown game \"chess\"; known games: fide,"},
        {"players = four\n", ":3: players must be a whole number"},
        {"size = 3x\n", ":3: size must be FILESxRANKS"},
        {"time = 15+\n", ":3: time \"15+\" is not a time control"},
        {"time-limit = 0\n", ":3: time-limit must be minutes of play"},
        {"move-limit = x\n", ":3: move-limit must be the moves"},
        {"player = Ann\nplayer = B\x01ob\n", ":4: player name \"B\\x01ob\" must have 1 to 40"},
        {"player = Ann\nplayer = Bob\nplayer = Ann\n",
         ":5: player \"Ann\" is given twice (first on line 3); give each seat its own name"},
        {"journal =\n", ":3: journal must name the folder the games are kept in"},
        {"journal = " + notAFolder + "/games\n", ":3: journal \"" + notAFolder +
                                                     "/games\" cannot be a folder: " + notAFolder +
                                                     " is not one"},
        {"settle-ms = 20000\n", ":3: settle-ms must be a whole number of milliseconds"},
        {"log-level = verbose\n", ":3: unknown log level \"verbose\""},
        {"clock-white = up\n", ":3: clock-white must be left or right"},
        {"position = xyz\n", ":3: position \"xyz\" is not a position of fide"},
        {"speak = fr\n", ":3: arbiterd does not speak \"fr\"; speak takes"},
        {"[options]\nfoo = 1\n", ":4: fide has no option \"foo\""},
        {"[stand-ins]\nking = zz\n", ":4: the stand-in for king must be"},
        {"[board.b]\ndevice = usb:/x\n", ":4: unknown board protocol \"usb\""},
        {"[board.b]\ndevice = dgt:/dev/ttyACM1\norigin = 4a\n", ":5: origin \"4a\""},
        {"[board.b]\ndevice = dgt:/dev/ttyACM1\nrotation = 45\n", ":5: rotation must be 0, 90"},
        {"[board.b]\ndevice = dgt:/dev/ttyACM1\nsquares = a1-i4\n", ":5: squares \"a1-i4\""},
        {"[board.b]\ndevice = dgt:/dev/ttyACM1\nsensing = smell\n", ":5: sensing must be"},
        {"[board.b]\ndevice = dgt:/no/such/dir/tty\nsquares = e4\n",
         ":3: board b: device /no/such/dir/tty cannot be reached"},
        {"[board.b]\ndevice = dgt:/dev/ttyACM1\nsquares = e4\n",
         ":6: board a overlaps board b (line 3) at cell e4"},
    };
    for (const auto& [lines, refused] : cases) {
        const std::string text =
            "# one bad value\n\n" + lines + "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
        const std::string error = refusal(text);
        EXPECT_EQ(error.substr(0, refused.size()), refused) << text << "\n" << error;
    }
}

// "04" is no way to write 4, nor a thousand zeros before it: every number of
// the file is written as numbers are, and so is every one of the command line.
TEST_F(ConfigurationTest, NumbersWithLeadingZerosAreRefused) {
    const std::string zeros(1000, '0');
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"game = skirmish\nplayers = 04\n", ":4: players must be a whole number"},
        {"game = skirmish\nplayers = " + zeros + "4\n", ":4: players must be a whole number"},
        {"game = skirmish\nsize = 08x8\n", ":4: size must be FILESxRANKS"},
        {"time = 05+3\n", ":3: time \"05+3\" is not a time control"},
        {"time = 5+03\n", ":3: time \"5+03\" is not a time control"},
        {"time-limit = 090\n", ":3: time-limit must be minutes"},
        {"move-limit = 040\n", ":3: move-limit must be the moves"},
        {"settle-ms = 0300\n", ":3: settle-ms must be a whole number of milliseconds"},
        {"[board.b]\ndevice = dgt:/dev/ttyACM1\norigin = a01\n", ":5: origin \"a01\""},
    };
    for (const auto& [lines, refused] : cases) {
        const std::string text =
            "# one number\n\n" + lines + "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
        const std::string error = refusal(text);
        EXPECT_EQ(error.substr(0, refused.size()), refused) << text << "\n" << error;
    }
    // Written as numbers are, each is taken; 0 and 0.5 keep their zero.
    EXPECT_EQ(refusal("game = skirmish\nplayers = 4\ntime = 5+0\ntime-limit = 0.5\n"
                      "move-limit = 40\nsettle-ms = 0\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"),
              "");
}

TEST_F(ConfigurationTest, LayoutMustCoverAChangedSize) {
    EXPECT_EQ(refusal("game = skirmish\nsize = 16x8\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"),
              ": 64 cells of the game are on no board (i1, j1, k1, l1, m1, n1, o1, p1 and 56 "
              "more); add a board or widen a board's squares");
    EXPECT_EQ(refusal("game = skirmish\nsize = 8x16\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"
                      "[board.b]\ndevice = dgt:/dev/ttyACM1\norigin = a9\n"),
              "");
}

TEST_F(ConfigurationTest, NoBoardAtAllKeepsItsMessage) {
    EXPECT_EQ(refusal("game = fide\n"),
              "name the board with --board dgt:PATH, --board vboard:NAME or in --config "
              "(arbiterd --list-ports shows serial ports)");
}

TEST_F(ConfigurationTest, CommandLineBoardCoversAGameOfOneBoardOnly) {
    std::string error;
    config.commandLineBoard = DeviceSpec{"dgt", "/dev/ttyACM0"};
    auto boards = boardsFor(config, "skirmish", Geometry::rectangle(8, 8), error);
    ASSERT_TRUE(boards) << error;
    ASSERT_EQ(boards->size(), 1u);
    EXPECT_EQ((*boards)[0].name, "dgt:/dev/ttyACM0");
    EXPECT_FALSE(boardsFor(config, "skirmish", Geometry::rectangle(16, 16), error));
    EXPECT_EQ(error,
              "skirmish on 16x16 cells needs more than one board; describe them in --config "
              "(--print-config writes a file to start from)");
}

TEST_F(ConfigurationTest, GameWithoutCellsTakesNoBoard) {
    std::string error;
    auto none = boardsFor(config, "powercoinz", Geometry::none(), error);
    ASSERT_TRUE(none) << error;
    EXPECT_TRUE(none->empty());
    EXPECT_EQ(checkLayout({}, Geometry::none()), "");

    config.commandLineBoard = DeviceSpec{"dgt", "/dev/ttyACM0"};
    EXPECT_FALSE(boardsFor(config, "powercoinz", Geometry::none(), error));
    EXPECT_EQ(error,
              "powercoinz is played without boards; leave out --board (arbiterctl "
              "referees it)");

    config.commandLineBoard.reset();
    ASSERT_EQ(read("\n[board.left]\ndevice = dgt:/dev/ttyACM0\n"), "");
    EXPECT_FALSE(boardsFor(config, "powercoinz", Geometry::none(), error));
    EXPECT_EQ(error, path + ":2: powercoinz is played without boards; remove [board.left]");
    EXPECT_EQ(checkLayout(config.boards, Geometry::none()),
              "board left (line 2): the game is played without boards; remove every board");
}

TEST_F(ConfigurationTest, VirtualBoardsCoverEverySurface) {
    auto one = virtualBoardsCovering(chess);
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].name, "main");
    EXPECT_EQ(one[0].device.text(), "vboard:main");
    EXPECT_TRUE(one[0].placement.used.all());

    auto four = virtualBoardsCovering(Geometry::rectangle(16, 16));
    std::vector<std::string> names;
    for (const auto& b : four) names.push_back(b.name);
    EXPECT_EQ(names, (std::vector<std::string>{"a1", "i1", "a9", "i9"}));
    EXPECT_EQ(checkLayout(four, Geometry::rectangle(16, 16)), "");

    // A size that is no multiple of 8: each board gives part of its squares,
    // the parts meeting in the middle (tests/daemon/board_layout_test.cpp).
    auto partial = virtualBoardsCovering(Geometry::rectangle(10, 10));
    ASSERT_EQ(partial.size(), 4u);
    EXPECT_EQ(squaresText(partial[1].placement.used), "a4-e8");
    EXPECT_EQ(squaresText(partial[2].placement.used), "d1-h5");
    EXPECT_EQ(squaresText(partial[3].placement.used), "a1-e5");
    EXPECT_EQ(checkLayout(partial, Geometry::rectangle(10, 10)), "");

    // A ring: the last board must not reach round onto the first.
    EXPECT_EQ(checkLayout(virtualBoardsCovering(Geometry::ring(5, 12)), Geometry::ring(5, 12)), "");
    EXPECT_TRUE(virtualBoardsCovering(Geometry::none()).empty());
}

TEST_F(ConfigurationTest, SquaresAreWrittenAsTheyAreRead) {
    std::mt19937_64 random(20261121);
    for (int i = 0; i < 200; ++i) {
        std::bitset<64> used(random() & random());  // about a quarter of the squares
        if (i % 7 == 0) used = std::bitset<64>(random() | random());
        if (used.none()) continue;
        std::string text = squaresText(used);
        ASSERT_EQ(read("[board.a]\ndevice = dgt:/dev/ttyACM0\nsquares = " + text + "\n"), "")
            << text;
        EXPECT_EQ(config.boards[0].placement.used, used) << text;
    }
    EXPECT_EQ(squaresText(std::bitset<64>().set()), "all");
    EXPECT_EQ(cellName(0, 0), "a1");
    EXPECT_EQ(cellName(8, 8), "i9");
    EXPECT_EQ(cellName(26, 99), "aa100");
}

// --print-config's text, read back, is the same table.
TEST_F(ConfigurationTest, PrintedConfigurationReadsBackAsTheSameTable) {
    for (const char* text : {"game = fide\nplayer = Ann\nplayer = Bob\ntime-limit = 2.5\n"
                             "[board.x]\ndevice = dgt:/dev/ttyACM0\nrotation = 180\n",
                             kSkirmishForEight, kTwoHalves}) {
        config = Configuration();
        ASSERT_EQ(setUp(text), "") << text;
        TableSetup first = *setup;
        std::string printed = configurationText(config, first);
        config = Configuration();
        ASSERT_EQ(setUp(printed), "") << printed;
        EXPECT_EQ(setup->options.players, first.options.players);
        EXPECT_EQ(setup->options.values, first.options.values);
        EXPECT_EQ(setup->options.standIns, first.options.standIns);
        EXPECT_EQ(setup->cells, first.cells);
        EXPECT_EQ(setup->settings.session.players, first.settings.session.players);
        EXPECT_EQ(setup->settings.session.time, first.settings.session.time);
        EXPECT_EQ(setup->settings.session.limits, first.settings.session.limits);
        ASSERT_EQ(setup->settings.boards.size(), first.settings.boards.size());
        for (size_t i = 0; i < first.settings.boards.size(); ++i) {
            const BoardSetting& a = first.settings.boards[i];
            const BoardSetting& b = setup->settings.boards[i];
            EXPECT_EQ(b.device.text(), a.device.text());
            EXPECT_EQ(b.rotationGiven, a.rotationGiven);
            EXPECT_EQ(b.placement.rotation, a.placement.rotation);
            EXPECT_EQ(b.placement.originFile, a.placement.originFile);
            EXPECT_EQ(b.placement.originRank, a.placement.originRank);
            EXPECT_EQ(b.placement.used, a.placement.used);
            EXPECT_EQ(b.placement.sensing, a.placement.sensing);
        }
        EXPECT_EQ(describeSetup(*setup), describeSetup(first));
    }
}

TEST_F(ConfigurationTest, PrintedConfigurationSaysEveryOptionWithItsValues) {
    ASSERT_EQ(setUp(kSkirmishForEight), "");
    std::string printed = configurationText(config, *setup);
    for (const char* expected :
         {"game = skirmish\n", "players = 8\n", "size = 16x16\n", "time = 15+10\n", "[options]\n",
          "# pieces each player starts with, packed into a corner: 1..16, default 3.\n",
          "pieces = 5\n", "[stand-ins]\n", "piece = black knight\n", "[board.i9]\n",
          "origin = i9\n", "# time-limit = 90\n"}) {
        EXPECT_NE(printed.find(expected), std::string::npos) << expected << "\n" << printed;
    }
}

TEST_F(ConfigurationTest, GameWithoutCellsIsPrintedWithoutBoards) {
    static const GameInfo info = powercoinzInfo();
    std::string error;
    TableSetup boardless;
    boardless.game = &info;
    boardless.options = *GameOptions().resolved(info, error);
    boardless.seats = 3;
    boardless.settings.session.time = *TimeControl::parse("5+3");
    std::string printed = configurationText(config, boardless);
    EXPECT_EQ(printed.find("[board."), std::string::npos) << printed;
    EXPECT_EQ(printed.find("size ="), std::string::npos) << printed;
    EXPECT_NE(printed.find("# Played without boards"), std::string::npos) << printed;
    EXPECT_EQ(describeSetup(boardless), "powercoinz, 3 players, no boards, time 5+3");
    EXPECT_NE(describeGames({info}).find("surface    none: played without boards"),
              std::string::npos);
    EXPECT_NE(describeGames({info}).find("stand-ins  none: nothing stands on a board"),
              std::string::npos);
}

TEST_F(ConfigurationTest, GameListSaysPlayersSurfaceOptionsAndStandIns) {
    std::string list = describeGames(gameCatalog());
    for (const char* expected :
         {"fide: FIDE chess\n", "  players    2\n", "  surface    8x8 cells\n",
          "  options    none\n", "skirmish: Skirmish", "  players    2 to 16 (default 4)\n",
          "  surface    8..64 files x 8..64 ranks (default 8x8)\n",
          "  option     pieces = 1..16 (default 3): pieces each player starts with",
          "  stand-in   piece = any piece of a chess set (default white pawn)"}) {
        EXPECT_NE(list.find(expected), std::string::npos) << expected << "\n" << list;
    }
}

// The command line, read as arbiterd reads it.
std::pair<std::optional<CommandLine>, std::string> commandLine(std::vector<const char*> args) {
    args.insert(args.begin(), "arbiterd");
    std::string error;
    auto line = readCommandLine(static_cast<int>(args.size()), args.data(), error);
    return {std::move(line), error};
}

TEST_F(ConfigurationTest, AnEmptyPositionIsRefused) {
    EXPECT_EQ(refusal("position =\n[board.a]\ndevice = dgt:/dev/ttyACM0\n").substr(0, 24),
              ":1: position is empty: g");
    auto [line, error] = commandLine({"--position", "", "--check-config"});
    EXPECT_FALSE(line);
    EXPECT_EQ(error,
              "--position \"\" gives no position: give one in the game's own text, or leave "
              "--position out for the game's start");
}

TEST_F(ConfigurationTest, CommandLineGameSettings) {
    auto [line, error] =
        commandLine({"--game", "skirmish", "--players", "8", "--size", "16x16", "--option",
                     "pieces=5", "--stand-in", "piece=n", "--print-config"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->request, DaemonRequest::PrintConfig);
    EXPECT_EQ(line->config.playerCount, 8);
    EXPECT_EQ(line->config.size, (SurfaceSize{16, 16}));
    EXPECT_EQ(line->config.options, (std::map<std::string, std::string>{{"pieces", "5"}}));
    EXPECT_EQ(line->config.standIns.at("piece"), (SetPiece{SetColour::Black, Figure::Knight}));

    std::tie(line, error) = commandLine({"--option", "pieces"});
    EXPECT_EQ(error, "--option takes NAME=VALUE, e.g. --option pieces=5, not \"pieces\"");
    std::tie(line, error) = commandLine({"--option", "pieces=3", "--option", "pieces=4"});
    EXPECT_EQ(error, "option pieces is given twice");
    std::tie(line, error) = commandLine({"--option", "=3"});
    EXPECT_NE(error.find("an option is NAME=VALUE"), std::string::npos) << error;
    std::tie(line, error) = commandLine({"--stand-in", "piece=purple"});
    EXPECT_NE(error.find("the stand-in for piece must be a piece of a chess set"),
              std::string::npos)
        << error;
    std::tie(line, error) = commandLine({"--players", "2x"});
    EXPECT_NE(error.find("players must be a whole number"), std::string::npos) << error;
    std::tie(line, error) = commandLine({"--print-config", "--check-config"});
    EXPECT_EQ(error, "give one of --print-config, --check-config, --print-start and --calibrate");
    std::tie(line, error) = commandLine({"--list-games", "--option", "nonsense"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->request, DaemonRequest::ListGames);
}

TEST_F(ConfigurationTest, EveryBadValueOnTheCommandLineIsNamedByItsOption) {
    const std::string notAFolder = dir + "/a-file";
    std::ofstream(notAFolder) << "x";
    const std::string notAJournal = notAFolder + "/games";
    const std::vector<std::pair<std::vector<const char*>, std::string>> cases = {
        {{"--game", "chess"}, "unknown game \"chess\"; known games: fide,"},
        {{"--players", "four"}, "players must be a whole number"},
        {{"--size", "3x"}, "size must be FILESxRANKS"},
        {{"--time", "15+"}, "time \"15+\" is not a time control"},
        {{"--time-limit", "0"}, "time-limit \"0\" is not minutes of play"},
        {{"--move-limit", "x"}, "move-limit \"x\" is not a number of moves"},
        {{"--player", "Ann", "--player", "B\x01ob"}, "player name \"B\\x01ob\" must have 1 to 40"},
        {{"--player", "Ann", "--player", "Ann"},
         "player \"Ann\" is given twice; give each seat its own name"},
        {{"--journal", ""}, "journal must name the folder the games are kept in"},
        {{"--journal", notAJournal.c_str()},
         "journal \"" + notAJournal + "\" cannot be a folder: " + notAFolder + " is not one"},
        {{"--settle-ms", "20000"}, "settle-ms must be between 0 and 10000"},
        {{"--log-level", "verbose"}, "unknown log level \"verbose\""},
        {{"--clock-white", "up"}, "clock-white must be left or right"},
        {{"--position", "xyz"}, "position \"xyz\" is not a position of fide"},
        {{"--speak=fr"}, "arbiterd does not speak \"fr\"; speak takes"},
        {{"--seed", "xyz"}, "seed \"xyz\" is not 1 to 16 hexadecimal digits"},
        {{"--players", "04"}, "players must be a whole number"},
        {{"--size", "08x8"}, "size must be FILESxRANKS"},
        {{"--time", "05+3"}, "time \"05+3\" is not a time control"},
        {{"--time-limit", "090"}, "time-limit \"090\" is not minutes of play"},
        {{"--move-limit", "040"}, "move-limit \"040\" is not a number of moves"},
        {{"--settle-ms", "0300"}, "settle-ms must be a whole number of milliseconds"},
        {{"--option", "foo=1"}, "fide has no option \"foo\""},
        {{"--stand-in", "king=zz"}, "the stand-in for king must be"},
        {{"--board", "usb:/x"}, "unknown board protocol \"usb\""},
    };
    for (auto [args, refused] : cases) {
        if (std::string(args[0]) != "--board") {
            args.push_back("--board");
            args.push_back("dgt:/dev/ttyACM0");
        }
        auto [line, error] = commandLine(args);
        if (line) setUpTable(line->config, error);
        EXPECT_EQ(error.substr(0, refused.size()), refused) << args[0] << "\n" << error;
    }
}

// A Latin-1 name once stopped arbiterd when the game began (JSON holds only
// UTF-8) and left an empty journal behind: it is refused as it is read.
TEST_F(ConfigurationTest, CommandLineValuesThatAreNotUtf8AreRefusedNamingTheArgument) {
    auto [line, error] = commandLine({"--player", "J\xfcrgen", "--player", "Bob"});
    EXPECT_FALSE(line);
    EXPECT_EQ(error,
              "argument 2 \"J\\xFCrgen\" is not UTF-8 text; give names, paths and every other "
              "value in UTF-8");
    std::tie(line, error) = commandLine({"--journal=/tmp/g\xff"});
    EXPECT_NE(error.find("argument 1 \"--journal=/tmp/g\\xFF\" is not UTF-8"), std::string::npos)
        << error;
    std::tie(line, error) = commandLine({"--player", "J\xc3\xbcrgen", "--player", "Bob"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->config.playerNames[0], "J\xc3\xbcrgen");
}

TEST_F(ConfigurationTest, ALineThatIsNotUtf8IsRefusedWithItsLine) {
    EXPECT_EQ(refusal("game = fide\nplayer = J\xfcrgen\nplayer = Bob\n"),
              ":2: not UTF-8 text (byte \\xFC at column 11: \"player = J\\xFCrgen\"); save the "
              "file as UTF-8");
    // Saved as UTF-8, the same file is read.
    EXPECT_EQ(setUp("player = J\xc3\xbcrgen\nplayer = Bob\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"),
              "");
    EXPECT_EQ(setup->settings.session.players[0], "J\xc3\xbcrgen");
}

TEST_F(ConfigurationTest, AJournalFolderThatIsNotUtf8IsRefused) {
    config = Configuration();
    config.journal = "/tmp/games-\xe9t\xe9";
    EXPECT_EQ(setUp("[board.a]\ndevice = dgt:/dev/ttyACM0\n"),
              "the journal folder \"/tmp/games-\\xE9t\\xE9\" is not UTF-8 text; give a folder "
              "whose full path is UTF-8 (--journal)");
}

TEST_F(ConfigurationTest, CommandLineOptionsWinOverTheFileOnes) {
    path = dir + "/arbiter.ini";
    std::ofstream(path) << kSkirmishForEight;
    auto [line, error] = commandLine({"--config", path.c_str(), "--option", "pieces=2", "--players",
                                      "4", "--stand-in", "piece=P"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->config.options.at("pieces"), "2");
    EXPECT_EQ(line->config.playerCount, 4);
    EXPECT_EQ(line->config.standIns.at("piece"), (SetPiece{SetColour::White, Figure::Pawn}));
    EXPECT_EQ(line->config.size, (SurfaceSize{16, 16}));
    // A value from the command line is named as such, not by a line of the file.
    EXPECT_EQ(line->config.where("options.pieces"), "");
    EXPECT_EQ(line->config.where("size"), path + ":3: ");
}

TEST_F(ConfigurationTest, SpeechIsEnglishOrGermanAndOffUnlessAsked) {
    const std::string board = "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
    auto [line, error] = commandLine({"--speak"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->config.speak, "en");  // the language when none is named
    std::tie(line, error) = commandLine({"--speak", "de", "--game", "fide"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->config.speak, "de");
    EXPECT_EQ(line->config.game, "fide");
    std::tie(line, error) = commandLine({});
    ASSERT_TRUE(line) << error;
    EXPECT_FALSE(line->config.speak);

    config = Configuration();
    ASSERT_EQ(setUp(board), "");
    EXPECT_FALSE(setup->speech);
    config = Configuration();
    ASSERT_EQ(setUp("speak = de\n" + board), "");
    EXPECT_EQ(setup->speech, SpeechLanguage::German);
    // The command line wins over the file.
    config = Configuration();
    config.speak = "en";
    ASSERT_EQ(setUp("speak = de\n" + board, {"speak"}), "");
    EXPECT_EQ(setup->speech, SpeechLanguage::English);

    EXPECT_EQ(refusal("\nspeak = fr\n" + board),
              ":2: arbiterd does not speak \"fr\"; speak takes en (English), de (German)");
    EXPECT_EQ(refusal("speak =\n" + board),
              ":1: arbiterd does not speak \"\"; speak takes en (English), de (German)");
    config = Configuration();
    config.speak = "EN";
    EXPECT_EQ(setUp(board),
              "arbiterd does not speak \"EN\"; speak takes en (English), de (German)");
}

// A moderated csipgs game: each player's secret for arbiterctl --as. A bad
// one is named by its place, never said back: the console may be in sight.
TEST_F(ConfigurationTest, SecretsAreOnePerPlayerOfAModeratedGameAndNeverSaidBack) {
    auto moderated = [](const std::string& secrets, const std::string& time = "10+5") {
        return "game = csipgs\ntime = " + time + "\nsecrets = " + secrets +
               "\n[options]\nmoderated = on\n[board.white]\ndevice = dgt:/dev/ttyACM0\n"
               "[board.black]\ndevice = dgt:/dev/ttyACM1\n";
    };
    config = Configuration();
    ASSERT_EQ(setUp(moderated("w-s3cret, b-s3cret")), "");
    EXPECT_EQ(setup->settings.secrets, (std::vector<std::string>{"w-s3cret", "b-s3cret"}));
    EXPECT_EQ(configurationText(config, *setup).find("s3cret"), std::string::npos);

    EXPECT_EQ(refusal(moderated("only-one")),
              ":3: give one secret per player: csipgs starts with 2 players, and 1 secrets were "
              "given");
    EXPECT_EQ(refusal(moderated("same, same")),
              ":3: players 1 and 2 have the same secret; give each their own");
    for (auto [secrets, number] :
         {std::pair{"w s3cret, b-s3cret", 1}, std::pair{"w-s3cret,,b-s3cret", 2}, std::pair{"", 1},
          std::pair{"w-s3cret,", 2}, std::pair{"w-s3cret,b-s3cr\x01t", 2}}) {
        const std::string error = refusal(moderated(secrets));
        EXPECT_EQ(error, ":3: secret number " + std::to_string(number) +
                             " is not 1 to 200 printable characters without spaces; secrets are "
                             "one per player in turn order, separated by commas")
            << secrets;
        EXPECT_EQ(error.find("s3cr"), std::string::npos) << error;
    }
    EXPECT_NE(refusal(moderated(std::string(201, 'w') + ",b")).find("secret number 1 is not"),
              std::string::npos);
    EXPECT_EQ(refusal("secrets = w-s3cret, b-s3cret\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"),
              ":1: secrets are for a game in which each player sees only part of it (csipgs "
              "with the option moderated); every player of this fide sees everything");
    EXPECT_EQ(refusal(moderated("w-s3cret, b-s3cret", "dgt")),
              ":2: time \"dgt\": in a game in which each player sees only part of it, arbiterd "
              "keeps the time itself; give a time control such as 15+10");

    auto [line, error] = commandLine({"--secrets", "w-s3cret,b-s3cret"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->config.secrets, (std::vector<std::string>{"w-s3cret", "b-s3cret"}));
    std::tie(line, error) = commandLine({"--secrets", "w s3cret,b-s3cret"});
    EXPECT_FALSE(line);
    EXPECT_NE(error.find("secret number 1 is not"), std::string::npos) << error;
    EXPECT_EQ(error.find("s3cret"), std::string::npos) << error;
}

TEST_F(ConfigurationTest, PrintedConfigurationKeepsTheSpeechLanguage) {
    config = Configuration();
    ASSERT_EQ(setUp("speak = de\n[board.a]\ndevice = dgt:/dev/ttyACM0\n"), "");
    const std::string printed = configurationText(config, *setup);
    EXPECT_NE(printed.find("\nspeak = de\n"), std::string::npos) << printed;
    config = Configuration();
    ASSERT_EQ(setUp(printed), "") << printed;
    EXPECT_EQ(setup->speech, SpeechLanguage::German);
    config = Configuration();
    ASSERT_EQ(setUp("[board.a]\ndevice = dgt:/dev/ttyACM0\n"), "");
    EXPECT_NE(configurationText(config, *setup).find("\n# speak = en\n"), std::string::npos);
}

TEST_F(ConfigurationTest, DefaultLayoutCoversAChessboard) {
    auto p = defaultPlacement(chess);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->used.all());
    EXPECT_FALSE(defaultPlacement(Geometry::rectangle(10, 10)));
}

TEST_F(ConfigurationTest, ASeedIsHexDigitsOrRefused) {
    config = Configuration();
    config.seed = "00ff";
    ASSERT_EQ(setUp("[board.a]\ndevice = dgt:/dev/ttyACM0\n"), "");
    EXPECT_TRUE(setup->seedChosen);
    EXPECT_EQ(setup->settings.session.seed, 0xffu);
    for (const char* bad : {"xyz", "0123456789abcdef0", "-1", "FF"}) {
        config = Configuration();
        config.seed = bad;
        EXPECT_EQ(setUp("[board.a]\ndevice = dgt:/dev/ttyACM0\n"),
                  std::string("seed \"") + bad + "\" is not 1 to 16 hexadecimal digits (0-9, a-f)");
    }
    config = Configuration();
    ASSERT_EQ(setUp("[board.a]\ndevice = dgt:/dev/ttyACM0\n"), "");
    EXPECT_FALSE(setup->seedChosen);  // arbiterd then picks one at random
}

TEST_F(ConfigurationTest, APositionIsTheGamesOwnTextOrRefusedWithTheGamesReason) {
    const std::string board = "[board.a]\ndevice = dgt:/dev/ttyACM0\n";
    ASSERT_EQ(setUp("position = 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\n" + board), "");
    EXPECT_EQ(setup->settings.session.start, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
    // The command line's wins over the file's, and --check-config names it.
    auto [line, error] = commandLine({"--position", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"});
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(line->config.position, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    config = Configuration();
    ASSERT_EQ(setUp("position = 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\n" + board, {"position"}), "");
    EXPECT_EQ(setup->settings.session.start, "");
    config = Configuration();
    ASSERT_EQ(setUp("game = powercoinz\nposition = 1345,1345 -,34 flip 2\n"), "");
    EXPECT_NE(describeSetup(*setup).find(", from 1345,1345 -,34 flip 2"), std::string::npos)
        << describeSetup(*setup);

    const std::string error1 = refusal("position = 8/8 w\n" + board);
    EXPECT_EQ(error1.rfind(":1: position \"8/8 w\" is not a position of fide: ", 0), 0u) << error1;
    EXPECT_GT(error1.size(),
              std::string(":1: position \"8/8 w\" is not a position of fide: ").size());
    // Fool's mate, already over.
    EXPECT_EQ(
        refusal("\nposition = rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n" +
                board),
        ":2: position \"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\" is a "
        "game already over (checkmate); give one still to play");
    EXPECT_EQ(refusal("game = powercoinz\nposition = 12345,12345,12345 ?,?,? flip 1\n"),
              ":2: position \"12345,12345,12345 ?,?,? flip 1\" has 3 players, but this table's "
              "powercoinz starts with 2 (--players)");
    // From the command line: no line to name.
    config = Configuration();
    config.position = "not a position";
    EXPECT_EQ(setUp(board).rfind("position \"not a position\" is not a position of fide: ", 0), 0u);
}

}  // namespace
}  // namespace arbiter
