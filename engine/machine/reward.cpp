#include "engine/machine/reward.h"

#include <string>

namespace arbiter {

namespace {

// Equal shares among `who`, or among every seat when `who` is empty.
std::vector<double> sharedAmong(int players, const std::vector<PlayerId>& who) {
    std::vector<double> shares(static_cast<size_t>(players), 0.0);
    int counted = 0;
    for (PlayerId p : who) counted += p >= 0 && p < players ? 1 : 0;
    if (counted == 0) {
        for (double& s : shares) s = 1.0 / players;
        return shares;
    }
    for (PlayerId p : who) {
        if (p >= 0 && p < players) shares[static_cast<size_t>(p)] += 1.0 / counted;
    }
    return shares;
}

std::vector<PlayerId> playersInGame(const GameState& state) {
    std::vector<PlayerId> in;
    for (PlayerId p = 0; p < state.playerCount(); ++p) {
        if (inGame(state, p)) in.push_back(p);
    }
    return in;
}

// The players in the game with the most pieces on the board; all of them
// when they are level.
std::vector<PlayerId> mostPieces(const GameState& state) {
    std::vector<int> pieces(static_cast<size_t>(state.playerCount()), 0);
    const Geometry& g = state.geometry();
    for (Cell c = 0; c < g.size(); ++c) {
        if (!g.contains(c)) continue;
        if (auto piece = state.pieceAt(c);
            piece && piece->owner >= 0 && piece->owner < state.playerCount())
            ++pieces[static_cast<size_t>(piece->owner)];
    }
    return leaders(
               state.playerCount(), [&](PlayerId p) { return inGame(state, p); },
               [&](PlayerId p) { return pieces[static_cast<size_t>(p)]; })
        .players;
}

}  // namespace

std::vector<double> outcomeShares(const GameState& state, const Outcome& outcome) {
    const bool sharedByAll = outcome.status == Outcome::Status::Draw && outcome.winners.empty();
    return sharedAmong(state.playerCount(), sharedByAll ? playersInGame(state) : outcome.winners);
}

std::vector<double> cappedShares(const GameState& state) {
    const Outcome stopped = stoppedOutcome(state, std::string());
    if (stopped.status != Outcome::Status::Draw || !stopped.winners.empty())
        return outcomeShares(state, stopped);
    return sharedAmong(state.playerCount(), mostPieces(state));
}

}  // namespace arbiter
