#include "daemon/base/loop_mailbox.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>
#include <system_error>

namespace arbiter {

LoopMailbox::LoopMailbox(EventLoop& loop) : loop_(loop) {
    wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wake_ < 0) throw std::system_error(errno, std::generic_category(), "eventfd");
    loop_.watch(wake_, [this] { deliver(); });
}

LoopMailbox::~LoopMailbox() {
    loop_.unwatch(wake_);
    ::close(wake_);
}

void LoopMailbox::post(EventLoop::Handler work) {
    {
        std::lock_guard lock(mutex_);
        waiting_.push_back(std::move(work));
    }
    const uint64_t one = 1;
    // A full counter (never, in practice) still leaves the loop woken.
    [[maybe_unused]] const ssize_t n = ::write(wake_, &one, sizeof one);
}

void LoopMailbox::deliver() {
    uint64_t count = 0;
    [[maybe_unused]] const ssize_t n = ::read(wake_, &count, sizeof count);
    std::deque<EventLoop::Handler> ready;
    {
        std::lock_guard lock(mutex_);
        ready.swap(waiting_);
    }
    for (EventLoop::Handler& work : ready) work();
}

}  // namespace arbiter
