#include "daemon/machine/uci_thinker.h"

#include <utility>
#include <vector>

namespace arbiter {

UciThinker::UciThinker(EventLoop& loop, std::string path, int level)
    : engine_(loop, std::move(path), level) {}

void UciThinker::think(const Session& session, Millis budget, Answer answer) {
    if (&session != lastSession_ || session.ply() < lastPly_) engine_.newGame();
    lastSession_ = &session;
    lastPly_ = session.ply();
    // The game as the engine reads it: where it began, and every move since
    // in the engine's own notation (GameState::encode is UCI for chess).
    std::vector<std::string> moves;
    for (int ply = 0; ply < session.ply(); ++ply)
        moves.push_back(session.stateAt(ply).encode(session.actions()[static_cast<size_t>(ply)]));
    asked_ = session.current().clone();
    auto shared = std::make_shared<Answer>(std::move(answer));
    engine_.think(
        session.stateAt(0).serialize(), moves, budget,
        [this, shared](std::string move) {
            const auto chosen = asked_->decode(move);
            if (!chosen || !asked_->isLegal(*chosen))
                return (*shared)(std::nullopt, "the engine's move " + move + " is not legal here");
            (*shared)(*chosen, "");
        },
        [shared](std::string why) { (*shared)(std::nullopt, why); });
}

void UciThinker::cancel() {
    engine_.cancel();
}

std::string UciThinker::name() const {
    if (engine_.name().empty()) return engine_.path();
    return engine_.name() + (engine_.strength().empty() ? "" : " (" + engine_.strength() + ")");
}

}  // namespace arbiter
