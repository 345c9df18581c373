#include "daemon/base/loop_mailbox.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace arbiter {
namespace {

TEST(LoopMailbox, WorkPostedFromAnotherThreadRunsOnTheLoopInOrder) {
    SystemTimeSource time;
    EventLoop loop(time);
    LoopMailbox mailbox(loop);
    std::vector<int> ran;
    const std::thread::id loopThread = std::this_thread::get_id();
    bool allOnTheLoop = true;
    std::thread other([&] {
        for (int i = 0; i < 100; ++i)
            mailbox.post([&, i] {
                allOnTheLoop = allOnTheLoop && std::this_thread::get_id() == loopThread;
                ran.push_back(i);
                if (i == 99) loop.stop();
            });
    });
    Timer giveUp(loop);
    giveUp.after(5000, [&] { loop.stop(); });
    loop.run();
    other.join();
    ASSERT_EQ(ran.size(), 100u);
    for (int i = 0; i < 100; ++i) EXPECT_EQ(ran[static_cast<size_t>(i)], i);
    EXPECT_TRUE(allOnTheLoop);
}

TEST(LoopMailbox, NothingRunsUntilTheLoopTurns) {
    SystemTimeSource time;
    EventLoop loop(time);
    LoopMailbox mailbox(loop);
    int ran = 0;
    mailbox.post([&] { ++ran; });
    EXPECT_EQ(ran, 0);
    loop.runOnce(1000);
    EXPECT_EQ(ran, 1);
}

}  // namespace
}  // namespace arbiter
