#include "drivers/certabo/readings.h"

#include <fmt/format.h>

namespace arbiter::certabo {

std::optional<SquareTags> certaboTags(std::span<const uint8_t> numbers) {
    if (numbers.size() != static_cast<size_t>(kCertaboNumbers)) return std::nullopt;
    SquareTags tags{};
    for (size_t square = 0; square < static_cast<size_t>(kSquares); ++square) {
        PieceTag tag = 0;
        int zeros = 0;
        for (size_t i = 0; i < static_cast<size_t>(kTagBytes); ++i) {
            const uint8_t byte = numbers[square * kTagBytes + i];
            tag = (tag << 8) | byte;
            zeros += byte == 0 ? 1 : 0;
        }
        // Certabo's own software takes a group of three or more zeros for an
        // empty square: a half-read chip is no piece.
        tags[square] = zeros >= 3 ? 0 : tag;
    }
    return tags;
}

std::optional<std::bitset<kSquares>> sentioOccupancy(std::span<const uint8_t> numbers) {
    if (numbers.size() != static_cast<size_t>(kSentioNumbers)) return std::nullopt;
    std::bitset<kSquares> occupied;
    for (size_t rank = 0; rank < 8; ++rank) {
        for (size_t file = 0; file < 8; ++file) {
            if (numbers[rank] & (0x80u >> file)) occupied.set(rank * 8 + file);
        }
    }
    return occupied;
}

std::array<uint8_t, 8> ledBytes(const std::bitset<kSquares>& lit) {
    std::array<uint8_t, 8> bytes{};
    for (size_t rank = 0; rank < 8; ++rank) {
        for (size_t file = 0; file < 8; ++file) {
            if (lit.test(rank * 8 + file)) bytes[rank] = uint8_t(bytes[rank] | (1u << file));
        }
    }
    return bytes;
}

std::string tagText(PieceTag tag) {
    return fmt::format("{:010x}", tag & 0xff'ffff'ffffULL);
}

std::optional<PieceTag> tagFromText(std::string_view text) {
    if (text.size() != 2 * kTagBytes) return std::nullopt;
    PieceTag tag = 0;
    for (char c : text) {
        int digit = -1;
        if (c >= '0' && c <= '9') digit = c - '0';
        if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        if (digit < 0) return std::nullopt;
        tag = (tag << 4) | static_cast<PieceTag>(digit);
    }
    return tag;
}

std::string squareName(int square) {
    return std::string{char('a' + square % 8), char('8' - square / 8)};
}

}  // namespace arbiter::certabo
