#pragma once

// Turns the bytes from a Chessnut board into messages, one byte at a time,
// with one fixed buffer. The same code reads a hidraw node (one whole report
// per read, zero-padded to the report's size) and a byte stream (the virtual
// board's pseudo-terminal, which may split and join frames anywhere): frames
// are found by their id and length alone, zeros between frames are padding.
//
// Chessnut frames carry no start marker, so a stream that lost its place
// (noise, a cable pulled mid-frame) is found again by trying every byte as a
// frame start: when a frame turns out wrong (a length its id never has, a
// piece code above 12, a battery above 100 %) the bytes after its first one
// are read again. What is dropped is reported once per incident, so the log
// says what was lost without flooding.

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "drivers/chessnut/chessnut_messages.h"
#include "drivers/chessnut/chessnut_protocol.h"

namespace arbiter::chessnut {

class ChessnutParser {
  public:
    class Sink {
      public:
        virtual ~Sink() = default;
        virtual void message(const ChessnutMessage& message) = 0;
        // Bytes were dropped; one call per incident, text ready for the log.
        virtual void warning(const std::string& what) = 0;
    };

    void feed(uint8_t byte, Sink& sink);
    void feed(std::span<const uint8_t> bytes, Sink& sink);

    // Forgets any partial frame and open incident (for a reopened device).
    void reset();
    // True when no frame is partly received.
    bool idle() const { return filled_ == 0; }

  private:
    void start(uint8_t byte, Sink& sink);
    void finish(Sink& sink);
    // The frame in the buffer is wrong: says so (once per incident) and reads
    // again what followed its id byte. `what` makes the text, called only
    // when it is said (noise makes many rejections and few warnings).
    template <typename What>
    void reject(What what, Sink& sink);
    template <typename What>
    void drop(What what, Sink& sink);

    std::array<uint8_t, kMaxFrame> buffer_{};
    size_t filled_ = 0;        // bytes of the current frame, id and length included
    bool inIncident_ = false;  // bytes were dropped since the last good frame
};

// A short name for a report id ("position"), or nullptr for an id boards do
// not send.
const char* reportName(uint8_t id);

}  // namespace arbiter::chessnut
