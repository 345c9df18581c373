// The socket file: its mode, what happens to one left behind, who may remove
// it, and the private directory it lives in by default.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <initializer_list>

#include "daemon/control/private_directory.h"
#include "tests/daemon/control/server_fixture.h"
#include "tests/scoped_environment.h"

namespace arbiter::testing {
namespace {

using ControlSocketFile = ServerFixture;
using testing::ScopedEnvironment;

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

TEST(ControlProtocol, DefaultSocketIsInTheUsersOwnDirectoryNeverInTmpItself) {
    const std::string own = "/tmp/arbiter-" + std::to_string(::getuid()) + "/arbiterd.sock";
    {
        ScopedEnvironment runtime("XDG_RUNTIME_DIR", "/run/user/1000");
        EXPECT_EQ(control::defaultSocketPath(), "/run/user/1000/arbiter/arbiterd.sock");
    }
    {
        ScopedEnvironment runtime("XDG_RUNTIME_DIR", "/run/user/1000/");
        EXPECT_EQ(control::defaultSocketPath(), "/run/user/1000/arbiter/arbiterd.sock");
    }
    for (const char* unusable : {"", "run/user/1000"}) {
        ScopedEnvironment runtime("XDG_RUNTIME_DIR", unusable);
        EXPECT_EQ(control::defaultSocketPath(), own) << unusable;
    }
    ScopedEnvironment runtime("XDG_RUNTIME_DIR", std::nullopt);
    EXPECT_EQ(control::defaultSocketPath(), own);
}

mode_t modeOf(const std::string& path) {
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

TEST(PrivateDirectory, IsMadeWithMode0700WhateverTheUmask) {
    TempDir dir;
    std::string error;
    mode_t before = ::umask(0);
    EXPECT_TRUE(makePrivateDirectory(dir.file("open"), ::getuid(), error)) << error;
    ::umask(0777);
    EXPECT_TRUE(makePrivateDirectory(dir.file("closed"), ::getuid(), error)) << error;
    ::umask(before);
    EXPECT_EQ(modeOf(dir.file("open")), 0700u);
    EXPECT_EQ(modeOf(dir.file("closed")), 0700u);
    EXPECT_TRUE(makePrivateDirectory(dir.file("open"), ::getuid(), error)) << error;
    EXPECT_TRUE(isPrivateDirectory(dir.file("open"), ::getuid(), error)) << error;
}

TEST(PrivateDirectory, DirectoryOfAnotherUserIsRefused) {
    TempDir dir;
    std::string error;
    ASSERT_EQ(::mkdir(dir.file("theirs").c_str(), 0700), 0);
    const uid_t other = ::getuid() + 1;
    EXPECT_FALSE(makePrivateDirectory(dir.file("theirs"), other, error));
    EXPECT_EQ(error, dir.file("theirs") + " belongs to user " + std::to_string(::getuid()) +
                         ", not to user " + std::to_string(other) +
                         ": another user may listen there in arbiterd's place; remove it, or "
                         "choose another control socket with --socket");
}

TEST(PrivateDirectory, DirectoryOthersMayWriteInIsRefused) {
    TempDir dir;
    std::string error;
    for (mode_t mode : std::initializer_list<mode_t>{0777, 0770, 0755, 01777}) {
        std::string path = dir.file("shared" + std::to_string(mode));
        ASSERT_EQ(::mkdir(path.c_str(), 0700), 0);
        ASSERT_EQ(::chmod(path.c_str(), mode), 0);
        EXPECT_FALSE(makePrivateDirectory(path, ::getuid(), error)) << mode;
        EXPECT_NE(error.find(" has mode "), std::string::npos) << error;
        EXPECT_NE(error.find("not 0700"), std::string::npos) << error;
        EXPECT_EQ(modeOf(path), mode) << "changed nothing";
    }
}

TEST(PrivateDirectory, SymbolicLinkEvenToAPrivateDirectoryIsRefused) {
    TempDir dir;
    std::string error;
    ASSERT_TRUE(makePrivateDirectory(dir.file("real"), ::getuid(), error)) << error;
    ASSERT_EQ(::symlink(dir.file("real").c_str(), dir.file("link").c_str()), 0);
    EXPECT_FALSE(makePrivateDirectory(dir.file("link"), ::getuid(), error));
    EXPECT_NE(error.find("is a symbolic link"), std::string::npos) << error;
}

TEST(PrivateDirectory, FileAndMissingParentAreRefusedWithThePath) {
    TempDir dir;
    std::string error;
    std::ofstream(dir.file("plain")) << "x";
    EXPECT_FALSE(makePrivateDirectory(dir.file("plain"), ::getuid(), error));
    EXPECT_EQ(error, dir.file("plain") +
                         " is not a directory; remove it, or choose another control socket with "
                         "--socket");
    EXPECT_FALSE(makePrivateDirectory(dir.file("no/such"), ::getuid(), error));
    EXPECT_NE(error.find(dir.file("no/such")), std::string::npos) << error;
}

}  // namespace
}  // namespace arbiter::testing
