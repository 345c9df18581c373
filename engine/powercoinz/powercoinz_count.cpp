// How many turns a Power Coinz state has (GameState::turnCount()), counted
// without playing them. The flipping turn is most of perft's leaves: every
// way the teams still to flip may land (2^coins each) ends in a tie's "flip"
// or in the round winner's removals, and those are counted by the totals the
// teams can show rather than by flipping them one by one.
#include <cassert>

#include "engine/powercoinz/coin_sets.h"
#include "engine/powercoinz/powercoinz.h"

namespace arbiter::powercoinz {

namespace {

// Per set of coins not flipped yet and per total T (0..15, 16 above them
// all): how many of its subsets show a total below T, and how many coins
// those subsets show between them.
struct BelowTotal {
    uint64_t sets = 0;
    uint64_t coinsShown = 0;
};
constexpr int kTotals = 1 + 1 + 2 + 3 + 4 + 5 + 1;  // 0..15, and 16 above any
static_assert(kTotals == 17);
constexpr auto kBelowTotal = [] {
    std::array<std::array<BelowTotal, kTotals>, kCoinSets> table{};
    for (unsigned team = 0; team < kCoinSets; ++team) {
        for (int t = 0; t < kTotals; ++t) {
            BelowTotal& below = table[team][static_cast<size_t>(t)];
            // Every subset of `team`, the empty one included.
            for (unsigned shown = team;; shown = (shown - 1) & team) {
                if (ratingTotal(shown) < t) {
                    ++below.sets;
                    below.coinsShown += static_cast<uint64_t>(coinCount(shown));
                }
                if (shown == 0) break;
            }
        }
    }
    return table;
}();

// One team's ways to land, as the count needs them: below a total.
struct TeamLanding {
    unsigned coins = 0;
    bool flipped = false;  // then `shown` is how it landed, the only way
    unsigned shown = 0;

    uint64_t ways() const { return flipped ? 1 : uint64_t{1} << coinCount(coins); }
    BelowTotal below(int total) const {
        if (!flipped) return kBelowTotal[coins][static_cast<size_t>(total)];
        if (ratingTotal(shown) >= total) return {};
        return {1, static_cast<uint64_t>(coinCount(shown))};
    }
    // Whether it may land with nothing showing, below `total`.
    bool canShowNothing(int total) const { return total > 0 && (!flipped || shown == 0); }
};

}  // namespace

uint64_t PowercoinzState::removalCount() const {
    // As listActions() lists them: each opponent's coins showing, or else
    // each opponent to pick from.
    const bool showing = anyOpponentShowing();
    uint64_t removals = 0;
    for (PlayerId q = 0; q < playerCount(); ++q) {
        if (q == toMove_ || !inGame(q)) continue;
        const auto shown = static_cast<unsigned>(showing_[static_cast<size_t>(q)] &
                                                 coins_[static_cast<size_t>(q)]);
        removals += showing ? static_cast<uint64_t>(coinCount(shown)) : 1;
    }
    return removals;
}

uint64_t PowercoinzState::flippingTurnCount() const {
    std::array<TeamLanding, kMaxPlayers> teams{};
    int inPlay = 0;
    for (PlayerId p = 0; p < playerCount(); ++p) {
        if (!inGame(p)) continue;
        const auto seat = static_cast<size_t>(p);
        teams[static_cast<size_t>(inPlay++)] = {
            coins_[seat], flipped_[seat], static_cast<unsigned>(showing_[seat] & coins_[seat])};
    }
    assert(inPlay >= 2);
    const auto opponents = static_cast<uint64_t>(inPlay - 1);
    // Every landing (all teams' together) is one turn after a tie, or the
    // winner's removals otherwise. Each landing with one winner is the
    // winner's set showing and every other team below its total: the
    // removals are then the coins the others show, or, when they show none,
    // one per opponent to name.
    uint64_t landings = 1, decided = 0, removals = 0;
    for (int w = 0; w < inPlay; ++w) {
        const TeamLanding& winner = teams[static_cast<size_t>(w)];
        landings *= winner.ways();
        for (unsigned shown = winner.coins;; shown = (shown - 1) & winner.coins) {
            if (!winner.flipped || shown == winner.shown) {
                const int total = ratingTotal(shown);
                // Over the other teams: the landings below `total`, the coins
                // they show summed over those, and the landings showing none.
                uint64_t below = 1, coinsShown = 0, showingNone = 1;
                for (int q = 0; q < inPlay; ++q) {
                    if (q == w) continue;
                    const TeamLanding& other = teams[static_cast<size_t>(q)];
                    const BelowTotal b = other.below(total);
                    coinsShown = coinsShown * b.sets + b.coinsShown * below;
                    below *= b.sets;
                    if (!other.canShowNothing(total)) showingNone = 0;
                }
                decided += below;
                removals += coinsShown + opponents * showingNone;
            }
            if (shown == 0) break;
        }
    }
    return removals + (landings - decided);  // a tie's one action: "flip" again
}

std::optional<uint64_t> PowercoinzState::turnCount() const {
    if (winner_ != NoPlayer) return 0;
    switch (phase_) {
        case Phase::Flip:
            return 1;
        case Phase::Flipping:
            return flippingTurnCount();
        case Phase::Pick:
            // Each coin picked is a turn: it ends the game, or "flip" follows.
            return static_cast<uint64_t>(coinCount(coins_[static_cast<size_t>(victim_)]));
        case Phase::Remove:
            return removalCount();
    }
    return std::nullopt;
}

}  // namespace arbiter::powercoinz
