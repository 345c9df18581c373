// The Debian package's own files, unpacked into a scratch root by the
// package_checked test (check_package.sh), started as systemd starts them:
// the command line of the packaged unit, the packaged configuration, a
// notify socket and a watchdog, standard output as the journal's stream. The
// board is a virtual one, found as the packaged configuration says (device =
// auto), as a real board plugged in would be.
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/daemon/temp_directory.h"
#include "tests/e2e/child_process.h"
#include "tests/scoped_environment.h"

namespace {

using namespace std::chrono;
namespace fs = std::filesystem;
using arbiter::e2e::ChildProcess;
using arbiter::testing::ScopedEnvironment;
using arbiter::testing::TempDirectory;

const fs::path kRoot = ARBITER_PACKAGE_ROOT;

// ExecStart= of a packaged unit, as words, with what systemd would put in:
// the specifiers %S (state), %t (runtime) and %i (the instance), and every
// file of the package found in the scratch root.
std::vector<std::string> execStart(const std::string& unit,
                                   const std::map<std::string, std::string>& specifiers) {
    std::ifstream file(kRoot / "usr/lib/systemd/system" / unit);
    std::string line;
    while (std::getline(file, line) && !line.starts_with("ExecStart=")) {
    }
    EXPECT_TRUE(line.starts_with("ExecStart=")) << unit << " has no ExecStart";
    std::istringstream words(line.substr(std::strlen("ExecStart=")));
    std::vector<std::string> argv;
    for (std::string word; words >> word;) {
        for (const auto& [specifier, value] : specifiers)
            for (size_t at; (at = word.find(specifier)) != std::string::npos;)
                word.replace(at, specifier.size(), value);
        if (word.starts_with("/usr/") || word.starts_with("/etc/"))
            word = (kRoot / word.substr(1)).string();
        argv.push_back(word);
    }
    return argv;
}

// systemd's end of the notify protocol, NOTIFY_SOCKET's datagram socket.
class NotifySocket {
  public:
    explicit NotifySocket(const fs::path& path) : path_(path) {
        fd_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
        EXPECT_EQ(::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    }
    ~NotifySocket() { ::close(fd_); }
    const fs::path& path() const { return path_; }

    // The next message that begins with `prefix`, those before it kept in
    // heard(); "" when none comes within `timeout`.
    std::string waitFor(const std::string& prefix, milliseconds timeout) {
        const auto deadline = steady_clock::now() + timeout;
        while (steady_clock::now() < deadline) {
            const auto left = duration_cast<microseconds>(deadline - steady_clock::now());
            timeval wait{long(left.count() / 1'000'000), long(left.count() % 1'000'000)};
            ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
            char buffer[4096];
            const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n <= 0) continue;
            std::string message(buffer, size_t(n));
            heard_.push_back(message);
            if (message.starts_with(prefix)) return message;
        }
        return {};
    }
    const std::vector<std::string>& heard() const { return heard_; }

