#include "drivers/chessnut/chessnut_commands.h"

#include <algorithm>

#include "drivers/chessnut/chessnut_pieces.h"

namespace arbiter::chessnut {

namespace {

Bytes frame(uint8_t id, std::span<const uint8_t> payload) {
    Bytes bytes{id, uint8_t(payload.size())};
    bytes.insert(bytes.end(), payload.begin(), payload.end());
    return bytes;
}

// Rank bytes from rank 8, file a in bit 7: square s is byte s / 8, bit 7 - s % 8.
size_t ledBit(int square) {
    return size_t(7 - square % 8);
}

}  // namespace

Bytes realTimeModeCommand() {
    return {kSetMode, 1, kRealTimeMode};
}

Bytes versionRequest() {
    return {kVersionRequest, 1, 0};
}

Bytes batteryRequest() {
    return {kBatteryRequest, 1, 0};
}

Bytes ledCommand(const std::bitset<64>& lit) {
    std::array<uint8_t, kLedBytes> rows{};
    for (int square = 0; square < kSquares; ++square) {
        if (lit.test(size_t(square))) rows[size_t(square / 8)] |= uint8_t(1u << ledBit(square));
    }
    return frame(kLeds, rows);
}

std::optional<std::bitset<64>> ledsOf(std::span<const uint8_t> payload) {
    if (payload.size() != kLedBytes) return std::nullopt;
    std::bitset<64> lit;
    for (int square = 0; square < kSquares; ++square) {
        if (payload[size_t(square / 8)] & (1u << ledBit(square))) lit.set(size_t(square));
    }
    return lit;
}

Bytes positionReport(const std::array<uint8_t, 64>& codes, uint32_t stamp) {
    std::array<uint8_t, kPositionLength> payload{};
    for (int square = 0; square < kSquares; ++square) {
        const NibblePlace place = nibbleOf(square);
        const uint8_t code = codes[size_t(square)] & 0x0f;
        payload[size_t(place.byte)] |= place.high ? uint8_t(code << 4) : code;
    }
    for (size_t i = 0; i < 4; ++i) payload[kPositionBytes + i] = uint8_t(stamp >> (8 * i));
    return frame(kPositionReport, payload);
}

Bytes batteryReport(int percent, bool charging) {
    const uint8_t level = uint8_t(std::clamp(percent, 0, 100)) | (charging ? 0x80 : 0x00);
    return {kBatteryReport, 2, level, 0};
}

Bytes versionReport(std::string_view text) {
    Bytes payload{0};
    for (char c : text.substr(0, kVersionMaxLength - 1)) {
        const auto u = static_cast<unsigned char>(c);
        payload.push_back(u >= 0x20 && u <= 0x7e ? u : uint8_t('?'));
    }
    return frame(kVersionReport, payload);
}

Bytes acknowledgement() {
    return {kAcknowledgement, 1, 0};
}

}  // namespace arbiter::chessnut
