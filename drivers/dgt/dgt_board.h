#pragma once

// The host side of one DGT board: it wakes the board up and asks who it is,
// turns what the board sends into square changes, dumps and clock times for a
// BoardListener, and turns requests for the clock display and the LEDs into
// bytes, but only for hardware that has said it can take them. It knows the DGT
// protocol and nothing about games. It never reads a clock: the caller passes the
// current time (milliseconds on any monotonic clock) where timing matters, so the
// daemon's injectable time source drives it and tests run instantly.
//
// Clock commands go out one at a time: the next waits until the clock has
// acknowledged the previous one or kClockAckTimeoutMs has passed. A newer display
// request replaces one still waiting, so the clock shows the latest text soon.

#include <bitset>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "drivers/board_driver.h"
#include "drivers/board_listener.h"
#include "drivers/dgt/dgt_commands.h"
#include "drivers/dgt/dgt_parser.h"
#include "drivers/transport/transport.h"

namespace arbiter::dgt {

// The rule for LEDs: sending the LED command to a board without LEDs can hang it,
// so a board gets LED commands only when its TRADEMARK text names a model with
// LEDs: "Revelation II" (also written "Revelation 2", "RevII", "Rev II") or
// "Pegasus", or our own firmware-bridge ("arbiter firmware-bridge"), compared
// without regard to case. The version number is not used
// (it does not tell models apart). A configuration may still override this with
// DgtBoard::overrideLedCapability() for a board whose text says nothing useful.
bool trademarkMeansLeds(std::string_view trademark);

// The DGT protocol in the table of drivers (drivers/board_protocols.h).
extern const BoardProtocol kDgtProtocol;

// The USB id DGT boards use, shared with other devices (Microchip's generic
// CDC id): a port with it is a candidate, confirmed only by a DGT answer.
inline constexpr uint16_t kDgtUsbVendor = 0x04d8;
inline constexpr uint16_t kDgtUsbProduct = 0x000a;
bool mayBeDgtBoard(std::optional<uint16_t> vendor, std::optional<uint16_t> product);

class DgtBoard final : public BoardDriver, public ClockPort, private DgtParser::Sink {
  public:
    static constexpr int64_t kClockAckTimeoutMs = 3000;
    static constexpr size_t kMaxQueuedClockCommands = 8;

    // Both must outlive the board. Listener callbacks may call the board's output
    // methods, but must not destroy it.
    DgtBoard(Transport& transport, BoardListener& listener);

    // Resets the board and asks for serial number, long serial number, version,
    // trademark and a full board, then switches to SEND_UPDATE_NICE (field updates,
    // clock times only when they change). False when the device is gone.
    bool start() override;

    // Reads and handles everything the transport has now. False when the device is
    // gone (read error, end of file, hang-up, failed write): drop the board and try
    // again later.
    bool onReadable(int64_t nowMs) override;

    // Asks for a full board dump again. False when the device is gone.
    bool requestBoard() override;

    // Lets a clock command that waited too long for its ACK go, sending the next.
    // Call it around clockDeadline(). False when the device is gone.
    bool tick(int64_t nowMs);
    // When tick() has something to do, if anything.
    std::optional<int64_t> clockDeadline() const;

    // DGT 3000 text (8 characters, see clockText()). False, and nothing sent, when no
    // clock has been seen, the clock is an XL, or the device is gone.
    bool showClockText(const std::string& text, int64_t nowMs, int beep = 0);
    // Back to the clock's own time display. False when no clock has been seen.
    bool showClockTime(int64_t nowMs) override;
    // A short message on whatever clock is plugged in: a DGT 3000 shows `text` as
    // showClockText() does, an XL the first six characters its digits can show
    // (dgt_segments.h), decided when it goes out, once the clock has said which
    // it is. False, and nothing sent, when no clock has been seen.
    bool showClockMessage(const std::string& text, int64_t nowMs, int beep);
    bool showClockMessage(const std::string& text, int64_t nowMs) override {
        return showClockMessage(text, nowMs, 0);
    }
    // Sets both times and which side runs (set-and-run). A setting still waiting
    // to go out is replaced. False, and nothing sent, when no clock has been seen.
    bool setClock(const ClockSetting& setting, int64_t nowMs) override;

    // Switches the LEDs from..to on or off. False, and nothing sent, unless the board
    // has LEDs (see trademarkMeansLeds) and the squares are 0..63.
    bool setLeds(bool on, int fromSquare, int toSquare);
    // Lights exactly `lit`, two squares a command. Marks mostly only grow (a
    // Möbiatus circle becomes a singularity): then only the new ones are sent,
    // else everything goes off first. Nothing is sent when `lit` is already shown.
    bool showLeds(const std::bitset<64>& lit) override;
    // Declares from configuration whether this board has LEDs, whatever it says.
    void overrideLedCapability(bool hasLeds) { ledOverride_ = hasLeds; }

    bool hasLeds() const override;
    ClockPort* clock() override { return this; }
    bool clockSeen() const { return clockSeen_; }
    // The clock's major version (1 XL, 2 DGT 3000) once it has said.
    std::optional<int> clockVersionMajor() const { return clockMajor_; }
    const BoardIdentity& identity() const { return identity_; }
    bool gone() const { return gone_; }

  private:
    struct ClockCommand {
        Bytes bytes;
        uint8_t id = 0;
        std::string message;  // showClockMessage(): the text, for an XL's digits
    };
    struct InFlight {
        uint8_t id = 0;
        int64_t sentAt = 0;
    };

    // DgtParser::Sink
    void message(const DgtMessage& message) override;
    void warning(const std::string& what) override;

    void handle(const BoardDump& dump);
    void handle(const FieldUpdate& update);
    void handle(const ClockTimes& times);
    void handle(const ClockAck& ack);
    void handle(const SerialNumber& serial);
    void handle(const LongSerialNumber& serial);
    void handle(const Trademark& trademark);
    void handle(const Version& version);
    template <typename Other>
    void handle(const Other&) {}  // not asked for: bus address, EEPROM, battery

    bool send(const Bytes& bytes);
    void identityChanged();
    void reportIdentityOnce();
    void clockPresent();
    void clockLost();
    void queueClockCommand(Bytes bytes, uint8_t id, std::string message = {});
    void sendNextClockCommand();
    void expireClockCommand();

    Transport& transport_;
    BoardListener& listener_;
    DgtParser parser_;
    int64_t now_ = 0;  // the time of the call being handled
    bool gone_ = false;

    BoardIdentity identity_;
    std::string shortSerial_;
    std::string longSerial_;
    bool identityReported_ = false;
    bool trademarkLeds_ = false;
    std::optional<bool> ledOverride_;
    std::optional<std::bitset<64>> ledsShown_;  // what the LEDs were last told, if anything

    bool clockSeen_ = false;
    std::optional<int> clockMajor_;
    std::optional<bool> leverRightHigh_;  // as the last times said, to hear it move
    std::optional<InFlight> inFlight_;
    std::deque<ClockCommand> clockQueue_;
};

}  // namespace arbiter::dgt