  private:
    fs::path path_;
    int fd_ = -1;
    std::vector<std::string> heard_;
};

class PackagedService : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(fs::exists(kRoot / "usr/bin/arbiterd"))
            << "no package unpacked in " << kRoot << " (the package_checked test makes it)";
        // What systemd makes before it starts the unit: StateDirectory=arbiter,
        // RuntimeDirectory=arbiter.
        fs::create_directories(dir_ / "state/arbiter");
        fs::create_directories(dir_ / "run/arbiter");
    }
    void TearDown() override {
        if (HasFailure() && daemon_) std::cerr << "--- arbiterd said:\n" << daemon_->transcript();
    }

    std::map<std::string, std::string> specifiers(const std::string& instance = "") const {
        return {
            {"%S", (dir_ / "state").string()}, {"%t", (dir_ / "run").string()}, {"%i", instance}};
    }

    // The packaged arbiter-vboard, published as NAME where the daemon looks.
    void startBoard(const std::string& name) {
        boards_.push_back(std::make_unique<ChildProcess>(std::vector<std::string>{
            (kRoot / "usr/bin/arbiter-vboard").string(), "--name", name, "--scan-ms", "10"}));
        ASSERT_GE(boards_.back()->waitFor("vboard: /dev/", seconds(5)), 0)
            << boards_.back()->transcript();
    }

    // The unit's command, its standard output the journal's stream as systemd
    // sets JOURNAL_STREAM (the device and inode of that stream).
    std::unique_ptr<ChildProcess> startUnit(const std::string& unit,
                                            const std::string& instance = "") {
        std::vector<std::string> argv = {
            "/bin/sh", "-c", "JOURNAL_STREAM=$(stat -L -c %d:%i /proc/$$/fd/1) exec \"$@\"", "sh"};
        for (std::string& word : execStart(unit, specifiers(instance))) argv.push_back(word);
        return std::make_unique<ChildProcess>(argv);
    }

    // Waits for `daemon` to say `expect` after line `from`; the line's index.
    size_t expectSaid(ChildProcess& daemon, const std::string& expect, size_t from = 0) {
        const int at = daemon.waitFor(expect, seconds(15), from);
        EXPECT_GE(at, 0) << "arbiterd never said \"" << expect << "\":\n" << daemon.transcript();
        return at < 0 ? daemon.lines().size() : size_t(at) + 1;
    }

    std::string control(const std::string& socket, const std::vector<std::string>& args) {
        std::vector<std::string> argv = {(kRoot / "usr/bin/arbiterctl").string(), "--socket",
                                         socket};
        argv.insert(argv.end(), args.begin(), args.end());
        ChildProcess ctl(argv);
        EXPECT_EQ(ctl.wait(seconds(10)), 0) << ctl.transcript();
        return ctl.transcript();
    }

    TempDirectory scratch_{"arbiter-package"};
    const fs::path dir_ = scratch_.path();
    // What systemd gives the unit, and where the daemon finds virtual boards.
    std::unique_ptr<NotifySocket> notify_ = std::make_unique<NotifySocket>(dir_ / "notify");
    ScopedEnvironment notifySocket_{"NOTIFY_SOCKET", notify_->path().string()};
    ScopedEnvironment watchdog_{"WATCHDOG_USEC", "1000000"};
    ScopedEnvironment vboards_{"ARBITER_VBOARD_DIR", (dir_ / "vboards").string()};
    std::vector<std::unique_ptr<ChildProcess>> boards_;
    std::unique_ptr<ChildProcess> daemon_;
};

}  // namespace

// systemctl start arbiterd, two moves, systemctl stop, systemctl start: the
// game goes on where it was.
TEST_F(PackagedService, ReadyOnceItsSocketAnswersThenPlaysStopsAndResumes) {
    startBoard("table");
    daemon_ = startUnit("arbiterd.service");
    const std::string ready = notify_->waitFor("READY=1", seconds(15));
    ASSERT_FALSE(ready.empty()) << daemon_->transcript();
    // Ready means heard: the socket is there, and answers.
    const std::string socket = (dir_ / "run/arbiter/arbiterd.sock").string();
    EXPECT_TRUE(fs::is_socket(socket));
    EXPECT_NE(ready.find("\nSTATUS=Waiting for the start position of fide"), std::string::npos)
        << ready;
    EXPECT_NE(control(socket, {"status"}).find("fide"), std::string::npos);

    size_t seen = expectSaid(*daemon_, "board auto: found a dgt board on vboard:table");
    seen = expectSaid(*daemon_, "New game of fide, 15+10.", seen);
    boards_[0]->send("e2-e4\n");
    seen = expectSaid(*daemon_, "1. e4", seen);
    boards_[0]->send("e7-e5\n");
    seen = expectSaid(*daemon_, "1... e5", seen);
    EXPECT_NE(control(socket, {"status"}).find("e5"), std::string::npos);
    // systemctl status shows where the game stands.
    EXPECT_FALSE(notify_->waitFor("STATUS=1... e5", seconds(5)).empty());
    // The games are where the unit put them: StateDirectory.
    ASSERT_TRUE(fs::is_directory(dir_ / "state/arbiter/games"));
    EXPECT_FALSE(fs::is_empty(dir_ / "state/arbiter/games"));

    // Alive, said from the event loop every half of WATCHDOG_USEC.
    EXPECT_FALSE(notify_->waitFor("WATCHDOG=1", seconds(3)).empty());
    EXPECT_FALSE(notify_->waitFor("WATCHDOG=1", seconds(3)).empty());

    daemon_->signal(SIGTERM);
    EXPECT_FALSE(notify_->waitFor("STOPPING=1", seconds(10)).empty());
    EXPECT_EQ(daemon_->wait(seconds(10)), 0);
    // Every line went to the journal with its priority, and no time of its
    // own: the move at info (6), the stop too.
    for (const std::string& line : daemon_->lines())
        EXPECT_TRUE(line.size() > 3 && line[0] == '<' && line[2] == '>' && line[1] >= '0' &&
                    line[1] <= '7')
            << "no priority: " << line;
    EXPECT_GE(daemon_->waitFor("<6>1. e4", seconds(0)), 0) << daemon_->transcript();

    daemon_ = startUnit("arbiterd.service");
    const std::string resumed = notify_->waitFor("READY=1", seconds(15));
    EXPECT_NE(resumed.find("\nSTATUS=Resumed the game from "), std::string::npos)
        << resumed << daemon_->transcript();
    seen = expectSaid(*daemon_, "Resumed the game");
    seen = expectSaid(*daemon_, "White to play move 2", seen);
    boards_[0]->send("g1-f3\n");
    expectSaid(*daemon_, "2. Nf3", seen);
}

