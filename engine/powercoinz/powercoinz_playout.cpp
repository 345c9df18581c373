// Power Coinz's own random playout: the actions GameState::playOut would
// play through the hooks, drawn from the same numbers in the same order, but
// made on the coins directly. An Action is built only to trace it.
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <initializer_list>

#include "engine/powercoinz/coin_sets.h"
#include "engine/powercoinz/powercoinz.h"

namespace arbiter::powercoinz {

namespace {

// The actions as listActions() and the draws of chance write them, for the trace.
Action traced(Action::Kind kind, int arg, std::initializer_list<int> payload) {
    Action a;
    a.kind = kind;
    a.arg = arg;
    a.payload = payload;
    return a;
}

}  // namespace

PlayoutCount PowercoinzState::playOut(SeededRandom& random, int cap, uint64_t* trace) {
    PlayoutCount count;
    std::array<int, kCoins> fell{};  // a team's draw, for the trace
    while (winner_ == NoPlayer) {
        if (count.actions >= cap) {
            count.capped = true;
            break;
        }
        switch (phase_) {
            case Phase::Flipping: {
                // Chance's draw of {coins, 2}: no turn ends, and no flip ends the game.
                const unsigned team = coins_[static_cast<size_t>(toMove_)];
                const int n = coinCount(team);
                unsigned shown = 0;
                for (int i = 0; i < n; ++i) {
                    const auto up = static_cast<unsigned>(random.below(2));
                    fell[static_cast<size_t>(i)] = static_cast<int>(up);
                    // Without a branch: a coin falls either way as often.
                    shown |= (0u - up) & nthCoin(team, i);
                }
                if (trace) {
                    Action a = traced(Action::Kind::Chance, 0, {});
                    a.payload.assign(fell.begin(), fell.begin() + n);
                    traceAction(*trace, a);
                }
                teamFlipped(shown);
                break;
            }
            case Phase::Pick: {
                // Chance's draw of {1, coins}: a turn ends only with the game.
                const auto index = static_cast<int>(
                    random.below(static_cast<uint64_t>(coinCount(coins_[static_cast<size_t>(victim_)]))));
                if (trace) traceAction(*trace, traced(Action::Kind::Chance, 0, {index}));
                coinPicked(index);
                if (winner_ != NoPlayer) ++count.turns;
                break;
            }
            case Phase::Flip:
                random.below(1);  // the pick among the one action listed
                if (trace) traceAction(*trace, traced(Action::Kind::Choice, kFlip, {}));
                flipSaid();
                ++count.turns;
                break;
            case Phase::Remove:
                if (!playRemoval(random, trace)) {
                    count.stuck = true;  // no opponent in play: a fault of the state
                    return count;
                }
                ++count.turns;
                break;
        }
        ++count.actions;
    }
    return count;
}

bool PowercoinzState::playRemoval(SeededRandom& random, uint64_t* trace) {
    const uint64_t listed = removalCount();
    if (listed == 0) return false;
    // As listActions() lists them: per opponent in seat order, their one
    // blind removal, or each of their coins showing its rating, rising.
    const bool showing = anyOpponentShowing();
    uint64_t index = random.below(listed);
    for (PlayerId q = 0; q < playerCount(); ++q) {
        const auto seat = static_cast<size_t>(q);
        if (q == toMove_ || !coins_[seat]) continue;
        const unsigned shown = showing_[seat] & coins_[seat];
        const auto here = showing ? static_cast<uint64_t>(coinCount(shown)) : 1;
        if (index >= here) {
            index -= here;
        } else if (!showing) {
            if (trace) traceAction(*trace, traced(Action::Kind::Choice, kRemoveBlind, {q}));
            victimNamed(q);
            return true;
        } else {
            const int rating = std::countr_zero(nthCoin(shown, static_cast<int>(index))) + 1;
            if (trace) traceAction(*trace, traced(Action::Kind::Choice, kRemove, {q, rating}));
            coinRemoved(q, rating);
            return true;
        }
    }
    assert(false && "the index is below the removals listed");
    return false;
}

}  // namespace arbiter::powercoinz
