#include "daemon/base/utf8.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace arbiter {

namespace {

constexpr size_t kMostShown = 120;

// The length of the well-formed UTF-8 sequence at text[at], or 0 (RFC 3629,
// table 3-7 of the Unicode standard).
size_t sequenceAt(std::string_view text, size_t at) {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return 1;
    size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0) low = 0xa0;   // overlong
        if (lead == 0xed) high = 0x9f;  // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0) low = 0x90;   // overlong
        if (lead == 0xf4) high = 0x8f;  // past U+10FFFF
    } else {
        return 0;
    }
    if (at + length > text.size()) return 0;
    if (byte(at + 1) < low || byte(at + 1) > high) return 0;
    for (size_t i = 2; i < length; ++i) {
        if (byte(at + i) < 0x80 || byte(at + i) > 0xbf) return 0;
    }
    return length;
}

}  // namespace

size_t firstNonUtf8Byte(std::string_view text) {
    for (size_t at = 0; at < text.size();) {
        const size_t length = sequenceAt(text, at);
        if (length == 0) return at;
        at += length;
    }
    return std::string_view::npos;
}

std::u32string codePoints(std::string_view text) {
    std::u32string out;
    for (size_t at = 0; at < text.size();) {
        const size_t length = std::max<size_t>(sequenceAt(text, at), 1);
        const auto lead = static_cast<unsigned char>(text[at]);
        // The lead byte's payload bits, then six from each continuation byte.
        char32_t c = length == 1 ? lead : lead & (0x7f >> length);
        for (size_t i = 1; i < length; ++i) c = c << 6 | (text[at + i] & 0x3f);
        out.push_back(c);
        at += length;
    }
    return out;
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t at = 0; at < text.size();) {
        const size_t length = sequenceAt(text, at);
        const auto lead = static_cast<unsigned char>(text[at]);
        if (length > 1 || (length == 1 && lead >= 0x20 && lead != 0x7f && lead != '\\')) {
            out.append(text.substr(at, length));
            at += length;
            continue;
        }
        if (lead == '\\') {
            out += "\\\\";
        } else {
            fmt::format_to(std::back_inserter(out), "\\x{:02X}", lead);
        }
        ++at;
    }
    return out;
}

bool checkUtf8Lines(const std::string& path, std::string_view text, std::string& error) {
    const size_t bad = firstNonUtf8Byte(text);
    if (bad == std::string_view::npos) return true;
    const size_t newline = text.rfind('\n', bad);
    const size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
    // The line as far as a message can show it.
    const size_t end = std::min({text.find('\n', bad), text.size(), begin + kMostShown});
    const size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + bad, '\n'));
    error = printable(path) + ":" + std::to_string(line) + ": not UTF-8 text (byte " +
            printable(text.substr(bad, 1)) + " at column " + std::to_string(bad - begin + 1) +
            ": \"" + printable(text.substr(begin, end - begin)) + "\"); save the file as UTF-8";
    return false;
}

}  // namespace arbiter
