#pragma once

// The small pieces a setting's text is read with, shared by the configuration
// file, its boards' sections and the values the command line reads alike.

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::setting_text {

// "a, b, c": the words a message lists as the valid ones.
std::string joined(const std::vector<std::string>& words);

// `s` without the spaces, tabs and carriage returns around it.
std::string trim(const std::string& s);

// A letter, a digit, - or _: what keys, section names, options and pieces are made of.
bool isNameChar(char c);

// A whole number of at most `digits` digits, without a leading zero ("0" is
// one, "07" is not), or nullopt.
std::optional<long> wholeNumber(const std::string& text, size_t digits);

// "c3" -> (2, 2), on any size: files a..z, aa..zz, ranks 1..999.
std::optional<std::pair<int, int>> parseCellName(const std::string& text);

}  // namespace arbiter::setting_text
