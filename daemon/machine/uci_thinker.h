#pragma once

#include <memory>
#include <string>

#include "daemon/machine/machine_thinker.h"
#include "daemon/machine/uci_engine.h"

namespace arbiter {

// A chess seat played by a UCI engine (UciEngine, its own process): the game
// so far is sent as the start position and the moves made, and the move it
// names is read in the position it was asked about, and must be legal there.
class UciThinker final : public MachineThinker {
  public:
    UciThinker(EventLoop& loop, std::string path, int level);

    void think(const Session& session, Millis budget, Answer answer) override;
    void cancel() override;
    std::string name() const override;

  private:
    UciEngine engine_;
    // The state the engine was asked about, which reads its answer.
    std::unique_ptr<GameState> asked_;
    // The game and ply of the last thought: an earlier ply or another game
    // is a new game to the engine (its hash table forgets the last one).
    const Session* lastSession_ = nullptr;
    int lastPly_ = -1;
};

}  // namespace arbiter
