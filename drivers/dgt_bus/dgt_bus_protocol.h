#pragma once

// The byte values of DGT's bus mode, in which several DGT boards share one
// serial line and the host polls each by its address (DGT's tournament
// installations). Facts from DGT's protocol description version 1.03,
// "Single computer and bus support in one .h file" (docs/protocols/dgt-bus.md
// says which fact comes from where). Constants only, shared by the host
// driver and the virtual boards that stand for a bus.

#include <cstdint>

namespace arbiter::dgt_bus {

// Host -> boards: `command addressHigh addressLow checksum`.
enum Command : uint8_t {
    kSendClock = 0x81,
    kSendBoard = 0x82,
    kSendChanges = 0x83,
    kRepeatChanges = 0x84,
    kSetStartGame = 0x85,
    kSendFromStart = 0x86,
    kPing = 0x87,
    kEndBusMode = 0x88,
    kReset = 0x89,
    kIgnoreNextPing = 0x8a,
    kSendVersion = 0x8b,
};
inline constexpr int kCommandLength = 4;

// Board -> host: `id lengthHigh lengthLow addressHigh addressLow data... checksum`,
// the length counting every byte from id to checksum. The id is the only
// byte with bit 7 set, as in single-board mode.
enum ReplyId : uint8_t {
    kBoardDump = 0x83,
    kClock = 0x84,
    kChanges = 0x85,
    kFromStart = 0x86,
    kPingReply = 0x87,
    kStartGameWritten = 0x88,
    kVersion = 0x89,
};
// id, two length bytes, two address bytes; the checksum follows the data.
inline constexpr int kReplyHeaderLength = 5;
inline constexpr int kReplyOverhead = kReplyHeaderLength + 1;
inline constexpr int kBoardDumpLength = kReplyOverhead + 64;
inline constexpr int kClockLength = kReplyOverhead + 7;
inline constexpr int kPingLength = kReplyOverhead;
inline constexpr int kStartGameWrittenLength = kReplyOverhead;
// Version replies carry two bytes since board version 1.2 and none before.
inline constexpr int kVersionLength = kReplyOverhead + 2;
inline constexpr int kOldVersionLength = kReplyOverhead;
// Change records are a few bytes each and a poll comes every few hundred
// milliseconds; a reply announcing more than this is garbage.
inline constexpr int kMaxReplyLength = 1024;

// A board's address is its serial number (the five digits on its label, as a
// 14-bit number); 0 speaks to every board at once.
inline constexpr int kBroadcastAddress = 0;
inline constexpr int kMaxAddress = 0x3fff;

// The EEPROM record format of changes (shared with single-board EE_MOVES).
inline constexpr uint8_t kFirstPieceRecord = 0x40;  // 0x40..0x5f: piece code, then square
inline constexpr uint8_t kLastPieceRecord = 0x5f;
inline constexpr uint8_t kPieceRecordCodeMask = 0x0f;
// 0x60..0x69 and 0x70..0x79: a clock time (hours in the low nibble), then
// minutes and seconds in BCD.
inline constexpr uint8_t kFirstTimeRecord = 0x60;
inline constexpr uint8_t kLastTimeRecord = 0x79;
inline constexpr uint8_t kLeftTimeBit = 0x10;
// One-byte marks: 0x6a..0x6f and 0x7a..0x7f.
inline constexpr uint8_t kEmptyBoardMark = 0x6d;
inline constexpr uint8_t kFillerRecord = 0x00;

inline constexpr uint8_t addressHigh(int address) {
    return uint8_t((address >> 7) & 0x7f);
}
inline constexpr uint8_t addressLow(int address) {
    return uint8_t(address & 0x7f);
}

}  // namespace arbiter::dgt_bus
