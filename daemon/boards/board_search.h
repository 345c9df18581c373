#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon/base/event_loop.h"
#include "daemon/boards/port_probe.h"

namespace arbiter {

// Probes many ports at once (each a PortProbe), so that a port that hangs
// delays none of the others, and reports on the loop when it is over: at the
// first board found (the others are then let go), or when every port has
// had its say. `device = auto` finds its board with one; `arbiterd
// --list-ports --probe` shows every port's verdict with one.
class BoardSearch {
  public:
    enum class Until { FirstBoard, EveryPort };
    // `done` gets every verdict there is, boards found first, each group in
    // the order of the candidates; it
    // is called from a timer of the search, so it may destroy the search.
    using Done = std::function<void(std::vector<PortVerdict>)>;
    BoardSearch(EventLoop& loop, std::vector<ProbeCandidate> candidates, Until until,
                Millis windowMs, Done done);
    BoardSearch(const BoardSearch&) = delete;
    BoardSearch& operator=(const BoardSearch&) = delete;

    void start();
    // The lock of the port the board was found on, for what reads it now.
    std::optional<InstanceLock> takeLock();

  private:
    void heard(size_t probe, const PortVerdict& verdict);
    void finish();

    EventLoop& loop_;
    std::vector<ProbeCandidate> candidates_;
    Until until_;
    Millis windowMs_;
    Done done_;
    std::vector<std::unique_ptr<PortProbe>> probes_;
    std::vector<std::optional<PortVerdict>> verdicts_;  // by probe, as they come
    std::optional<size_t> found_;                       // the probe that found the board
    std::optional<InstanceLock> foundLock_;
    size_t pending_ = 0;
    Timer over_{loop_};
};

}  // namespace arbiter
