#include "daemon/base/event_loop.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <functional>
#include <memory>

namespace arbiter {
namespace {

TEST(EventLoop, TimersRunInTimeOrder) {
    ManualTimeSource time;
    EventLoop loop(time);
    std::string order;
    Timer b(loop), a(loop);
    b.at(20, [&] { order += "b"; });
    a.at(10, [&] { order += "a"; });
    time.set(30);
    loop.runOnce(0);
    EXPECT_EQ(order, "ab");
}

TEST(EventLoop, CancelledTimerNeverRuns) {
    ManualTimeSource time;
    EventLoop loop(time);
    bool ran = false;
    Timer timer(loop);
    timer.at(10, [&] { ran = true; });
    timer.cancel();
    EXPECT_FALSE(timer.armed());
    time.set(20);
    loop.runOnce(0);
    EXPECT_FALSE(ran);
}

TEST(EventLoop, ATimerDestroyedWithItsOwnerNeverRuns) {
    ManualTimeSource time;
    EventLoop loop(time);
    bool ran = false;
    {
        Timer timer(loop);
        timer.at(10, [&] { ran = true; });
    }
    time.set(20);
    loop.runOnce(0);
    EXPECT_FALSE(ran);
}

TEST(EventLoop, SettingATimerAgainReplacesWhatItWasToDo) {
    ManualTimeSource time;
    EventLoop loop(time);
    std::string ran;
    Timer timer(loop);
    timer.at(10, [&] { ran += "first"; });
    timer.at(15, [&] { ran += "second"; });
    time.set(20);
    loop.runOnce(0);
    EXPECT_EQ(ran, "second");
    EXPECT_FALSE(timer.armed());
}

TEST(EventLoop, AnUnsetTimerIsNotMovedBySettingItUnlessSet) {
    ManualTimeSource time;
    EventLoop loop(time);
    std::string ran;
    Timer timer(loop);
    timer.afterUnlessSet(10, [&] { ran += "first"; });
    timer.afterUnlessSet(5, [&] { ran += "second"; });
    time.set(9);
    loop.runOnce(0);
    EXPECT_EQ(ran, "");
    time.set(10);
    loop.runOnce(0);
    EXPECT_EQ(ran, "first");
}

TEST(EventLoop, AHandlerMaySetItsOwnTimerAgain) {
    ManualTimeSource time;
    EventLoop loop(time);
    int runs = 0;
    Timer timer(loop);
    std::function<void()> tick = [&] {
        ++runs;
        EXPECT_FALSE(timer.armed());  // unset by the time its handler runs
        if (runs < 3) timer.after(10, tick);
    };
    timer.after(10, tick);
    for (Millis t = 10; t <= 50; t += 10) {
        time.set(t);
        loop.runOnce(0);
    }
    EXPECT_EQ(runs, 3);
    EXPECT_FALSE(timer.armed());
}

TEST(EventLoop, AHandlerMayDestroyTheOwnerOfItsTimer) {
    ManualTimeSource time;
    EventLoop loop(time);
    auto owner = std::make_unique<Timer>(loop);
    bool ran = false;
    owner->at(10, [&] {
        owner.reset();
        ran = true;
    });
    time.set(10);
    loop.runOnce(0);
    EXPECT_TRUE(ran);
    EXPECT_EQ(owner, nullptr);
}

TEST(EventLoop, TimerNotYetDueWaits) {
    ManualTimeSource time;
    EventLoop loop(time);
    bool ran = false;
    Timer timer(loop);
    timer.at(100, [&] { ran = true; });
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
    Timer timer(loop);
    timer.at(0, [&] { order += "timer"; });
    ASSERT_EQ(::write(client[1], "x", 1), 1);
    ASSERT_EQ(::write(board[1], "x", 1), 1);
    loop.runOnce(100);
    EXPECT_EQ(order, "board client timer");
    for (int fd : {client[0], client[1], board[0], board[1]}) ::close(fd);
}

TEST(EventLoop, StopEndsRun) {
    ManualTimeSource time;
    EventLoop loop(time);
    Timer timer(loop);
    timer.at(0, [&] { loop.stop(); });
    loop.run();
    EXPECT_TRUE(loop.stopped());
}

}  // namespace
}  // namespace arbiter
