// arbiter-vboard as a host sees it: the real program, its pseudo-terminal opened
// with plain termios, and console lines on its stdin.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "fake_board_hardware.h"
#include "tests/scoped_environment.h"

extern char** environ;

namespace {

using arbiter::testing::ScopedEnvironment;
using Bytes = std::vector<uint8_t>;
using Clock = std::chrono::steady_clock;

constexpr auto kPatience = std::chrono::seconds(3);

int millisecondsLeft(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return static_cast<int>(std::max<long long>(0, left.count()));
}

// Reads exactly `count` bytes, or what arrived before the patience ran out.
Bytes readBytes(int descriptor, size_t count, std::chrono::milliseconds patience = kPatience) {
    Bytes bytes;
    const auto deadline = Clock::now() + patience;
    while (bytes.size() < count) {
        pollfd watched{descriptor, POLLIN, 0};
        if (poll(&watched, 1, millisecondsLeft(deadline)) <= 0) break;
        uint8_t buffer[256];
        const ssize_t got = read(descriptor, buffer, std::min(sizeof buffer, count - bytes.size()));
        if (got <= 0) break;
        bytes.insert(bytes.end(), buffer, buffer + got);
    }
    return bytes;
}

std::string readLine(int descriptor) {
    std::string line;
    for (;;) {
        const Bytes byte = readBytes(descriptor, 1);
        if (byte.empty() || byte[0] == '\n') return line;
        line += static_cast<char>(byte[0]);
    }
}

void writeAll(int descriptor, const Bytes& bytes) {
    ASSERT_EQ(write(descriptor, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
}

// Opens the board's port the way a DGT host does: raw 9600 8N1, old bytes flushed.
int openPort(const std::string& path) {
    const int descriptor = open(path.c_str(), O_RDWR | O_NOCTTY);
    if (descriptor < 0) return -1;
    termios settings{};
    tcgetattr(descriptor, &settings);
    cfmakeraw(&settings);
    cfsetispeed(&settings, B9600);
    cfsetospeed(&settings, B9600);
    settings.c_cflag |= CLOCAL | CREAD;
    tcsetattr(descriptor, TCSANOW, &settings);
    tcflush(descriptor, TCIOFLUSH);
    return descriptor;
}

// One arbiter-vboard process with pipes on its stdin, stdout and stderr.
class VboardProcess {
  public:
    explicit VboardProcess(std::vector<std::string> options) {
        int in[2], out[2], err[2];
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
            return;
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
        std::vector<std::string> words{ARBITER_VBOARD_PATH};
        words.insert(words.end(), options.begin(), options.end());
        std::vector<char*> argv;
        for (auto& word : words) argv.push_back(word.data());
        argv.push_back(nullptr);
        if (posix_spawn(&pid_, ARBITER_VBOARD_PATH, &actions, nullptr, argv.data(), environ) != 0) {
            pid_ = -1;
        }
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        close(err[1]);
        stdin_ = in[1];
        stdout_ = out[0];
        stderr_ = err[0];
    }

    ~VboardProcess() {
        if (pid_ > 0 && !exitStatus_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        for (const int descriptor : {stdin_, stdout_, stderr_}) {
            if (descriptor >= 0) close(descriptor);
        }
    }

    // The port named on the first line of stdout ("vboard: /dev/pts/N").
    std::string portPath() {
        const std::string line = readLine(stdout_);
        const std::string prefix = "vboard: ";
        return line.starts_with(prefix) ? line.substr(prefix.size()) : "";
    }

    void type(const std::string& line) {
        const Bytes bytes(line.begin(), line.end());
        writeAll(stdin_, bytes);
    }
    void closeStdin() {
        close(stdin_);
        stdin_ = -1;
    }
    std::string stderrLine() { return readLine(stderr_); }
    std::string stdoutLine() { return readLine(stdout_); }
    void signal(int number) { kill(pid_, number); }

    // The exit status, if the process ends within the patience.
    std::optional<int> exitStatus(std::chrono::milliseconds patience = kPatience) {
        const auto deadline = Clock::now() + patience;
        while (!exitStatus_) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                exitStatus_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
                break;
            }
            if (Clock::now() >= deadline) break;
            usleep(2000);
        }
        return exitStatus_;
    }

  private:
    pid_t pid_ = -1;
    int stdin_ = -1;
    int stdout_ = -1;
    int stderr_ = -1;
    std::optional<int> exitStatus_;
};

Bytes fieldUpdate(uint8_t square, uint8_t piece) {
    return {0x8e, 0x00, 0x05, square, piece};
}

TEST(VboardEndToEnd, AnswersSendBoardWithTheStartPosition) {
    VboardProcess vboard({"--scan-ms", "10", "--quiet"});
    const int port = openPort(vboard.portPath());
    ASSERT_GE(port, 0);
    writeAll(port, {0x42});
    EXPECT_EQ(readBytes(port, 67), arbiter::firmware::testing::startPositionDump());
    close(port);
}

TEST(VboardEndToEnd, ReportsAMoveTypedOnStdinAndSurvivesReopening) {
    VboardProcess vboard({"--scan-ms", "10", "--quiet"});
    const std::string path = vboard.portPath();
    int port = openPort(path);
    ASSERT_GE(port, 0);
    writeAll(port, {0x42});
    EXPECT_EQ(readBytes(port, 67), arbiter::firmware::testing::startPositionDump());

    writeAll(port, {0x4b});
    vboard.type("e2-e4\n");
    const Bytes updates = readBytes(port, 10);
    ASSERT_EQ(updates.size(), 10u);
    const Bytes first(updates.begin(), updates.begin() + 5);
    const Bytes second(updates.begin() + 5, updates.end());
    const Bytes e2Emptied = fieldUpdate(0x34, 0x00);
    const Bytes e4Pawn = fieldUpdate(0x24, 0x01);
    EXPECT_TRUE((first == e2Emptied && second == e4Pawn) ||
                (first == e4Pawn && second == e2Emptied));

    for (int reopening = 0; reopening < 3; ++reopening) {
        close(port);
        port = openPort(path);
        ASSERT_GE(port, 0);
        writeAll(port, {0x4d});
        EXPECT_EQ(readBytes(port, 5), (Bytes{0x93, 0x00, 0x05, 0x01, 0x00})) << reopening;
    }
    writeAll(port, {0x42});
    const Bytes dump = readBytes(port, 67);
    ASSERT_EQ(dump.size(), 67u);
    EXPECT_EQ(dump[3 + 0x34], 0x00);
    EXPECT_EQ(dump[3 + 0x24], 0x01);
    close(port);
}

TEST(VboardEndToEnd, LinkNamesThePortUntilTerminated) {
    const std::string link = ::testing::TempDir() + "vboard-link-" + std::to_string(getpid());
    ASSERT_EQ(symlink("/nonexistent/stale", link.c_str()), 0);  // left by an earlier run
    VboardProcess vboard({"--scan-ms", "10", "--quiet", "--link", link});
    const std::string path = vboard.portPath();
    char target[256] = {};
    ASSERT_GT(readlink(link.c_str(), target, sizeof target - 1), 0);
    EXPECT_EQ(std::string(target), path);
    const int port = openPort(link);
    ASSERT_GE(port, 0);
    writeAll(port, {0x45});
    EXPECT_EQ(readBytes(port, 8), (Bytes{0x91, 0x00, 0x08, '0', '0', '0', '0', '1'}));
    close(port);
    vboard.signal(SIGTERM);
    EXPECT_EQ(vboard.exitStatus(), 0);
    struct stat gone {};
    EXPECT_NE(lstat(link.c_str(), &gone), 0);
}

TEST(VboardEndToEnd, NameMakesAPrivateDirectoryAndLinksThePortThere) {
    const std::string base = ::testing::TempDir() + "vboard-names-" + std::to_string(getpid());
    const std::string directory = base + "/boards";
    ScopedEnvironment where("ARBITER_VBOARD_DIR", directory);
    VboardProcess vboard({"--scan-ms", "10", "--quiet", "--name", "left"});
    const std::string path = vboard.portPath();
    ASSERT_FALSE(path.empty());
    struct stat made {};
    ASSERT_EQ(stat(directory.c_str(), &made), 0);
    EXPECT_TRUE(S_ISDIR(made.st_mode));
    EXPECT_EQ(made.st_mode & 0777, 0700u);
    EXPECT_EQ(stat(base.c_str(), &made), 0);
    EXPECT_EQ(made.st_mode & 0777, 0700u);
    char target[256] = {};
    ASSERT_GT(readlink((directory + "/left").c_str(), target, sizeof target - 1), 0);
    EXPECT_EQ(std::string(target), path);
    const int port = openPort(directory + "/left");
    ASSERT_GE(port, 0);
    writeAll(port, {0x4d});
    EXPECT_EQ(readBytes(port, 5), (Bytes{0x93, 0x00, 0x05, 0x01, 0x00}));
    close(port);
    vboard.signal(SIGTERM);
    EXPECT_EQ(vboard.exitStatus(), 0);
    struct stat gone {};
    EXPECT_NE(lstat((directory + "/left").c_str(), &gone), 0);
    rmdir(directory.c_str());
    rmdir(base.c_str());
}

TEST(VboardEndToEnd, NameInADirectoryThatCannotBeMadeIsAnError) {
    const std::string file = ::testing::TempDir() + "vboard-file-" + std::to_string(getpid());
    close(open(file.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600));
    ScopedEnvironment where("ARBITER_VBOARD_DIR", file + "/boards");
    VboardProcess vboard({"--quiet", "--name", "left"});
    EXPECT_EQ(vboard.stderrLine().rfind("vboard: error: --name left: " + file + "/boards: ", 0),
              0u);
    EXPECT_EQ(vboard.exitStatus(), 1);
    unlink(file.c_str());
}

TEST(VboardEndToEnd, BadCommandPrintsAnErrorAndTheBoardKeepsRunning) {
    VboardProcess vboard({"--scan-ms", "10", "--quiet"});
    const int port = openPort(vboard.portPath());
    vboard.type("lift e4\n");
    EXPECT_EQ(vboard.stderrLine(), "vboard: error: lift e4: the square is empty");
    vboard.type("show\n");
    EXPECT_EQ(vboard.stdoutLine(), "8 r n b q k b n r");
    writeAll(port, {0x4d});
    EXPECT_EQ(readBytes(port, 5).size(), 5u);
    close(port);
}

TEST(VboardEndToEnd, KeepsRunningAfterStdinEndsUnlessAsked) {
    VboardProcess staying({"--scan-ms", "10", "--quiet"});
    const int port = openPort(staying.portPath());
    staying.closeStdin();
    EXPECT_FALSE(staying.exitStatus(std::chrono::milliseconds(100)));
    writeAll(port, {0x4d});
    EXPECT_EQ(readBytes(port, 5).size(), 5u);
    close(port);

    VboardProcess leaving({"--scan-ms", "10", "--quiet", "--exit-on-eof"});
    EXPECT_FALSE(leaving.portPath().empty());
    leaving.closeStdin();
    EXPECT_EQ(leaving.exitStatus(), 0);
}

TEST(VboardEndToEnd, QuitEndsTheProgram) {
    VboardProcess vboard({"--scan-ms", "10", "--quiet"});
    EXPECT_FALSE(vboard.portPath().empty());
    vboard.type("quit\n");
    EXPECT_EQ(vboard.exitStatus(), 0);
}

TEST(VboardEndToEnd, RejectsBadOptionsWithAMessage) {
    VboardProcess vboard({"--scan-ms", "fast"});
    EXPECT_EQ(vboard.stderrLine(), "vboard: error: --scan-ms: bad number 'fast' (1..10000)");
    EXPECT_EQ(vboard.exitStatus(), 2);
}

}  // namespace
