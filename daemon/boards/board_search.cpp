#include "daemon/boards/board_search.h"

#include <algorithm>

namespace arbiter {

BoardSearch::BoardSearch(EventLoop& loop, std::vector<ProbeCandidate> candidates, Until until,
                         Millis windowMs, Done done)
    : loop_(loop),
      candidates_(std::move(candidates)),
      until_(until),
      windowMs_(windowMs),
      done_(std::move(done)) {}

void BoardSearch::start() {
    pending_ = candidates_.size();
    verdicts_.assign(candidates_.size(), std::nullopt);
    for (size_t i = 0; i < candidates_.size(); ++i) {
        probes_.push_back(std::make_unique<PortProbe>(
            loop_, candidates_[i], windowMs_,
            [this, i](const PortVerdict& verdict) { heard(i, verdict); }));
    }
    // Started once all are made: a port that fails at once reports before
    // the next one is even made.
    for (auto& probe : probes_) probe->start();
    if (candidates_.empty()) over_.after(0, [this] { finish(); });
}

void BoardSearch::heard(size_t probe, const PortVerdict& verdict) {
    verdicts_[probe] = verdict;
    --pending_;
    const bool found = verdict.kind == PortVerdict::Kind::Found;
    if (found && !found_) found_ = probe;
    // Reported from a timer, never from within a probe's own handler.
    if (pending_ == 0 || (found && until_ == Until::FirstBoard))
        over_.after(0, [this] { finish(); });
}

void BoardSearch::finish() {
    if (found_) foundLock_ = probes_[*found_]->takeLock();
    probes_.clear();  // lets go of every port still being probed
    std::vector<PortVerdict> verdicts;
    // The board this search found first leads, whatever its place.
    if (found_) verdicts.push_back(*verdicts_[*found_]);
    for (size_t i = 0; i < verdicts_.size(); ++i) {
        if (verdicts_[i] && i != found_) verdicts.push_back(*verdicts_[i]);
    }
    std::stable_partition(verdicts.begin(), verdicts.end(),
                          [](const PortVerdict& v) { return v.kind == PortVerdict::Kind::Found; });
    verdicts_.clear();
    done_(std::move(verdicts));  // last: it may destroy the search
}

std::optional<InstanceLock> BoardSearch::takeLock() {
    return std::move(foundLock_);
}

}  // namespace arbiter
