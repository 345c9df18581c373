// Bad input from outside: refused with a clear message, nothing changed, no crash.
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <tuple>

#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

using BadInput = TableTest;

TEST_F(BadInput, MalformedTimeControlIsRefused) {
    auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--time", "five minutes"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("is not a time control"), std::string::npos) << said;
}

TEST_F(BadInput, BadGameLimitsAreRefused) {
    auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--time-limit", "0"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("time-limit \"0\" is not minutes of play"), std::string::npos) << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--move-limit", "many"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("move-limit \"many\""), std::string::npos) << said;
}

TEST_F(BadInput, NamesThatDoNotFitTheSeatsAreRefused) {
    auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--player", "Ann", "--player",
                                     "Bob", "--player", "Cat", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("fide starts with 2 players, but 3 names were given"), std::string::npos)
        << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--player", "Ann", "--player",
                                        "Ann", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("player \"Ann\" is given twice; give each seat its own name"),
              std::string::npos)
        << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--player", "Ann\tB",
                                        "--player", "Bob", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("no control characters"), std::string::npos) << said;
}

// A Latin-1 name once stopped arbiterd as the game began (JSON holds only
// UTF-8) and left an empty journal that refused every start after it.
TEST_F(BadInput, ANameThatIsNotUtf8IsRefusedBeforeAnythingIsWritten) {
    auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--player", "J\xfcrgen",
                                     "--player", "Bob", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("argument 4 \"J\\xFCrgen\" is not UTF-8 text"), std::string::npos) << said;
    EXPECT_FALSE(fs::exists(journalDir_));
}

