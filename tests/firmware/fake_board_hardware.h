#pragma once

// A BoardHardware whose every input the test sets and every output it inspects.

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <vector>

#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/square_codes.h"

namespace arbiter::firmware::testing {

// The firmware core under a microscope: sensors, host bytes and time are set by
// the test, and everything the core sends or lights is recorded, so a test can
// state the exact bytes a board must answer.
class FakeBoardHardware final : public BoardHardware {
  public:
    uint8_t readSquare(int square) override { return sensors[static_cast<size_t>(square)]; }
    std::optional<uint8_t> readSerialByte() override {
        if (fromHost.empty()) return std::nullopt;
        const uint8_t byte = fromHost.front();
        fromHost.pop_front();
        return byte;
    }
    void writeSerial(std::span<const uint8_t> bytes) override {
        sent.insert(sent.end(), bytes.begin(), bytes.end());
    }
    void setLed(int square, bool on) override { leds[static_cast<size_t>(square)] = on; }
    uint32_t millisecondsNow() override { return now; }

    void hostWrites(std::initializer_list<uint8_t> bytes) {
        fromHost.insert(fromHost.end(), bytes.begin(), bytes.end());
    }
    std::vector<uint8_t> takeSent() {
        std::vector<uint8_t> taken;
        taken.swap(sent);
        return taken;
    }

    SquareCodes sensors{};
    std::deque<uint8_t> fromHost;
    std::vector<uint8_t> sent;
    std::array<bool, dgt::kSquares> leds{};
    uint32_t now = 0;
};

// The start position in DGT codes, square 0 (a8) first, as the fact sheet shows it.
inline SquareCodes startPositionCodes() {
    SquareCodes codes{};
    const std::array<uint8_t, 8> black{0x08, 0x09, 0x0a, 0x0c, 0x0b, 0x0a, 0x09, 0x08};
    const std::array<uint8_t, 8> white{0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02};
    for (size_t file = 0; file < 8; ++file) {
        codes[file] = black[file];
        codes[8 + file] = 0x07;
        codes[48 + file] = 0x01;
        codes[56 + file] = white[file];
    }
    return codes;
}

// The exact bytes of the start-position BOARD_DUMP.
inline std::vector<uint8_t> startPositionDump() {
    std::vector<uint8_t> dump{0x86, 0x00, 0x43};
    const SquareCodes codes = startPositionCodes();
    dump.insert(dump.end(), codes.begin(), codes.end());
    return dump;
}

}  // namespace arbiter::firmware::testing
