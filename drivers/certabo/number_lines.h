#pragma once

// The line framing Certabo and Tabutronic Sentio boards share: each reading is
// a text line that starts with ':' and ends with CR LF, of decimal numbers
// 0..255 separated by spaces (320 from a Certabo, 8 from a Sentio). This turns
// the byte stream into such lines, one byte at a time, in one fixed buffer. The
// stream may hold anything (a board talking before we listened, a cable pulled
// mid-line, noise): whatever is not part of a well-formed line is skipped up to
// the next ':' and reported once per incident.

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace arbiter::certabo {

// The most numbers a line may hold: a Certabo reading.
inline constexpr int kMaxNumbers = 320;

class NumberLineParser {
  public:
    // What the parser found. Called from within feed().
    class Sink {
      public:
        virtual ~Sink() = default;
        // One whole line: at least one number, each 0..255.
        virtual void line(std::span<const uint8_t> numbers) = 0;
        // Bytes were skipped; one call per incident, text ready for the log.
        virtual void warning(const std::string& what) = 0;
    };

    void feed(uint8_t byte, Sink& sink);
    void feed(std::span<const uint8_t> bytes, Sink& sink);
    // Forgets any partial line without a warning (for a reopened device).
    void reset();

  private:
    enum class State {
        Idle,      // between lines
        Skipping,  // inside an incident: dropping bytes until the next ':'
        Line,      // after ':', collecting numbers
    };

    void inLine(uint8_t byte, Sink& sink);
    void endNumber();
    void finishLine(Sink& sink);
    void skip(const std::string& what, Sink& sink);

    State state_ = State::Idle;
    std::array<uint8_t, kMaxNumbers> numbers_{};
    int count_ = 0;   // whole numbers in numbers_
    int digits_ = 0;  // digits of the number being read
    int value_ = 0;   // its value so far
};

}  // namespace arbiter::certabo
