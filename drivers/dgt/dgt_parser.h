#pragma once

// Turns the byte stream from a DGT board into messages, one byte at a time, with
// one fixed buffer and no allocation per byte (in the manner of gpsd's packet
// sniffer). The stream may contain anything: line noise, a board that was talking
// before we listened, a cable pulled mid-message. Each header byte (>= 0x80)
// starts a new message; whatever cannot be part of a valid message is skipped and
// reported once per incident, so the log says what was lost without flooding.

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "drivers/dgt/dgt_messages.h"
#include "drivers/dgt/dgt_protocol.h"

namespace arbiter::dgt {

class DgtParser {
  public:
    // What the parser found in the bytes. Called from within feed().
    class Sink {
      public:
        virtual ~Sink() = default;
        virtual void message(const DgtMessage& message) = 0;
        // Bytes were skipped; one call per incident, text ready for the log.
        virtual void warning(const std::string& what) = 0;
    };

    void feed(uint8_t byte, Sink& sink);
    void feed(std::span<const uint8_t> bytes, Sink& sink);

    // Forgets any partial message without a warning (for a reopened device).
    void reset();
    // True when no message is partly received and no incident is open.
    bool idle() const { return state_ == State::Idle; }

  private:
    enum class State {
        Idle,        // between messages
        Skipping,    // inside an incident: dropping bytes until the next header
        LengthHigh,  // header seen, waiting for the length's high 7 bits
        LengthLow,   // waiting for the length's low 7 bits
        Payload,     // collecting payload bytes up to the announced length
    };

    void startMessage(uint8_t header, Sink& sink);
    void checkLength(Sink& sink);
    void finishMessage(Sink& sink);
    void skip(const std::string& what, Sink& sink);

    State state_ = State::Idle;
    std::array<uint8_t, kMaxMessageLength> buffer_{};
    int filled_ = 0;  // bytes of the current message in buffer_, header included
    int length_ = 0;  // announced total length of the current message
};

// A short name for a message id ("board dump"), or nullptr when the id is unknown.
const char* messageName(uint8_t header);

}  // namespace arbiter::dgt
