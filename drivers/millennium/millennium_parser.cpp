#include "drivers/millennium/millennium_parser.h"

#include <algorithm>

#include <fmt/format.h>

namespace arbiter::millennium {

namespace {

// "'s' (status)", for the log.
std::string describe(char letter) {
    switch (letter) {
        case kVersionReply:
            return "'v' (version)";
        case kStatusReply:
            return "'s' (status)";
        case kLedsReply:
            return "'l' (LEDs set)";
        case kLedsOffReply:
            return "'x' (LEDs off)";
        case kEepromWritten:
            return "'w' (EEPROM written)";
        case kEepromReadReply:
            return "'r' (EEPROM read)";
        default:
            return fmt::format("{:#04x}", static_cast<unsigned>(letter));
    }
}

// A character as the log shows it: printable ones quoted, others in hex.
std::string shown(char c) {
    const auto code = static_cast<unsigned>(static_cast<unsigned char>(c));
    if (code >= 0x20 && code < 0x7f) return fmt::format("'{}' ({:#04x})", c, code);
    return fmt::format("{:#04x}", code);
}

// Whether `c` may stand at `position` (0 = the letter) of an answer of
// `length` characters starting with `letter`.
bool fits(char letter, int position, int length, char c) {
    if (position >= length - kCheckLength) return hexValue(c) >= 0;
    if (letter == kStatusReply) return isSquareCharacter(c);
    return hexValue(c) >= 0;  // v, w, r: hex fields
}

int hexByte(const char* digits) {
    return hexValue(digits[0]) * 16 + hexValue(digits[1]);
}

}  // namespace

void MillenniumParser::reset() {
    filled_ = 0;
    length_ = 0;
    inIncident_ = false;
}

void MillenniumParser::feed(std::span<const uint8_t> bytes, Sink& sink) {
    for (uint8_t byte : bytes) feed(byte, sink);
}

void MillenniumParser::feed(uint8_t byte, Sink& sink) {
    const char c = characterOf(byte);
    if (!take(c, sink)) readAgain(c, sink);
}

void MillenniumParser::readAgain(char breaking, Sink& sink) {
    // The characters still to read: those of the broken answer after its
    // letter, and `breaking` unless it became part of the answer; then those
    // of any answer that breaks while they are read. A broken answer's
    // characters were all read from here or were already in buffer_, so this
    // never holds more than an answer and one.
    std::array<char, 2 * kLongestReply + 2> queue;
    size_t head = 0;
    size_t tail = 0;
    char c = breaking;
    for (;;) {
        std::array<char, 2 * kLongestReply + 2> again;
        size_t n = 0;
        for (int i = 1; i < filled_; ++i) again[n++] = buffer_[static_cast<size_t>(i)];
        if (filled_ < length_) again[n++] = c;  // `c` did not become part of it
        while (head < tail && n < again.size()) again[n++] = queue[head++];
        filled_ = 0;
        length_ = 0;
        std::copy_n(again.begin(), n, queue.begin());
        head = 0;
        tail = n;
        bool broke = false;
        while (head < tail && !broke) {
            c = queue[head++];
            broke = !take(c, sink);
        }
        if (!broke) return;
    }
}

bool MillenniumParser::take(char c, Sink& sink) {
    if (filled_ == 0) {
        const std::optional<int> length = replyLength(c);
        if (!length) {
            if (!inIncident_)
                incident("skipped bytes outside any answer, starting with " + shown(c), sink);
            return true;
        }
        buffer_[0] = c;
        filled_ = 1;
        length_ = *length;
        return true;
    }
    const char letter = buffer_[0];
    if (!fits(letter, filled_, length_, c)) {
        if (!inIncident_)
            incident(fmt::format("answer {} broken after {} of {} characters by {}; skipped",
                                 describe(letter), filled_, length_, shown(c)),
                     sink);
        return false;
    }
    buffer_[static_cast<size_t>(filled_++)] = c;
    if (filled_ < length_) return true;
    return finish(sink);
}

bool MillenniumParser::finish(Sink& sink) {
    const int body = length_ - kCheckLength;
    int check = 0;
    for (int i = 0; i < body; ++i) check ^= buffer_[static_cast<size_t>(i)];
    const int sent = hexByte(buffer_.data() + body);
    const char letter = buffer_[0];
    if (sent != check) {
        if (!inIncident_)
            incident(fmt::format("answer {} has block check {:02X}, expected {:02X}; skipped",
                                 describe(letter), sent, check),
                     sink);
        return false;
    }
    const char* fields = buffer_.data() + 1;
    MillenniumMessage message;
    switch (letter) {
        case kVersionReply:
            message = VersionReply{hexByte(fields), hexByte(fields + 2)};
            break;
        case kStatusReply: {
            StatusReply status;
            for (int i = 0; i < kSquares; ++i)
                status.characters[static_cast<size_t>(i)] = fields[i];
            message = status;
            break;
        }
        case kLedsReply:
        case kLedsOffReply:
            message = LedsDone{letter == kLedsOffReply};
            break;
        default:  // w, r: replyLength() admits no other letter
            message = EepromReply{letter == kEepromWritten, static_cast<uint8_t>(hexByte(fields)),
                                  static_cast<uint8_t>(hexByte(fields + 2))};
            break;
    }
    filled_ = 0;
    length_ = 0;
    inIncident_ = false;
    sink.message(message);
    return true;
}

void MillenniumParser::incident(const std::string& what, Sink& sink) {
    if (inIncident_) return;
    inIncident_ = true;
    sink.warning(what);
}

}  // namespace arbiter::millennium
