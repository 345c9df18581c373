#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/chance.h"

namespace arbiter {

// The session's dice: a seeded source whose n-th value depends only on the
// seed and n. Why counted rather than a stream: a takeback rewinds the count,
// so taking a move back can never be used to roll again, and a resumed game
// continues exactly where the journal stopped, whatever was drawn before.
// The seed is written to the journal's first line; every draw is a move line.
class ChanceSource {
  public:
    explicit ChanceSource(uint64_t seed = 0) : seed_(seed) {}

    uint64_t seed() const { return seed_; }
    // `what` drawn from the source's values number `counter`, `counter + 1`,
    // ...; `counter` moves past the ones used. Each value is 0 .. sides-1
    // with equal odds.
    std::vector<int> draw(const ChanceDraw& what, uint64_t& counter) const;

    // The seed as the journal writes it: 16 hexadecimal digits.
    std::string seedText() const;
    static std::optional<uint64_t> parseSeed(const std::string& text);

  private:
    uint64_t value(uint64_t n) const;
    uint64_t seed_;
};

}  // namespace arbiter
