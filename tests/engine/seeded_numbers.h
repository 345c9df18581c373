#pragma once

#include <cstdint>

namespace arbiter {

// splitmix64: the tests' own seeded numbers, the same on every machine, so a
// test that draws positions or actions at random draws the same ones each run.
class SeededNumbers {
  public:
    explicit SeededNumbers(uint64_t seed) : state_(seed) {}
    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // A number from 0 to n - 1 (n > 0).
    int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }

  private:
    uint64_t state_;
};

}  // namespace arbiter
