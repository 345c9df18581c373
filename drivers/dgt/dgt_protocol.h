#pragma once

// The byte values of the DGT e-board serial protocol, shared by both ends: the
// host driver (drivers/dgt) and the board side in firmware-bridge/. Facts are
// from the published protocol description (see docs/protocols/dgt.md); this
// header holds constants only, so the firmware can use it without a heap.

#include <cstdint>

namespace arbiter::dgt {

// Host -> board, one byte each (single-board mode).
enum Command : uint8_t {
    kSendReset = 0x40,
    kSendClock = 0x41,
    kSendBoard = 0x42,
    kSendUpdate = 0x43,
    kSendUpdateBoard = 0x44,
    kReturnSerialNr = 0x45,
    kReturnBusAddress = 0x46,
    kSendTrademark = 0x47,
    kSendEeMoves = 0x49,
    kToBusMode = 0x4a,
    kSendUpdateNice = 0x4b,
    kSendBatteryStatus = 0x4c,
    kSendVersion = 0x4d,
    kReturnLongSerialNr = 0x55,
    kClockMessage = 0x2b,  // followed by a length byte and a clock frame
    kSetLeds = 0x60,       // 60 04 pattern from to 00 (Revelation II, Pegasus)
};

// Board -> host: the first byte of each message is 0x80 | id, and it is the only
// byte of a message with bit 7 set, which is what lets a parser resynchronise.
enum MessageId : uint8_t {
    kBoardDump = 0x86,
    kBwTime = 0x8d,
    kFieldUpdate = 0x8e,
    kEeMoves = 0x8f,
    kBusAddress = 0x90,
    kSerialNr = 0x91,
    kTrademark = 0x92,
    kVersion = 0x93,
    kBatteryStatus = 0xa0,
    kLongSerialNr = 0xa2,
};

inline constexpr int kHeaderLength = 3;  // id, length high 7 bits, length low 7 bits
inline constexpr int kBoardDumpLength = 67;
inline constexpr int kBwTimeLength = 10;
inline constexpr int kFieldUpdateLength = 5;
inline constexpr int kBusAddressLength = 5;
inline constexpr int kSerialNrLength = 8;
inline constexpr int kVersionLength = 5;
inline constexpr int kLongSerialNrLength = 13;
// No DGT message is longer than this; a header announcing more is garbage.
inline constexpr int kMaxMessageLength = 512;

// Piece codes in board dumps and field updates.
enum PieceCode : uint8_t {
    kEmpty = 0x00,
    kWhitePawn = 0x01,
    kWhiteRook = 0x02,
    kWhiteKnight = 0x03,
    kWhiteBishop = 0x04,
    kWhiteKing = 0x05,
    kWhiteQueen = 0x06,
    kBlackPawn = 0x07,
    kBlackRook = 0x08,
    kBlackKnight = 0x09,
    kBlackBishop = 0x0a,
    kBlackKing = 0x0b,
    kBlackQueen = 0x0c,
    kLastPieceCode = 0x0f,  // 0x0d..0x0f: the special "result" pieces
};

// Squares: 0 = a8, 1 = b8, ... 7 = h8, 8 = a7, ... 63 = h1, seen with the
// connector on White's left. The board never renumbers when turned round.
inline constexpr int kSquares = 64;

inline constexpr uint8_t lengthHigh(int length) { return uint8_t((length >> 7) & 0x7f); }
inline constexpr uint8_t lengthLow(int length) { return uint8_t(length & 0x7f); }

}  // namespace arbiter::dgt
