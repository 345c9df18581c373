#pragma once

// The facts of the Millennium ChessLink serial protocol (eONE, Exclusive,
// Performance), shared by the host driver (drivers/millennium) and the virtual
// board's emulation. Sources are named in docs/protocols/millennium.md.
//
// Every message is printable 7-bit ASCII on a line of 38400 baud, 7 data bits,
// odd parity, 1 stop bit. On the wire that is the same frame as 8 data bits
// without parity whose eighth bit is the parity bit, which is how we open the
// line (see withOddParity). A message is a letter, its fields, and a block
// check: the XOR of all its 7-bit characters as two upper-case hex digits. The
// host sends upper-case commands; the board answers with the lower-case letter.

#include <array>
#include <cstdint>
#include <optional>

namespace arbiter::millennium {

inline constexpr int kBaudRate = 38400;

// Host -> board.
enum Command : char {
    kVersion = 'V',      // V <check>
    kStatus = 'S',       // S <check>
    kSetLeds = 'L',      // L <slot time: 2 hex> <81 x pattern: 2 hex> <check>
    kLedsOff = 'X',      // X <check>
    kReset = 'T',        // T <check>; no answer, the board starts again after 3 s
    kWriteEeprom = 'W',  // W <address: 2 hex> <data: 2 hex> <check>
    kReadEeprom = 'R',   // R <address: 2 hex> <check>
};

// Board -> host: the command's letter in lower case. Each answer has one
// length, the letter and the two check digits included.
enum Reply : char {
    kVersionReply = 'v',     // v <major: 2 hex> <minor: 2 hex> <check>
    kStatusReply = 's',      // s <64 piece characters> <check>
    kLedsReply = 'l',        // l <check>
    kLedsOffReply = 'x',     // x <check>
    kEepromWritten = 'w',    // w <address: 2 hex> <data: 2 hex> <check>
    kEepromReadReply = 'r',  // r <address: 2 hex> <data: 2 hex> <check>
};

inline constexpr int kCheckLength = 2;
inline constexpr int kVersionReplyLength = 7;
inline constexpr int kStatusReplyLength = 67;
inline constexpr int kShortReplyLength = 3;   // l, x
inline constexpr int kEepromReplyLength = 7;  // w, r
inline constexpr int kLongestReply = kStatusReplyLength;

// The length of the answer a letter starts, or nullopt for a letter that
// starts none.
constexpr std::optional<int> replyLength(char letter) {
    switch (letter) {
        case kVersionReply:
            return kVersionReplyLength;
        case kStatusReply:
            return kStatusReplyLength;
        case kLedsReply:
        case kLedsOffReply:
            return kShortReplyLength;
        case kEepromWritten:
        case kEepromReadReply:
            return kEepromReplyLength;
        default:
            return std::nullopt;
    }
}

inline constexpr int kSquares = 64;
// The 64 characters of a status: white K Q R N B P, black k q r n b p, and '.'
// for an empty square.
inline constexpr char kEmptySquare = '.';
constexpr bool isSquareCharacter(char c) {
    switch (c) {
        case 'K':
        case 'Q':
        case 'R':
        case 'N':
        case 'B':
        case 'P':
        case 'k':
        case 'q':
        case 'r':
        case 'n':
        case 'b':
        case 'p':
        case kEmptySquare:
            return true;
        default:
            return false;
    }
}

// The LEDs stand at the corners of the squares, a grid of 9 x 9. LED 1 is at
// the a8 corner, 9 at the a1 corner, 73 at h8 and 81 at h1: the LEDs run down
// each line of corners from the a-file's outer edge to the h-file's, from the
// 8th rank's edge to the 1st's. A square is lit by its four corners.
inline constexpr int kLedLines = 9;
inline constexpr int kLedCount = kLedLines * kLedLines;
// A pattern is 8 time slots, bit 7 first: 0xff is on, 0x00 off.
inline constexpr uint8_t kLedOn = 0xff;
inline constexpr uint8_t kLedOff = 0x00;
// The slot time is in units of 4.096 ms; a steady light does not care.
inline constexpr uint8_t kSteadySlotTime = 0x19;

// EEPROM addresses of the board's settings.
inline constexpr uint8_t kEepromSerialSetup = 0x00;   // bit 0: block check disabled
inline constexpr uint8_t kEepromScanTime = 0x01;      // units of 2.048 ms, 15..255 (default 20)
inline constexpr uint8_t kEepromAutoReports = 0x02;   // bits 2..0, see AutoReports
inline constexpr uint8_t kEepromReportPeriod = 0x03;  // units of 4.096 ms, for kTimed
inline constexpr uint8_t kEepromBrightness = 0x04;    // 0 dim .. >14 full

// Address 02, bits 2..0: when the board sends a status by itself.
enum AutoReports : uint8_t {
    kEveryScan = 0,  // the board's default
    kNever = 1,
    kTimed = 2,  // every report period (address 03)
    kOnChange = 3,
    kOnChangeDebounce2 = 4,  // on a change that stayed for 2 scans
    kOnChangeDebounce3 = 5,
    kOnChangeDebounce4 = 6,
    kOnChangeDebounce5 = 7,
};

// ---- characters on the wire ----

// The character with its odd parity bit in bit 7: the byte a 7O1 line carries
// when it is read or written as 8N1.
constexpr uint8_t withOddParity(char c) {
    auto byte = static_cast<uint8_t>(c & 0x7f);
    int ones = 0;
    for (uint8_t b = byte; b != 0; b = uint8_t(b >> 1)) ones += b & 1;
    return ones % 2 == 0 ? uint8_t(byte | 0x80) : byte;
}

// The character a byte carries, its parity bit dropped.
constexpr char characterOf(uint8_t byte) {
    return static_cast<char>(byte & 0x7f);
}

constexpr char hexDigit(int value) {
    return "0123456789ABCDEF"[value & 0x0f];
}

// The value of a hex digit (either case), or -1.
constexpr int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

}  // namespace arbiter::millennium
