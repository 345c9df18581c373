#include "daemon/event_loop.h"

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

TEST(EventLoop, StopEndsRun) {
    ManualTimeSource time;
    EventLoop loop(time);
    loop.at(0, [&] { loop.stop(); });
    loop.run();
    EXPECT_TRUE(loop.stopped());
}

}  // namespace
}  // namespace arbiter
