#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

// Text from outside (names, paths, configuration lines, requests) is UTF-8 or
// it is refused: the journal, the control socket and the records are JSON,
// which holds nothing else. These say whether text is UTF-8, and show text
// that may not be in a message without passing its bad bytes on.

// Where the first byte that is not part of well-formed UTF-8 stands (overlong
// forms, surrogates and code points past U+10FFFF are not), or npos.
size_t firstNonUtf8Byte(std::string_view text);

inline bool isUtf8(std::string_view text) {
    return firstNonUtf8Byte(text) == std::string_view::npos;
}

// The code points of `text`, which must be UTF-8 (isUtf8): what counts as a
// character when a name's length is checked, and what its characters are.
std::u32string codePoints(std::string_view text);

// `text` for a message or a log: its UTF-8 characters as they are, every other
// byte and every control character as \xNN ("J\xFCrgen", "a\x09b"), a
// backslash as "\\", so that nothing in it is taken for what it is not.
std::string printable(std::string_view text);

// A file read as lines (a configuration) is refused at its first line that is
// not UTF-8: false, and `error` says "PATH:LINE: ..." with the byte and the
// line made printable.
bool checkUtf8Lines(const std::string& path, std::string_view text, std::string& error);

}  // namespace arbiter
