#pragma once

// The byte values of the Chessnut protocol (Chessnut Air, Air+, Pro, Go, Evo),
// as docs/protocols/chessnut.md gives them with their sources. Every message,
// both ways, is a frame: an id byte, a length byte, and that many payload
// bytes. Over USB the id is the HID report id, so that a hidraw read returns
// one whole frame (possibly padded with zeros up to the report's size) and a
// write takes one.

#include <cstddef>
#include <cstdint>

namespace arbiter::chessnut {

inline constexpr int kSquares = 64;
inline constexpr size_t kFrameHeader = 2;  // id and length

// What the host sends.
inline constexpr uint8_t kSetMode = 0x21;       // payload: one mode byte
inline constexpr uint8_t kRealTimeMode = 0x00;  // report every position
inline constexpr uint8_t kLeds = 0x0a;          // payload: 8 bytes, a bit per square
inline constexpr uint8_t kLedBytes = 8;
inline constexpr uint8_t kVersionRequest = 0x27;  // payload: 0x00
inline constexpr uint8_t kBatteryRequest = 0x29;  // payload: 0x00

// What the board sends.
inline constexpr uint8_t kPositionReport = 0x01;   // 32 position bytes, then a time stamp
inline constexpr uint8_t kAcknowledgement = 0x23;  // some boards answer commands with it
inline constexpr uint8_t kVersionReport = 0x28;    // a 0x00 then ASCII text
inline constexpr uint8_t kBatteryReport = 0x2a;    // level (bit 7: charging), reserved

inline constexpr uint8_t kPositionBytes = 32;     // two squares a byte
inline constexpr uint8_t kPositionLength = 0x24;  // what boards announce: 32 + 4 time bytes
// The lengths accepted for each report: tight enough to find frames again in
// a byte stream that lost its place, loose enough for firmware that adds a byte.
inline constexpr uint8_t kPositionMaxLength = 40;
inline constexpr uint8_t kVersionMaxLength = 60;
inline constexpr uint8_t kShortReportMaxLength = 4;  // acknowledgements, battery
inline constexpr size_t kMaxFrame = kFrameHeader + kVersionMaxLength;

// Piece codes, one nibble per square.
inline constexpr uint8_t kEmpty = 0;
inline constexpr uint8_t kLastPieceCode = 12;

// USB: vendor 0x2d80; the high byte of the product id names the family
// (0x80 Air, 0x81 Pro, 0x82 Air+, 0x83 Evo, 0x85 Go; the vendor's SDK accepts
// 0x80..0x86), the low byte the interface variant.
inline constexpr uint16_t kUsbVendor = 0x2d80;
inline constexpr uint8_t kFirstProductFamily = 0x80;
inline constexpr uint8_t kLastProductFamily = 0x86;

// The vendor's SDK leaves this much time between two writes; commands sent
// closer together may be lost.
inline constexpr int64_t kWriteSpacingMs = 200;
// A battery at or below this level, not charging, is worth a warning.
inline constexpr int kLowBatteryPercent = 15;

}  // namespace arbiter::chessnut
