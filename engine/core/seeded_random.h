#pragma once

#include <cstdint>

namespace arbiter {

// A small seeded random source for random playouts (GameState::playOut) and
// the benches: SplitMix64 (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", 2014), seeded by the caller. No global
// state and no std::random_device, so that a seed gives the same numbers on
// every machine and library, and a bench's signature can be pinned by a test.
class SeededRandom {
  public:
    explicit SeededRandom(uint64_t seed) : state_(seed) {}

    uint64_t next() {
        uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    // Uniform in 0 .. n-1 (n >= 1): numbers below 2^64 mod n are drawn again,
    // so that every value has the same odds (plain `next() % n` favours the
    // small ones). 2^64 mod n is below n, so it is worked out only for a
    // number below n, which almost never comes: a playout draws at every
    // step, and a division was a large share of a small game's step.
    uint64_t below(uint64_t n) {
        uint64_t x = next();
        if (x < n) {
            const uint64_t rejected = (~n + 1) % n;  // 2^64 mod n
            while (x < rejected) x = next();
        }
        return (n & (n - 1)) == 0 ? x & (n - 1) : x % n;
    }

  private:
    uint64_t state_;
};

}  // namespace arbiter
