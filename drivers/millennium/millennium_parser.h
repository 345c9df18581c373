#pragma once

// Turns the bytes from a Millennium ChessLink board into answers, one byte at a
// time, with one fixed buffer. Parity bits are dropped, not checked: the eONE
// does not set them reliably (docs/protocols/millennium.md), and the block
// check at the end of every answer is what tells a sound answer from noise.
//
// An answer starts with its lower-case letter and has one length. Anything
// that cannot be part of one (a byte outside any answer, a character its field
// does not allow, a wrong block check) is one incident, reported once; the
// bytes of a broken answer after its letter are read again, so that an answer
// starting inside it (a board that began talking before we listened, a cable
// pulled mid-answer) is still found.

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "drivers/millennium/millennium_messages.h"
#include "drivers/millennium/millennium_protocol.h"

namespace arbiter::millennium {

class MillenniumParser {
  public:
    // What the parser found in the bytes. Called from within feed().
    class Sink {
      public:
        virtual ~Sink() = default;
        virtual void message(const MillenniumMessage& message) = 0;
        // Bytes were skipped; one call per incident, text ready for the log.
        virtual void warning(const std::string& what) = 0;
    };

    void feed(uint8_t byte, Sink& sink);
    void feed(std::span<const uint8_t> bytes, Sink& sink);

    // Forgets any partial answer and open incident without a warning.
    void reset();
    // True when no answer is partly received.
    bool idle() const { return filled_ == 0; }

  private:
    // Handles one character; false when it broke the answer being collected.
    bool take(char c, Sink& sink);
    // The answer in buffer_ broke at `breaking`: reads its characters after
    // the letter again, and `breaking` too unless it became part of it.
    void readAgain(char breaking, Sink& sink);
    // The answer in buffer_ is complete: checks it and hands it on.
    bool finish(Sink& sink);
    // Opens an incident (if none is open) saying `what`.
    void incident(const std::string& what, Sink& sink);

    std::array<char, kLongestReply> buffer_{};
    int filled_ = 0;  // characters of the answer being collected
    int length_ = 0;  // its length, letter and check included
    bool inIncident_ = false;
};

}  // namespace arbiter::millennium
