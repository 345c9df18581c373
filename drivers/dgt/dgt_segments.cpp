#include "drivers/dgt/dgt_segments.h"

#include <cctype>

namespace arbiter::dgt {

namespace {

struct Glyph {
    char character;
    uint8_t segments;
};

// Digits first, so that a pattern a digit and a letter share reads as the digit.
constexpr std::array<Glyph, 37> kGlyphs{{
    {'0', 0x3f}, {'1', 0x06},  {'2', 0x5b}, {'3', 0x4f}, {'4', 0x66}, {'5', 0x6d}, {'6', 0x7d},
    {'7', 0x07}, {'8', 0x7f},  {'9', 0x6f}, {'-', 0x40}, {'_', 0x08}, {'=', 0x48}, {'a', 0x77},
    {'b', 0x7c}, {'c', 0x39},  {'d', 0x5e}, {'e', 0x79}, {'f', 0x71}, {'g', 0x3d}, {'h', 0x76},
    {'i', 0x30}, {'j', 0x1e},  {'l', 0x38}, {'n', 0x54}, {'o', 0x5c}, {'p', 0x73}, {'q', 0x67},
    {'r', 0x50}, {'s', 0x6d},  {'t', 0x78}, {'u', 0x3e}, {'y', 0x6e}, {' ', 0x00}, {'/', 0x52},
    {'"', 0x22}, {'\'', 0x20},
}};

}  // namespace

uint8_t segmentsOf(char character) {
    const char lower = char(std::tolower(static_cast<unsigned char>(character)));
    for (const Glyph& glyph : kGlyphs) {
        if (glyph.character == lower) return glyph.segments;
    }
    return 0;
}

char characterOf(uint8_t segments) {
    segments &= 0x7f;
    for (const Glyph& glyph : kGlyphs) {
        if (glyph.segments == segments) return glyph.character;
    }
    return '?';
}

std::array<uint8_t, 6> segmentsOfText(std::string_view text) {
    std::array<uint8_t, 6> digits{};
    size_t next = 0;
    for (char c : text) {
        if (next == digits.size()) break;
        const uint8_t shape = segmentsOf(c);
        if (shape == 0 && c != ' ') continue;
        digits[next++] = shape;
    }
    return digits;
}

}  // namespace arbiter::dgt
