// A team's coins as a set: bit r-1 stands for the coin rated r. What the
// rules ask of such a set at every step (how many coins, the total of their
// ratings, the i-th coin in rising rating) is read from tables made at
// compile time: without a popcount instruction in the target (no -mpopcnt),
// std::popcount is a library call, and a flip or a count asks on every step.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace arbiter::powercoinz {

inline constexpr int kTeamSize = 5;  // powercoinz.h's kCoins, for the tables alone
inline constexpr unsigned kCoinSets = 1u << kTeamSize;
inline constexpr unsigned kFullTeamSet = kCoinSets - 1;

// Per set of coins: how many, the sum of their ratings, and each coin's bit
// in rising rating (index 0 the lowest).
struct CoinSetFacts {
    uint8_t count = 0;
    uint8_t total = 0;
    std::array<uint8_t, kTeamSize> nth{};
};

inline constexpr std::array<CoinSetFacts, kCoinSets> kCoinSetFacts = [] {
    std::array<CoinSetFacts, kCoinSets> facts{};
    for (unsigned set = 0; set < kCoinSets; ++set) {
        CoinSetFacts& f = facts[set];
        for (int r = 1; r <= kTeamSize; ++r) {
            if (!(set & (1u << (r - 1)))) continue;
            f.nth[f.count] = static_cast<uint8_t>(1u << (r - 1));
            ++f.count;
            f.total = static_cast<uint8_t>(f.total + r);
        }
    }
    return facts;
}();

inline constexpr int coinCount(unsigned coins) {
    return kCoinSetFacts[coins & kFullTeamSet].count;
}
inline constexpr int ratingTotal(unsigned coins) {
    return kCoinSetFacts[coins & kFullTeamSet].total;
}
// The bit of the `index`-th coin of `coins` in rising rating (index < coinCount).
inline constexpr uint8_t nthCoin(unsigned coins, int index) {
    return kCoinSetFacts[coins & kFullTeamSet].nth[static_cast<std::size_t>(index)];
}

static_assert(coinCount(0b10110) == 3 && ratingTotal(0b10110) == 2 + 3 + 5);
static_assert(nthCoin(0b10110, 0) == 0b10 && nthCoin(0b10110, 2) == 0b10000);

}  // namespace arbiter::powercoinz
