#pragma once

// What a Millennium ChessLink board puts on the wire, written out for tests:
// answers with their block check and odd parity bits, and start positions.

#include <cstdint>
#include <string>
#include <vector>

#include "drivers/millennium/millennium_messages.h"
#include "drivers/millennium/millennium_parser.h"
#include "drivers/millennium/millennium_protocol.h"

namespace arbiter::millennium::test {

// `text` as the board sends it: its block check appended (unless `check` is
// given), every character with its odd parity bit.
inline std::vector<uint8_t> fromBoard(const std::string& text, std::string check = "") {
    if (check.empty()) {
        int x = 0;
        for (char c : text) x ^= c;
        check = {hexDigit(x >> 4), hexDigit(x & 0x0f)};
    }
    std::vector<uint8_t> bytes;
    for (char c : text + check) bytes.push_back(withOddParity(c));
    return bytes;
}

// The start position, a8..h8 first, as the protocol's description orders it.
inline const std::string kStartCharacters =
    "rnbqkbnr"
    "pppppppp"
    "................................"
    "PPPPPPPP"
    "RNBQKBNR";

inline std::array<char, kSquares> characters(const std::string& text) {
    std::array<char, kSquares> out{};
    for (size_t i = 0; i < out.size() && i < text.size(); ++i) out[i] = text[i];
    return out;
}

class Recorder : public MillenniumParser::Sink {
  public:
    void message(const MillenniumMessage& m) override { messages.push_back(m); }
    void warning(const std::string& what) override { warnings.push_back(what); }
    std::vector<MillenniumMessage> messages;
    std::vector<std::string> warnings;
};

inline Recorder parse(const std::vector<uint8_t>& bytes) {
    MillenniumParser parser;
    Recorder recorder;
    parser.feed(bytes, recorder);
    return recorder;
}

}  // namespace arbiter::millennium::test
