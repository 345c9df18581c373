#include "drivers/dgt_bus/dgt_bus_changes.h"

#include <fmt/format.h>

#include "drivers/dgt_bus/dgt_bus_protocol.h"

namespace arbiter::dgt_bus {

namespace {

constexpr size_t kPieceRecordLength = 2;
constexpr size_t kTimeRecordLength = 3;

bool isTimeRecord(uint8_t byte) {
    const uint8_t hours = byte & 0x0f;
    return byte >= kFirstTimeRecord && byte <= kLastTimeRecord && hours <= 9;
}

// 0x6a..0x6f and 0x7a..0x7f: power-up, end, four rows, empty board, ...
bool isMark(uint8_t byte) {
    return byte >= kFirstTimeRecord && byte <= 0x7f && (byte & 0x0f) >= 0x0a;
}

}  // namespace

DecodedChanges decodeChanges(std::span<const uint8_t> records) {
    DecodedChanges out;
    size_t i = 0;
    while (i < records.size()) {
        const uint8_t first = records[i];
        size_t length = 1;
        if (first >= kFirstPieceRecord && first <= kLastPieceRecord) {
            length = kPieceRecordLength;
        } else if (isTimeRecord(first)) {
            length = kTimeRecordLength;
        } else if (!isMark(first) && first != kFillerRecord) {
            out.problem = fmt::format("byte {:#04x} at {} is no change record", first, i);
            return out;
        }
        if (i + length > records.size()) {
            out.problem = fmt::format("record {:#04x} at {} cut off", first, i);
            return out;
        }
        if (length == kPieceRecordLength) {
            const uint8_t square = records[i + 1];
            if (square >= dgt::kSquares) {
                out.problem = fmt::format("piece record at {} names square {}", i, square);
                return out;
            }
            out.pieces.push_back(dgt::FieldUpdate{square, uint8_t(first & kPieceRecordCodeMask)});
        }
        i += length;
    }
    return out;
}

}  // namespace arbiter::dgt_bus
