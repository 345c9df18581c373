// The socket file: its mode, what happens to one left behind, and who may
// remove it.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <fstream>

#include "tests/control/server_fixture.h"

namespace arbiter::testing {
namespace {

using ControlSocketFile = ServerFixture;

bool exists(const std::string& path) {
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0;
}

// A socket file whose daemon is gone: bound, then closed without unlinking.
void leaveStaleSocket(const std::string& path) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ::close(fd);
}

TEST_F(ControlSocketFile, SocketHasMode0660) {
    struct stat st;
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_TRUE(S_ISSOCK(st.st_mode));
    EXPECT_EQ(st.st_mode & 07777, 0660u);
}

TEST_F(ControlSocketFile, SocketIsRemovedOnDestruction) {
    server.reset();
    EXPECT_FALSE(exists(path));
}

TEST_F(ControlSocketFile, DestructionClosesEveryClient) {
    auto client = connect();
    server.reset();
    EXPECT_TRUE(client.closedByServer());
}

TEST_F(ControlSocketFile, StaleSocketIsReplaced) {
    server.reset();
    leaveStaleSocket(path);
    std::string error;
    server = ControlServer::create(loop, table, path, error);
    ASSERT_NE(server, nullptr) << error;
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"status"})").value("type", ""), "status");
}

TEST_F(ControlSocketFile, LiveSocketIsRefusedAndKeepsWorking) {
    std::string error;
    auto second = ControlServer::create(loop, table, path, error);
    EXPECT_EQ(second, nullptr);
    EXPECT_EQ(error, "another arbiterd listens on " + path);
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"status"})").value("type", ""), "status");
}

TEST_F(ControlSocketFile, FileThatIsNotASocketIsLeftAlone) {
    std::string other = dir.file("notes.txt");
    std::ofstream(other) << "keep me\n";
    std::string error;
    EXPECT_EQ(ControlServer::create(loop, table, other, error), nullptr);
    EXPECT_EQ(error, other + " exists and is not a socket; remove it or choose another path");
    std::ifstream kept(other);
    std::string line;
    std::getline(kept, line);
    EXPECT_EQ(line, "keep me");
}

TEST_F(ControlSocketFile, DestructionLeavesANewerDaemonsSocketAlone) {
    // Someone removed our file and another daemon made its own there.
    ASSERT_EQ(::unlink(path.c_str()), 0);
    FakeTable otherTable;
    std::string error;
    auto newer = ControlServer::create(loop, otherTable, path, error);
    ASSERT_NE(newer, nullptr) << error;
    server.reset();
    EXPECT_TRUE(exists(path));
    auto client = connect();
    EXPECT_EQ(client.ask(R"({"type":"pause"})").value("type", ""), "ok");
    EXPECT_EQ(otherTable.calls, std::vector<std::string>{"pauseClocks"});
}

TEST_F(ControlSocketFile, MissingDirectoryIsReportedWithThePath) {
    std::string error;
    std::string nowhere = dir.file("no/such/dir/arbiterd.sock");
    EXPECT_EQ(ControlServer::create(loop, table, nowhere, error), nullptr);
    EXPECT_NE(error.find(nowhere), std::string::npos) << error;
}

TEST_F(ControlSocketFile, PathTooLongForASocketIsRefused) {
    std::string error;
    EXPECT_EQ(ControlServer::create(loop, table, "/tmp/" + std::string(200, 'a'), error), nullptr);
    EXPECT_NE(error.find("too long"), std::string::npos) << error;
}

TEST(ControlProtocol, DefaultSocketIsInXdgRuntimeDirElseTmp) {
    const char* saved = std::getenv("XDG_RUNTIME_DIR");
    std::string keep = saved ? saved : "";
    ::setenv("XDG_RUNTIME_DIR", "/run/user/1000", 1);
    EXPECT_EQ(control::defaultSocketPath(), "/run/user/1000/arbiterd.sock");
    ::setenv("XDG_RUNTIME_DIR", "", 1);
    EXPECT_EQ(control::defaultSocketPath(), "/tmp/arbiterd.sock");
    ::unsetenv("XDG_RUNTIME_DIR");
    EXPECT_EQ(control::defaultSocketPath(), "/tmp/arbiterd.sock");
    if (saved) ::setenv("XDG_RUNTIME_DIR", keep.c_str(), 1);
}

}  // namespace
}  // namespace arbiter::testing
