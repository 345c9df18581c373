#include "daemon/base/event_loop.h"

#include <gtest/gtest.h>
#include <unistd.h>

namespace arbiter {
namespace {

TEST(EventLoop, TimersRunInTimeOrder) {
    ManualTimeSource time;
    EventLoop loop(time);
    std::string order;
    loop.at(20, [&] { order += "b"; });
    loop.at(10, [&] { order += "a"; });
    time.set(30);
    loop.runOnce(0);
    EXPECT_EQ(order, "ab");
}

TEST(EventLoop, CancelledTimerNeverRuns) {
    ManualTimeSource time;
    EventLoop loop(time);
    bool ran = false;
    auto id = loop.at(10, [&] { ran = true; });
    loop.cancel(id);
    time.set(20);
    loop.runOnce(0);
    EXPECT_FALSE(ran);
}

TEST(EventLoop, TimerNotYetDueWaits) {
    ManualTimeSource time;
    EventLoop loop(time);
    bool ran = false;
    loop.at(100, [&] { ran = true; });
    time.set(99);
    loop.runOnce(0);
    EXPECT_FALSE(ran);
}

TEST(EventLoop, ReadableDescriptorCallsItsHandler) {
    ManualTimeSource time;
    EventLoop loop(time);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    std::string got;
    loop.watch(fds[0], [&] {
        char c;
        if (::read(fds[0], &c, 1) == 1) got += c;
    });
    ASSERT_EQ(::write(fds[1], "x", 1), 1);
    loop.runOnce(100);
    EXPECT_EQ(got, "x");
    loop.unwatch(fds[0]);
    ::close(fds[0]);
    ::close(fds[1]);
}

TEST(EventLoop, DescriptorsWatchedFirstAreServedBeforeThoseWatchedLater) {
    ManualTimeSource time;
    EventLoop loop(time);
    int client[2], board[2];
    ASSERT_EQ(::pipe(client), 0);  // the lower descriptor, served first in a plain loop
    ASSERT_EQ(::pipe(board), 0);
    std::string order;
    loop.watch(
        client[0], [&] { order += "client "; }, EventLoop::Priority::later);
    loop.watch(board[0], [&] { order += "board "; });
    loop.at(0, [&] { order += "timer"; });
    ASSERT_EQ(::write(client[1], "x", 1), 1);
    ASSERT_EQ(::write(board[1], "x", 1), 1);
    loop.runOnce(100);
    EXPECT_EQ(order, "board client timer");
    for (int fd : {client[0], client[1], board[0], board[1]}) ::close(fd);
}

TEST(EventLoop, StopEndsRun) {
    ManualTimeSource time;
    EventLoop loop(time);
    loop.at(0, [&] { loop.stop(); });
    loop.run();
    EXPECT_TRUE(loop.stopped());
}

}  // namespace
}  // namespace arbiter
