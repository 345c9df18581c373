#include "drivers/millennium/millennium_commands.h"

#include <string>

namespace arbiter::millennium {

namespace {

void appendHex(std::string& out, uint8_t value) {
    out.push_back(hexDigit(value >> 4));
    out.push_back(hexDigit(value & 0x0f));
}

Bytes single(Command command) {
    return framed(std::string(1, static_cast<char>(command)));
}

}  // namespace

uint8_t blockCheck(std::string_view characters) {
    uint8_t check = 0;
    for (char c : characters) check = static_cast<uint8_t>(check ^ (c & 0x7f));
    return check;
}

Bytes framed(std::string_view characters) {
    std::string text(characters);
    appendHex(text, blockCheck(characters));
    Bytes bytes;
    bytes.reserve(text.size());
    for (char c : text) bytes.push_back(withOddParity(c));
    return bytes;
}

Bytes versionRequest() {
    return single(kVersion);
}

Bytes statusRequest() {
    return single(kStatus);
}

Bytes ledsOff() {
    return single(kLedsOff);
}

Bytes writeEeprom(uint8_t address, uint8_t data) {
    std::string text(1, static_cast<char>(kWriteEeprom));
    appendHex(text, address);
    appendHex(text, data);
    return framed(text);
}

Bytes readEeprom(uint8_t address) {
    std::string text(1, static_cast<char>(kReadEeprom));
    appendHex(text, address);
    return framed(text);
}

Bytes leds(uint8_t slotTime, const LedPatterns& patterns) {
    std::string text(1, static_cast<char>(kSetLeds));
    appendHex(text, slotTime);
    for (uint8_t pattern : patterns) appendHex(text, pattern);
    return framed(text);
}

LedPatterns cornersOf(const std::bitset<kSquares>& squares) {
    LedPatterns patterns{};
    patterns.fill(kLedOff);
    for (int square = 0; square < kSquares; ++square) {
        if (!squares.test(static_cast<size_t>(square))) continue;
        const int file = square % 8;  // 0 = a
        const int row = square / 8;   // 0 = the 8th rank
        for (int df = 0; df <= 1; ++df) {
            for (int dr = 0; dr <= 1; ++dr) {
                patterns[static_cast<size_t>(ledIndex(file + df, row + dr))] = kLedOn;
            }
        }
    }
    return patterns;
}

}  // namespace arbiter::millennium
