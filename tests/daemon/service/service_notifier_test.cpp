#include "daemon/service/service_notifier.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <optional>

#include <gtest/gtest.h>

#include "tests/daemon/temp_directory.h"
#include "tests/scoped_environment.h"

using namespace arbiter;

namespace {

// systemd's end of the notify protocol: a datagram socket named by
// NOTIFY_SOCKET, as systemd gives a Type=notify service.
class SystemdNotifying : public ::testing::Test {
  protected:
    void SetUp() override {
        socket_ = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        ASSERT_GE(socket_, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const std::string path = dir.path() + "/notify";
        std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
        ASSERT_EQ(::bind(socket_, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        notifySocket_.emplace("NOTIFY_SOCKET", path);
    }
    void TearDown() override { ::close(socket_); }

    // The next message, or "" when none is waiting.
    std::string received() {
        char buffer[4096];
        const ssize_t n = ::recv(socket_, buffer, sizeof buffer, 0);
        return n > 0 ? std::string(buffer, size_t(n)) : std::string();
    }

    arbiter::testing::TempDirectory dir{"notifier"};
    // Unset unless a test sets it: systemd sets it only when it watches.
    arbiter::testing::ScopedEnvironment watchdog_{"WATCHDOG_USEC", std::nullopt};
    std::optional<arbiter::testing::ScopedEnvironment> notifySocket_;
    ManualTimeSource time;
    EventLoop loop{time};
    int socket_ = -1;
};

}  // namespace

TEST_F(SystemdNotifying, ReadyCarriesTheStatusOnOneLine) {
    ServiceNotifier notifier(loop);
    EXPECT_EQ(notifier.keepAliveInterval(), 0);
    notifier.ready("refereeing fide\non 1 board");
    EXPECT_EQ(received(), "READY=1\nSTATUS=refereeing fide on 1 board");
    notifier.status("game over");
    EXPECT_EQ(received(), "STATUS=game over");
    time.advance(60'000);
    loop.runOnce(0);
    EXPECT_EQ(received(), "") << "no watchdog asked for, no keep-alive sent";
}

TEST_F(SystemdNotifying, KeepAliveEveryHalfOfTheWatchdogsTimeFromReadyOn) {
    ::setenv("WATCHDOG_USEC", "3000000", 1);
    ServiceNotifier notifier(loop);
    EXPECT_EQ(notifier.keepAliveInterval(), 1500);
    time.advance(5'000);
    loop.runOnce(0);
    EXPECT_EQ(received(), "") << "nothing before the table is ready";
    notifier.ready("refereeing");
    EXPECT_EQ(received(), "READY=1\nSTATUS=refereeing");
    EXPECT_EQ(received(), "WATCHDOG=1");
    time.advance(1'499);
    loop.runOnce(0);
    EXPECT_EQ(received(), "");
    time.advance(1);
    loop.runOnce(0);
    EXPECT_EQ(received(), "WATCHDOG=1");
    time.advance(1'500);
    loop.runOnce(0);
    EXPECT_EQ(received(), "WATCHDOG=1");
}

TEST_F(SystemdNotifying, StoppingSaysSoAndEndsTheKeepAlive) {
    ::setenv("WATCHDOG_USEC", "1000000", 1);
    ServiceNotifier notifier(loop);
    notifier.ready("refereeing");
    EXPECT_EQ(received(), "READY=1\nSTATUS=refereeing");
    EXPECT_EQ(received(), "WATCHDOG=1");
    notifier.stopping();
    EXPECT_EQ(received(), "STOPPING=1\nSTATUS=stopping; the game is kept for the next start");
    time.advance(10'000);
    loop.runOnce(0);
    EXPECT_EQ(received(), "");
}

TEST_F(SystemdNotifying, OutsideAServiceNothingIsSentAndNothingFails) {
    ::unsetenv("NOTIFY_SOCKET");
    ::setenv("WATCHDOG_USEC", "1000000", 1);
    ServiceNotifier notifier(loop);
    notifier.ready("refereeing");
    notifier.stopping();
    EXPECT_EQ(received(), "");
}

TEST_F(SystemdNotifying, TheStatusFollowsTheGameAndNothingElse) {
    ServiceNotifier notifier(loop);
    notifier.announce({AnnouncementType::Waiting, "Waiting for the start position of fide"});
    EXPECT_EQ(received(), "") << "nothing before the table is ready";
    notifier.ready("refereeing fide");
    EXPECT_EQ(received(), "READY=1\nSTATUS=Waiting for the start position of fide")
        << "ready says where the game stands";
    notifier.announce({AnnouncementType::Start, "New game of fide, 15+10."});
    EXPECT_EQ(received(), "STATUS=New game of fide, 15+10.");
    notifier.announce({AnnouncementType::Move, "1. e4 (e2e4). White 15:10, Black 15:00"});
    EXPECT_EQ(received(), "STATUS=1. e4 (e2e4). White 15:10, Black 15:00");
    notifier.announce({AnnouncementType::Illegal, "Illegal: put the knight back on g1"});
    notifier.announce({AnnouncementType::Board, "Board A is gone", {{"connected", false}}});
    EXPECT_EQ(received(), "") << "troubles go to the journal, not the status";
    notifier.announce({AnnouncementType::Result, "Game over: 1-0, Black resigned."});
    EXPECT_EQ(received(), "STATUS=Game over: 1-0, Black resigned.");
}
