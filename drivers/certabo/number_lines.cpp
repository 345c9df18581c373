#include "drivers/certabo/number_lines.h"

#include <fmt/format.h>

namespace arbiter::certabo {

namespace {

constexpr uint8_t kStart = ':';
constexpr uint8_t kCarriageReturn = '\r';
constexpr uint8_t kLineFeed = '\n';

bool isDigit(uint8_t byte) {
    return byte >= '0' && byte <= '9';
}

std::string hex(uint8_t byte) {
    return fmt::format("{:#04x}", byte);
}

}  // namespace

void NumberLineParser::reset() {
    state_ = State::Idle;
    count_ = digits_ = value_ = 0;
}

void NumberLineParser::feed(std::span<const uint8_t> bytes, Sink& sink) {
    for (uint8_t byte : bytes) feed(byte, sink);
}

void NumberLineParser::feed(uint8_t byte, Sink& sink) {
    if (byte == kStart) {
        // A ':' always starts a line: one that was open is cut short.
        if (state_ == State::Line)
            sink.warning(fmt::format("a line cut short after {} numbers by a new ':'", count_));
        state_ = State::Line;
        count_ = digits_ = value_ = 0;
        return;
    }
    switch (state_) {
        case State::Idle:
            // Line ends (the LF after a CR) between lines are no incident.
            if (byte == kCarriageReturn || byte == kLineFeed) return;
            skip("skipped bytes outside any line, starting with " + hex(byte), sink);
            return;
        case State::Skipping:
            return;
        case State::Line:
            inLine(byte, sink);
            return;
    }
}

void NumberLineParser::inLine(uint8_t byte, Sink& sink) {
    if (isDigit(byte)) {
        if (digits_ == 0 && count_ == kMaxNumbers) {
            skip(fmt::format("a line of more than {} numbers; skipped", kMaxNumbers), sink);
            return;
        }
        value_ = value_ * 10 + (byte - '0');
        ++digits_;
        if (value_ > 255 || digits_ > 3) {
            skip(fmt::format("number {} of a line is not 0 to 255; line skipped", count_ + 1),
                 sink);
        }
        return;
    }
    if (byte == ' ') {
        endNumber();
        return;
    }
    if (byte == kCarriageReturn || byte == kLineFeed) {
        endNumber();
        finishLine(sink);
        return;
    }
    skip(fmt::format("a line broken by byte {} after {} numbers; skipped up to the next ':'",
                     hex(byte), count_),
         sink);
}

void NumberLineParser::endNumber() {
    if (digits_ == 0) return;
    numbers_[static_cast<size_t>(count_++)] = static_cast<uint8_t>(value_);
    digits_ = value_ = 0;
}

void NumberLineParser::finishLine(Sink& sink) {
    const int count = count_;
    state_ = State::Idle;
    count_ = 0;
    if (count == 0) {
        sink.warning("an empty line skipped");
        return;
    }
    sink.line(std::span<const uint8_t>(numbers_.data(), static_cast<size_t>(count)));
}

void NumberLineParser::skip(const std::string& what, Sink& sink) {
    state_ = State::Skipping;
    count_ = digits_ = value_ = 0;
    sink.warning(what);
}

}  // namespace arbiter::certabo
