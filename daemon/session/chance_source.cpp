#include "daemon/session/chance_source.h"

#include <cassert>

#include <fmt/format.h>

namespace arbiter {

namespace {

// SplitMix64's finaliser: a bijection that spreads every input bit over the
// output, so consecutive counters give independent-looking values.
uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace

uint64_t ChanceSource::value(uint64_t n) const {
    return mix(seed_ + 0x9e3779b97f4a7c15ULL * (n + 1));
}

std::vector<int> ChanceSource::draw(const ChanceDraw& what, uint64_t& counter) const {
    assert(what.count >= 1 && what.sides >= 1);
    std::vector<int> values;
    uint64_t sides = static_cast<uint64_t>(what.sides);
    // Values above the largest multiple of `sides` are skipped (and the counter
    // moves on), so every side has exactly equal odds.
    uint64_t limit = UINT64_MAX - UINT64_MAX % sides;
    while (values.size() < static_cast<size_t>(what.count)) {
        uint64_t v = value(counter++);
        if (v >= limit) continue;
        values.push_back(static_cast<int>(v % sides));
    }
    return values;
}

std::string ChanceSource::seedText() const {
    return fmt::format("{:016x}", seed_);
}

std::optional<uint64_t> ChanceSource::parseSeed(const std::string& text) {
    if (text.empty() || text.size() > 16) return std::nullopt;
    uint64_t seed = 0;
    for (char c : text) {
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0) return std::nullopt;
        seed = seed * 16 + static_cast<uint64_t>(digit);
    }
    return seed;
}

}  // namespace arbiter
