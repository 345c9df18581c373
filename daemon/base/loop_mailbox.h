#pragma once

#include <deque>
#include <mutex>

#include "daemon/base/event_loop.h"

namespace arbiter {

// Work handed to the event loop's thread by another thread (a network
// client's own thread): each posted piece of work runs on the loop, in the
// order posted, so that what the loop owns is only ever touched by the loop.
// Posting never waits for the loop: an eventfd wakes it. Whoever owns the
// other thread stops it before the mailbox goes.
class LoopMailbox {
  public:
    explicit LoopMailbox(EventLoop& loop);
    ~LoopMailbox();
    LoopMailbox(const LoopMailbox&) = delete;
    LoopMailbox& operator=(const LoopMailbox&) = delete;

    // From any thread: `work` runs on the loop soon after.
    void post(EventLoop::Handler work);
    // On the loop: runs at once whatever has been posted so far.
    void deliver();

  private:
    EventLoop& loop_;
    int wake_ = -1;  // eventfd
    std::mutex mutex_;
    std::deque<EventLoop::Handler> waiting_;
};

}  // namespace arbiter
