#include "daemon/machine/uci_strength.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

namespace arbiter {

namespace {

// The Skill Level of each level on stockfish's scale of 0..20: evenly apart,
// the last at 20, stockfish's full strength.
constexpr std::array<int64_t, 8> kSkillOfLevel = {0, 3, 6, 9, 12, 15, 18, 20};
constexpr int64_t kSkillScale = 20;

bool sameName(const std::string& a, const char* b) {
    const std::string_view other(b);
    return a.size() == other.size() &&
           std::equal(a.begin(), a.end(), other.begin(), [](char x, char y) {
               auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
               return lower(x) == lower(y);
           });
}

bool isBoundedSpin(const UciOption& option) {
    return option.type == UciOptionType::spin && option.min && option.max;
}

// The whole number `share` of the way from `low` to `high`, rounded to the
// nearest or down. In long double: the ends may be anything an engine says,
// as far apart as an int64_t allows, whose difference would overflow.
int64_t between(int64_t low, int64_t high, long double share, bool nearest) {
    const long double lo = static_cast<long double>(low);
    const long double hi = static_cast<long double>(high);
    // Down is towards the minimum, also below zero: floor, not a cast's truncation.
    long double value = std::floor(lo + (hi - lo) * share + (nearest ? 0.5L : 0.0L));
    value = std::clamp(value, lo, hi);
    if (value >= hi) return high;
    return std::clamp(static_cast<int64_t>(value), low, high);
}

std::string setOption(const std::string& name, const std::string& value) {
    return "setoption name " + name + " value " + value;
}

}  // namespace

void UciStrengthOptions::learn(const UciOption& option) {
    if (sameName(option.name, "Skill Level") && isBoundedSpin(option)) skillLevel = option;
    if (sameName(option.name, "UCI_Elo") && isBoundedSpin(option)) elo = option;
    if (sameName(option.name, "UCI_LimitStrength") && option.type == UciOptionType::check)
        limitStrength = option;
}

UciStrength uciStrength(const UciStrengthOptions& offered, int level) {
    level = std::clamp(level, kLowestMachineLevel, kHighestMachineLevel);
    const size_t index = size_t(level - kLowestMachineLevel);
    UciStrength strength;
    if (offered.skillLevel) {
        const UciOption& skill = *offered.skillLevel;
        const int64_t low = *skill.min, high = *skill.max;
        const long double share =
            static_cast<long double>(kSkillOfLevel[index]) / static_cast<long double>(kSkillScale);
        const int64_t value = between(low, high, share, true);
        strength.commands.push_back(setOption(skill.name, std::to_string(value)));
        strength.description = fmt::format("{} {} (of {}..{})", skill.name, value, low, high);
        return strength;
    }
    if (offered.elo && offered.limitStrength) {
        const std::string& limit = offered.limitStrength->name;
        if (level == kHighestMachineLevel) {
            strength.commands.push_back(setOption(limit, "false"));
            strength.description = "full strength (" + limit + " false)";
            return strength;
        }
        const UciOption& elo = *offered.elo;
        const int64_t low = *elo.min, high = *elo.max;
        const long double share =
            static_cast<long double>(level - kLowestMachineLevel) /
            static_cast<long double>(kHighestMachineLevel - kLowestMachineLevel);
        const int64_t value = between(low, high, share, false);
        strength.commands.push_back(setOption(limit, "true"));
        strength.commands.push_back(setOption(elo.name, std::to_string(value)));
        strength.description = fmt::format("{} {} (of {}..{})", elo.name, value, low, high);
        return strength;
    }
    strength.description =
        "full strength: the engine offers neither Skill Level nor UCI_LimitStrength with UCI_Elo";
    return strength;
}

}  // namespace arbiter