// Two tables of the template on one machine, arbiterd@east and
// arbiterd@west: each its own file (the packaged one, copied and given its
// own board), games and socket.
TEST_F(PackagedService, TwoTablesOfTheTemplateKeepToTheirOwnFilesGamesAndSockets) {
    const std::string tag = std::to_string(::getpid());
    const std::vector<std::string> tables = {"east-" + tag, "west-" + tag};
    std::vector<std::unique_ptr<ChildProcess>> daemons;
    for (const std::string& table : tables) {
        std::ifstream packaged(kRoot / "etc/arbiter/arbiter.ini");
        std::ostringstream text;
        text << packaged.rdbuf();
        std::string config = text.str();
        const size_t at = config.find("device = auto");
        ASSERT_NE(at, std::string::npos) << config;
        config.replace(at, std::strlen("device = auto"), "device = vboard:" + table);
        std::ofstream(kRoot / "etc/arbiter" / (table + ".ini")) << config;
        startBoard(table);
        daemons.push_back(startUnit("arbiterd@.service", table));
        ASSERT_FALSE(notify_->waitFor("READY=1", seconds(15)).empty())
            << daemons.back()->transcript();
    }
    for (const std::string& table : tables) fs::remove(kRoot / "etc/arbiter" / (table + ".ini"));

    const std::vector<std::pair<std::string, std::string>> moves = {{"e2-e4", "1. e4"},
                                                                    {"d2-d4", "1. d4"}};
    for (size_t i = 0; i < tables.size(); ++i) {
        const size_t seen = expectSaid(*daemons[i], "New game of fide, 15+10.");
        boards_[i]->send(moves[i].first + "\n");
        expectSaid(*daemons[i], moves[i].second, seen);
    }
    for (size_t i = 0; i < tables.size(); ++i) {
        const std::string status =
            control((dir_ / "run/arbiter" / (tables[i] + ".sock")).string(), {"status"});
        EXPECT_NE(status.find(moves[i].second.substr(3)), std::string::npos) << status;
        EXPECT_EQ(status.find(moves[1 - i].second.substr(3)), std::string::npos) << status;
        EXPECT_FALSE(fs::is_empty(dir_ / "state/arbiter" / tables[i]));
        EXPECT_EQ(daemons[i]->waitFor(moves[1 - i].second, seconds(0)), -1)
            << "table " << tables[i] << " announced the other table's move";
    }
    for (auto& daemon : daemons) {
        daemon->signal(SIGTERM);
        EXPECT_EQ(daemon->wait(seconds(10)), 0) << daemon->transcript();
    }
}

// arbiterd@TABLE with no /etc/arbiter/TABLE.ini: it never says it is ready,
// and says why, as an error, naming the file.
TEST_F(PackagedService, ATableWithoutItsFileFailsToStartSayingWhyAsAnError) {
    const std::string table = "nowhere-" + std::to_string(::getpid());
    auto daemon = startUnit("arbiterd@.service", table);
    EXPECT_EQ(daemon->wait(seconds(10)), 2) << daemon->transcript();
    EXPECT_GE(daemon->waitFor("<3>arbiterd: ", seconds(0)), 0) << daemon->transcript();
    EXPECT_NE(daemon->transcript().find("etc/arbiter/" + table + ".ini"), std::string::npos)
        << daemon->transcript();
    EXPECT_TRUE(notify_->waitFor("READY=1", milliseconds(100)).empty());
}
