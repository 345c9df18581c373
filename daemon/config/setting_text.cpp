// The small readers of setting text that the file, its boards and the command line share.
#include "daemon/config/setting_text.h"

namespace arbiter::setting_text {

namespace {

bool isLower(char c) {
    return c >= 'a' && c <= 'z';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

}  // namespace

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : ", ") + w;
    return s;
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

bool isNameChar(char c) {
    return isLower(c) || isDigit(c) || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}

std::optional<long> wholeNumber(const std::string& text, size_t digits) {
    if (text.empty() || text.size() > digits) return std::nullopt;
    if (text.front() == '0' && text.size() > 1)
        return std::nullopt;  // "007" is not how 7 is written
    long n = 0;
    for (char c : text) {
        if (!isDigit(c)) return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::optional<std::pair<int, int>> parseCellName(const std::string& text) {
    size_t letters = 0;
    while (letters < text.size() && isLower(text[letters])) ++letters;
    if (letters == 0 || letters > 2) return std::nullopt;
    auto rank = wholeNumber(text.substr(letters), 3);
    if (!rank || *rank < 1) return std::nullopt;
    int file = 0;
    for (size_t i = 0; i < letters; ++i) file = file * 26 + (text[i] - 'a' + 1);
    return std::make_pair(file - 1, static_cast<int>(*rank) - 1);
}

}  // namespace arbiter::setting_text
