#pragma once

// The clock sub-protocol of the DGT board (a DGT XL or DGT 3000 plugged into the
// board): the command ids inside a `2b <n> 03 <cmd> ... 00` frame, the meaning of
// the reconstructed ACK bytes and the bits of a BWTIME times message. Host-side
// only (the firmware bridge has no clock), so it lives apart from dgt_protocol.h.

#include <cstdint>

namespace arbiter::dgt::clock {

// Frame delimiters of a clock command sent through the board.
inline constexpr uint8_t kStartMessage = 0x03;
inline constexpr uint8_t kEndMessage = 0x00;

// Clock command ids (byte 4 of the frame); an ACK names the command in ack1.
enum ClockCommand : uint8_t {
    kDisplay = 0x01,    // DGT XL 7-segment display
    kIcons = 0x02,      // clock icons (not used by arbiter)
    kEnd = 0x03,        // back to the time display
    kButtons = 0x08,    // read buttons
    kVersion = 0x09,    // clock version: ack2 >> 4 major, ack2 & 0x0f minor
    kSetAndRun = 0x0a,  // set times and run / pause
    kBeep = 0x0b,       // beep n x 64 ms
    kAsciiText = 0x0c,  // DGT 3000 text, 8 characters
};

// ack0 values.
inline constexpr uint8_t kAckOk = 0x10;
inline constexpr uint8_t kAckError = 0x40;
// ack1 with bit 7 set: the clock spoke unprompted rather than answering a command.
inline constexpr uint8_t kAckUnprompted = 0x80;
inline constexpr uint8_t kAckButton = 0x88;  // a button was pressed; ack3 says which

// ack3 of a button ACK.
enum ButtonCode : uint8_t {
    kButtonBack = 0x31,
    kButtonPlus = 0x32,
    kButtonRun = 0x33,
    kButtonMinus = 0x34,
    kButtonOk = 0x35,
};

// A clock version whose major number is at least this is a DGT 3000 (the XL is 1.x).
inline constexpr int kDgt3000Major = 2;

// The low nibble of b3 or b6 that marks a BWTIME message as an ACK.
inline constexpr uint8_t kAckMarker = 0x0a;

// Bits of the hours byte of one side (b3 right, b6 left).
inline constexpr uint8_t kHoursMask = 0x0f;
inline constexpr uint8_t kFlagFallen = 0x10;
inline constexpr uint8_t kTimePerMove = 0x20;
inline constexpr uint8_t kFlagShown = 0x40;

// Bits of the status byte (b9).
inline constexpr uint8_t kStatusRunning = 0x01;
inline constexpr uint8_t kStatusRightLeverHigh = 0x02;
inline constexpr uint8_t kStatusBatteryLow = 0x04;
inline constexpr uint8_t kStatusRightToMove = 0x08;
inline constexpr uint8_t kStatusLeftToMove = 0x10;
inline constexpr uint8_t kStatusNoClock = 0x20;

// Flags of the set-and-run command.
inline constexpr uint8_t kRunLeft = 0x01;
inline constexpr uint8_t kRunRight = 0x02;
inline constexpr uint8_t kPause = 0x04;
inline constexpr uint8_t kToggleOnLever = 0x08;

// Beep byte of the XL display command.
inline constexpr uint8_t kXlBeep = 0x03;
inline constexpr uint8_t kXlNoBeep = 0x01;
// Beep byte of the DGT 3000 text command: 0 silent, up to 15 longer.
inline constexpr uint8_t kMaxTextBeep = 15;

}  // namespace arbiter::dgt::clock
