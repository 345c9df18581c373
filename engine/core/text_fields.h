#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// The small pieces of reading a game's own text (positions, actions): every
// module's load() and decode() take their input apart the same way, and say
// what is wrong with it themselves.

// The parts of `text` between each `by`, empty ones included: "a,,b" is a, "", b.
std::vector<std::string_view> splitOn(std::string_view text, char by);
// The words of `text`, however many spaces lie between them.
std::vector<std::string> wordsOf(std::string_view text);
// `text` as a whole number from 0 to `max`, digits only and no leading zero
// ("0" is one, "07" is not); nullopt otherwise.
std::optional<long> wholeNumber(std::string_view text, long max);

}  // namespace arbiter
