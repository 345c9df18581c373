#pragma once

// The lines a Certabo or Sentio board sends, made from what stands on it, for
// the tests that play such a board.

#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "drivers/certabo/readings.h"

namespace arbiter::test {

inline std::vector<uint8_t> lineOf(const std::vector<int>& numbers) {
    std::string text = ":";
    for (size_t i = 0; i < numbers.size(); ++i) text += (i ? " " : "") + std::to_string(numbers[i]);
    text += "\r\n";
    return std::vector<uint8_t>(text.begin(), text.end());
}

// A Certabo reading: each square's tag as five numbers, first byte first.
inline std::vector<uint8_t> certaboLine(const SquareTags& tags) {
    std::vector<int> numbers;
    for (PieceTag tag : tags) {
        for (int shift = 32; shift >= 0; shift -= 8) numbers.push_back(int((tag >> shift) & 0xff));
    }
    return lineOf(numbers);
}

// A Sentio reading: one number per rank from the eighth, the a-file highest.
inline std::vector<uint8_t> sentioLine(const std::bitset<64>& taken) {
    std::vector<int> numbers;
    for (size_t rank = 0; rank < 8; ++rank) {
        int bits = 0;
        for (size_t file = 0; file < 8; ++file)
            if (taken.test(rank * 8 + file)) bits |= 0x80 >> file;
        numbers.push_back(bits);
    }
    return lineOf(numbers);
}

// The tag of the piece that starts on `square` in startTags(): its last byte
// is the square, so that tests can tell which piece moved.
inline PieceTag startTag(size_t square) {
    return 0x11'2233'4400ULL + square;
}

// The chess start position, every piece with a tag of its own.
inline SquareTags startTags() {
    SquareTags tags{};
    for (size_t s = 0; s < 16; ++s) tags[s] = startTag(s);
    for (size_t s = 48; s < 64; ++s) tags[s] = startTag(s);
    return tags;
}

}  // namespace arbiter::test
