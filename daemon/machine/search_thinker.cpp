#include "daemon/machine/search_thinker.h"

#include <utility>

#include "engine/machine/machine_level.h"
#include "engine/machine/tree_search.h"

namespace arbiter {

SearchThinker::SearchThinker(EventLoop& loop, int level, uint64_t seed)
    : mailbox_(loop), deadline_(loop), level_(level), seed_(seed) {}

SearchThinker::~SearchThinker() {
    cancel();
    finishWorker();
}

void SearchThinker::finishWorker() {
    if (stop_) stop_->store(true);
    if (worker_.joinable()) worker_.join();
}

void SearchThinker::think(const Session& session, Millis budget, Answer answer) {
    cancel();
    // The last thought was told to stop; it ends within a few playouts.
    finishWorker();
    thought_ = ++thoughts_;
    answer_ = std::move(answer);
    stop_ = std::make_shared<std::atomic<bool>>(false);
    deadline_.after(budget, [stop = stop_] { stop->store(true); });
    // Each ply its own draws, so that a takeback and a new try may differ.
    const auto ply = static_cast<uint64_t>(session.ply());
    const uint64_t seed = seed_ ^ (ply * uint64_t{0x9e3779b97f4a7c15});
    SearchLimits limits;
    limits.playouts = playoutsForLevel(level_);
    limits.stop = [stop = stop_] { return stop->load(); };
    worker_ =
        std::thread([this, state = session.current().clone(), seed, limits, thought = thought_]() {
            auto choice = chooseAction(*state, seed, limits);
            std::optional<Action> chosen;
            if (choice) chosen = choice->action;
            mailbox_.post([this, thought, chosen = std::move(chosen)] {
                if (thought != thought_) return;
                thought_ = 0;
                deadline_.cancel();
                Answer heard = std::move(answer_);
                heard(chosen, chosen ? "" : "there is nothing to choose");
            });
        });
}

void SearchThinker::cancel() {
    thought_ = 0;
    answer_ = nullptr;
    deadline_.cancel();
    if (stop_) stop_->store(true);
}

std::string SearchThinker::name() const {
    return "the built-in player at level " + std::to_string(level_);
}

}  // namespace arbiter
