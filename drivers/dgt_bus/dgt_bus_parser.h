#pragma once

// Turns the bytes on a DGT bus into replies, one byte at a time, in one fixed
// buffer. Like the single-board parser (drivers/dgt/dgt_parser.h) it starts a
// reply at each byte with bit 7 set and skips, with one warning per incident,
// whatever cannot be part of one; in addition every reply carries a checksum,
// and a reply whose checksum is wrong is reported as corrupted (with the
// address it claims, so that the host can ask that board again) and dropped.

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "drivers/dgt_bus/dgt_bus_messages.h"
#include "drivers/dgt_bus/dgt_bus_protocol.h"

namespace arbiter::dgt_bus {

class DgtBusParser {
  public:
    class Sink {
      public:
        virtual ~Sink() = default;
        virtual void reply(const BusReply& reply) = 0;
        // A whole reply arrived with a wrong checksum: `address` and `id` as
        // it claims, which may be wrong too. A warning comes with it.
        virtual void corrupted(int /*address*/, uint8_t /*id*/) {}
        // Bytes were skipped; one call per incident, text ready for the log.
        virtual void warning(const std::string& what) = 0;
    };

    void feed(uint8_t byte, Sink& sink);
    void feed(std::span<const uint8_t> bytes, Sink& sink);
    // Forgets any partial reply without a warning (for a reopened port).
    void reset();
    bool idle() const { return state_ == State::Idle; }

  private:
    enum class State { Idle, Skipping, LengthHigh, LengthLow, Body };

    void start(uint8_t id, Sink& sink);
    void checkLength(Sink& sink);
    void finish(Sink& sink);
    void decode(uint8_t id, int address, std::span<const uint8_t> data, Sink& sink);
    void skip(const std::string& what, Sink& sink);

    State state_ = State::Idle;
    std::array<uint8_t, kMaxReplyLength> buffer_{};
    int filled_ = 0;
    int length_ = 0;
};

// A short name for a reply id ("board dump"), or nullptr when unknown.
const char* replyName(uint8_t id);

}  // namespace arbiter::dgt_bus
