#pragma once

// The board's end of the DGT single-board protocol.

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "firmware-bridge/attached_clock.h"
#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/board_identity.h"
#include "firmware-bridge/square_codes.h"

namespace arbiter::firmware {

// Whether and how the board reports changes without being asked.
enum class UpdateMode : uint8_t {
    Idle,         // after power-up and SEND_RESET: speaks only when asked
    Update,       // SEND_UPDATE: field updates, and a BWTIME every second
    UpdateBoard,  // SEND_UPDATE_BRD: field updates only
    UpdateNice,   // SEND_UPDATE_NICE: field updates, BWTIME when the time changes
};

// Speaks DGT as a board does, so that any DGT host software can use our board.
// Host bytes go through a 10-byte input buffer, as on a real board in
// single-board mode; processInput() answers every single-board command of the
// protocol at once. It knows the board only through the debounced picture it is
// given and reports changes the firmware hands it. It keeps no heap and needs no
// I/O beyond the hardware interface.
//
// Choices where the protocol leaves room (docs/vboard.md lists them too):
// - Without a clock (the DIY firmware): SEND_CLK gets a BWTIME with all times
//   zero and status bit 5 ("no clock") set. In UPDATE mode the same BWTIME goes
//   out every second; in UPDATE_NICE mode never, as the (absent) time never
//   changes. Clock frames (0x2b, a length byte n, then n bytes) are consumed whole
//   and not answered, as when a board has no clock plugged in; a host waiting for
//   a clock ACK times out.
// - With a clock (AttachedClock, arbiter-vboard --clock): clock frames go to it
//   whole; SEND_CLK gets its times; UPDATE mode sends them every second and
//   UPDATE_NICE whenever they differ from the last sent. Its ACKs go out at the
//   next keepClockInformed() in either update mode and are dropped otherwise, as
//   the protocol promises ACKs only there.
// - SEND_EE_MOVES: the board keeps no game record, so it sends an empty one:
//   8f 00 04 6b (the header and the end mark EE_EOF).
// - SEND_BATTERY_STATUS: a wired board has no battery, so it says "full, running
//   time not applicable, neither charging nor discharging":
//   a0 00 0c 64 7f 7f 00 00 00 00 00 00.
// - TO_BUSMODE is acknowledged by ignoring it: the board stays in single-board
//   mode (it has no bus interface), and bus-mode frames are unknown bytes.
// - LED frame 0x60: a length byte n (4 in the usual 60 04 pattern from to 00),
//   then n bytes. Pattern 0 switches every LED off; pattern 1 switches on the LEDs
//   of from and to (others keep their state); other patterns change nothing.
// - Unknown bytes are ignored. A frame whose length byte is 0, too long for its
//   kind, or which stalls for more than kFrameTimeoutMs is abandoned, and the
//   byte in hand is read as a command, so garbage cannot swallow the next command.
class DgtBoardSide {
  public:
    static constexpr int kInputBufferSize = 10;
    static constexpr uint32_t kClockReportPeriodMs = 1000;
    static constexpr uint32_t kFrameTimeoutMs = 500;
    static constexpr int kMaxClockFrameLength = 16;  // longest known: 12 (DGT 3000 text)
    static constexpr int kMaxLedFrameLength = 8;     // usual: 4

    // board must outlive this object; it is read whenever a dump is asked for.
    // clock, when not null, is the clock plugged into the board; it must outlive
    // this object too.
    DgtBoardSide(BoardHardware& hardware, const SquareCodes& board, const BoardIdentity& identity,
                 AttachedClock* clock = nullptr);

    // Puts one host byte into the input buffer. Returns false, and the byte is
    // lost, when the buffer is full, as on a real board.
    bool receive(uint8_t byte);
    bool inputBufferFull() const { return bufferedCount_ == kInputBufferSize; }

    // Handles every buffered byte, answering commands immediately.
    void processInput(uint32_t nowMs);

    // Reports that a square's accepted content changed: a FIELD_UPDATE when an
    // update mode is on, nothing when idle.
    void reportSquareChange(int square, uint8_t pieceCode);

    // Sends the BWTIMEs the update mode promises and the clock's ACKs; call it often.
    void keepClockInformed(uint32_t nowMs);

    UpdateMode updateMode() const { return updateMode_; }

  private:
    enum class FrameState : uint8_t { Command, ClockLength, ClockBody, LedLength, LedBody };

    void handleByte(uint8_t byte, uint32_t nowMs);
    void handleCommand(uint8_t byte, uint32_t nowMs);
    void applyLedFrame();
    void send(std::span<const uint8_t> message);
    void sendBoardDump();
    void sendNoClockTime();
    void sendClockTime(uint32_t nowMs);
    void sendBwTime(const BwTimePayload& payload);
    void sendSerialNumber();
    void sendLongSerialNumber();
    void sendBusAddress();
    void sendTrademark();
    void sendVersion();
    void sendEmptyGameRecord();
    void sendBatteryStatus();

    BoardHardware& hardware_;
    const SquareCodes& board_;
    BoardIdentity identity_;
    AttachedClock* clock_;
    std::optional<BwTimePayload> lastTimesSent_;  // what UPDATE_NICE compares with

    std::array<uint8_t, kInputBufferSize> buffer_{};
    int bufferedFirst_ = 0;
    int bufferedCount_ = 0;

    UpdateMode updateMode_ = UpdateMode::Idle;
    uint32_t nextClockReportMs_ = 0;

    FrameState frameState_ = FrameState::Command;
    uint32_t lastFrameByteMs_ = 0;
    int frameBytesLeft_ = 0;
    std::array<uint8_t, kMaxClockFrameLength> clockFrame_{};
    int clockFrameLength_ = 0;
    std::array<uint8_t, kMaxLedFrameLength> ledFrame_{};
    int ledFrameLength_ = 0;
};

}  // namespace arbiter::firmware