TEST_F(BadInput, UnknownBoardProtocolIsRefused) {
    auto [status, said] = runDaemon({"--board", "squareoff:/dev/ttyUSB0"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("unknown board protocol \"squareoff\""), std::string::npos) << said;
}

TEST_F(BadInput, UnknownGameIsRefused) {
    auto [status, said] =
        runDaemon({"--board", "dgt:/dev/null", "--game", "checkers", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("unknown game \"checkers\""), std::string::npos) << said;
}

TEST_F(BadInput, GameSettingsThatDoNotFitAreRefusedWithTheValidOnes) {
    auto [status, said] = runDaemon({"--board", "dgt:/dev/null", "--game", "skirmish", "--option",
                                     "pices=5", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("skirmish has no option \"pices\"; its options: pieces"), std::string::npos)
        << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--game", "skirmish",
                                        "--option", "pieces=0", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("option pieces takes 1..16, not \"0\""), std::string::npos) << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--game", "skirmish",
                                        "--players", "17", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("skirmish is for 2 to 16 players, not 17"), std::string::npos) << said;
    std::tie(status, said) =
        runDaemon({"--board", "dgt:/dev/null", "--size", "16x16", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("fide is played on 8x8 cells only"), std::string::npos) << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--game", "skirmish",
                                        "--stand-in", "piece=unicorn", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("the stand-in for piece must be a piece of a chess set"), std::string::npos)
        << said;
    std::tie(status, said) = runDaemon({"--board", "dgt:/dev/null", "--game", "skirmish", "--size",
                                        "16x16", "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("skirmish on 16x16 cells needs more than one board"), std::string::npos)
        << said;
    EXPECT_FALSE(fs::exists(journalDir_));
}

TEST_F(BadInput, ConfigurationWithAnUnknownGameOptionIsRefusedWithItsLine) {
    std::string ini = (dir_ / "arbiter.ini").string();
    std::ofstream(ini) << "game = skirmish\n[options]\npieces = 3\ncolour = red\n"
                          "[board.main]\ndevice = dgt:/dev/ttyACM0\n";
    auto [status, said] = runDaemon({"--config", ini, "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find(ini + ":4: skirmish has no option \"colour\"; its options: pieces"),
              std::string::npos)
        << said;
}

TEST_F(BadInput, UnknownOptionIsRefused) {
    auto [status, said] = runDaemon({"--bord", "dgt:/dev/null"});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find("bord"), std::string::npos) << said;
}

TEST_F(BadInput, DamagedJournalIsNeitherResumedNorTouched) {
    fs::create_directories(journalDir_);
    std::string path = journalDir_ + "/2026-01-01T00-00-00-fide.jsonl";
    std::string damaged =
        "{\"type\":\"game\",\"game\":\"fide\",\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
        "RNBQKBNR w KQkq - 0 1\",\"time\":\"5+3\"}\nthis is not json\n{\"type\":\"note\"}\n";
    std::ofstream(path) << damaged;
    auto [status, said] = runDaemon({"--board", "dgt:" + link_, "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find(path + ":2: not a JSON object"), std::string::npos) << said;
    std::ifstream in(path);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), damaged);
}

TEST_F(BadInput, IllegalMoveInJournalIsNamed) {
    fs::create_directories(journalDir_);
    std::string path = journalDir_ + "/2026-01-01T00-00-00-fide.jsonl";
    std::ofstream(path)
        << "{\"type\":\"game\",\"game\":\"fide\",\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
           "RNBQKBNR w KQkq - 0 1\",\"time\":\"5+3\"}\n"
           "{\"type\":\"move\",\"action\":\"e2e5\",\"clock\":[300000,300000]}\n";
    auto [status, said] = runDaemon({"--board", "dgt:" + link_, "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find(path + ":2: \"e2e5\" is not a legal action here"), std::string::npos)
        << said;
}

TEST_F(BadInput, ConfigurationWithAnUnknownKeyIsRefusedWithItsLine) {
    fs::create_directories(dir_);
    std::string ini = (dir_ / "arbiter.ini").string();
    std::ofstream(ini) << "game = fide\n[board.main]\ndevice = dgt:/dev/ttyACM0\nrotaton = 90\n";
    auto [status, said] = runDaemon({"--config", ini});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find(ini + ":4: unknown key \"rotaton\" in [board.main]"), std::string::npos)
        << said;
}

TEST_F(BadInput, ConfigurationWithOverlappingBoardsIsRefused) {
    std::string ini = (dir_ / "arbiter.ini").string();
    std::ofstream(ini) << "[board.a]\ndevice = dgt:/dev/ttyACM0\n[board.b]\ndevice = "
                          "dgt:/dev/ttyACM1\nsquares = e4-e4\n";
    auto [status, said] = runDaemon({"--config", ini, "--journal", journalDir_});
    EXPECT_EQ(status, 2);
    EXPECT_NE(said.find(ini + ":3: board b overlaps board a (line 1) at cell e4"),
              std::string::npos)
        << said;
}

// A board that sends garbage between good messages: warned about, then used.
TEST_F(BadInput, GarbageFromTheBoardIsSkipped) {
    int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    ASSERT_GE(master, 0);
    ASSERT_EQ(::grantpt(master), 0);
    ASSERT_EQ(::unlockpt(master), 0);
    std::string slave = ::ptsname(master);
    int keep = ::open(slave.c_str(), O_RDWR | O_NOCTTY);  // keeps the pty alive between opens
    termios raw{};
    ::tcgetattr(keep, &raw);
    ::cfmakeraw(&raw);
    ::tcsetattr(keep, TCSANOW, &raw);
    fs::create_symlink(slave, link_);
    startDaemon();
    // Once it has opened the port and sent its requests (a port opened later
    // would drop what is written before), answer with garbage and a good dump.
    // However slow the machine, the first request is waited for, not guessed.
    pollfd request{master, POLLIN, 0};
    ASSERT_EQ(::poll(&request, 1, 60'000), 1) << "arbiterd sent the board no request";
    std::array<uint8_t, 256> asked{};
    ASSERT_GT(::read(master, asked.data(), asked.size()), 0);
    std::vector<uint8_t> bytes = {0x01, 0x02, 0xff, 0x86, 0x00, 0x43, 0x08,
                                  0x8e, 0x00, 0x05, 0x55, 0x7f};  // junk, a torn dump, a bad update
    std::vector<uint8_t> dump = {0x86, 0x00, 0x43, 0x08, 0x09, 0x0a, 0x0c, 0x0b, 0x0a, 0x09, 0x08};
    for (int i = 0; i < 8; ++i) dump.push_back(0x07);
    for (int i = 0; i < 32; ++i) dump.push_back(0x00);
    for (int i = 0; i < 8; ++i) dump.push_back(0x01);
    dump.insert(dump.end(), {0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02});
    bytes.insert(bytes.end(), dump.begin(), dump.end());
    ASSERT_EQ(::write(master, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
    expectSaid("New game of fide");
    EXPECT_NE(daemon_->transcript().find("warn"), std::string::npos);
    ::close(keep);
    ::close(master);
}

}  // namespace
}  // namespace arbiter::e2e
