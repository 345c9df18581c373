#include "engine/core/text_fields.h"

#include <charconv>
#include <sstream>

namespace arbiter {

std::vector<std::string_view> splitOn(std::string_view text, char by) {
    std::vector<std::string_view> parts;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == by) {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

std::vector<std::string> wordsOf(std::string_view text) {
    std::vector<std::string> words;
    std::istringstream in{std::string(text)};
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

std::optional<long> wholeNumber(std::string_view text, long max) {
    if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
    // "007" is no way to write 7: refused, or any number could be written in
    // a million characters.
    if (text.front() == '0' && text.size() > 1) return std::nullopt;
    long n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size() || n > max) return std::nullopt;
    return n;
}

}  // namespace arbiter
