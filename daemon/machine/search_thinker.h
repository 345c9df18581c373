#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "daemon/base/event_loop.h"
#include "daemon/base/loop_mailbox.h"
#include "daemon/machine/machine_thinker.h"

namespace arbiter {

// The built-in player (engine/machine's tree search) thinking on a thread of
// its own: the loop goes on serving boards and clients, and hears the answer
// through a mailbox. The thought stops at its level's playouts, at its
// budget (a timer of the loop's own time sets the stop), or when cancelled.
class SearchThinker final : public MachineThinker {
  public:
    // `seed` makes its choices repeatable: each thought draws from it and
    // the ply it thinks at.
    SearchThinker(EventLoop& loop, int level, uint64_t seed);
    // Stops the thought in flight and waits for its thread.
    ~SearchThinker() override;

    void think(const Session& session, Millis budget, Answer answer) override;
    void cancel() override;
    std::string name() const override;

  private:
    // The thread of the last thought, told to stop, waited for.
    void finishWorker();

    LoopMailbox mailbox_;
    Timer deadline_;
    int level_;
    uint64_t seed_;
    std::thread worker_;
    std::shared_ptr<std::atomic<bool>> stop_;
    // The number of the thought in flight (0: none); an answer of another is dropped.
    uint64_t thought_ = 0;
    uint64_t thoughts_ = 0;
    Answer answer_;
};

}  // namespace arbiter
