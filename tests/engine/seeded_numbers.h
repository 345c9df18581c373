#pragma once

#include <cstdint>
#include <random>

namespace arbiter {

// Seeded numbers for tests that draw positions or actions at random: the
// standard's mt19937_64 gives the same sequence on every machine, so such a
// test draws the same ones each run.
class SeededNumbers {
  public:
    explicit SeededNumbers(uint64_t seed) : engine_(seed) {}
    // A number from 0 to n - 1 (n > 0).
    int below(int n) { return static_cast<int>(engine_() % static_cast<uint64_t>(n)); }

  private:
    std::mt19937_64 engine_;
};

}  // namespace arbiter
