#include "drivers/dgt_bus/dgt_bus_parser.h"

#include <optional>

#include <fmt/format.h>

#include "drivers/dgt_bus/dgt_bus_commands.h"

namespace arbiter::dgt_bus {

namespace {

struct LengthRule {
    int min;
    int max;
};

std::optional<LengthRule> lengthRule(uint8_t id) {
    switch (id) {
        case kBoardDump:
            return LengthRule{kBoardDumpLength, kBoardDumpLength};
        case kClock:
            return LengthRule{kClockLength, kClockLength};
        case kChanges:
        case kFromStart:
            return LengthRule{kReplyOverhead, kMaxReplyLength};
        case kPingReply:
            return LengthRule{kPingLength, kPingLength};
        case kStartGameWritten:
            return LengthRule{kStartGameWrittenLength, kStartGameWrittenLength};
        case kVersion:
            return LengthRule{kOldVersionLength, kVersionLength};
        default:
            return std::nullopt;
    }
}

std::string hex(uint8_t byte) {
    return fmt::format("{:#04x}", byte);
}

std::string describe(uint8_t id) {
    const char* name = replyName(id);
    return hex(id) + (name ? std::string(" (") + name + ")" : std::string());
}

}  // namespace

const char* replyName(uint8_t id) {
    switch (id) {
        case kBoardDump:
            return "board dump";
        case kClock:
            return "clock";
        case kChanges:
            return "changes";
        case kFromStart:
            return "changes from start";
        case kPingReply:
            return "ping";
        case kStartGameWritten:
            return "start game written";
        case kVersion:
            return "version";
        default:
            return nullptr;
    }
}

void DgtBusParser::reset() {
    state_ = State::Idle;
    filled_ = 0;
    length_ = 0;
}

void DgtBusParser::feed(std::span<const uint8_t> bytes, Sink& sink) {
    for (uint8_t byte : bytes) feed(byte, sink);
}

void DgtBusParser::feed(uint8_t byte, Sink& sink) {
    if (byte & 0x80) {
        start(byte, sink);
        return;
    }
    switch (state_) {
        case State::Idle:
            skip("skipped bytes outside any reply, starting with " + hex(byte), sink);
            return;
        case State::Skipping:
            return;
        case State::LengthHigh:
            buffer_[static_cast<size_t>(filled_++)] = byte;
            state_ = State::LengthLow;
            return;
        case State::LengthLow:
            buffer_[static_cast<size_t>(filled_++)] = byte;
            checkLength(sink);
            return;
        case State::Body:
            buffer_[static_cast<size_t>(filled_++)] = byte;
            if (filled_ == length_) finish(sink);
            return;
    }
}

void DgtBusParser::start(uint8_t id, Sink& sink) {
    // As in the single-board parser: a partial reply and an unknown id right
    // after it are one incident, and an open incident simply closes.
    bool warned = false;
    if (state_ == State::LengthHigh || state_ == State::LengthLow || state_ == State::Body) {
        std::string what = "reply " + describe(buffer_[0]) + " cut short after " +
                           std::to_string(filled_) + " bytes";
        if (state_ == State::Body) what += " of " + std::to_string(length_);
        skip(what + " by a new header " + hex(id), sink);
        warned = true;
    }
    const bool wasSkipping = state_ == State::Skipping;
    if (!lengthRule(id)) {
        if (!warned && !wasSkipping)
            skip("unknown reply id " + hex(id) + "; skipped up to the next reply", sink);
        state_ = State::Skipping;
        return;
    }
    buffer_[0] = id;
    filled_ = 1;
    length_ = 0;
    state_ = State::LengthHigh;
}

void DgtBusParser::checkLength(Sink& sink) {
    const uint8_t id = buffer_[0];
    length_ = (buffer_[1] << 7) | buffer_[2];
    const LengthRule rule = *lengthRule(id);
    if (length_ < rule.min || length_ > rule.max) {
        std::string expected = rule.min == rule.max
                                   ? std::to_string(rule.min)
                                   : std::to_string(rule.min) + " to " + std::to_string(rule.max);
        skip("reply " + describe(id) + " announced length " + std::to_string(length_) +
                 ", expected " + expected + "; skipped",
             sink);
        return;
    }
    state_ = State::Body;
}

void DgtBusParser::skip(const std::string& what, Sink& sink) {
    state_ = State::Skipping;
    filled_ = 0;
    length_ = 0;
    sink.warning(what);
}

void DgtBusParser::finish(Sink& sink) {
    const int length = length_;
    const uint8_t id = buffer_[0];
    // Complete whatever its content: the next byte starts afresh.
    state_ = State::Idle;
    filled_ = 0;
    length_ = 0;
    const int address = (buffer_[3] << 7) | buffer_[4];
    const auto body = std::span<const uint8_t>(buffer_.data(), static_cast<size_t>(length - 1));
    const uint8_t expected = checksum(body);
    const uint8_t got = buffer_[static_cast<size_t>(length - 1)];
    if (got != expected) {
        sink.warning(
            fmt::format("reply {} from board {}: checksum {:#04x}, expected {:#04x}; "
                        "reply dropped",
                        describe(id), address, got, expected));
        sink.corrupted(address, id);
        return;
    }
    decode(id, address, body.subspan(kReplyHeaderLength), sink);
}

void DgtBusParser::decode(uint8_t id, int address, std::span<const uint8_t> data, Sink& sink) {
    switch (id) {
        case kBoardDump: {
            BusBoardDump dump{address, {}};
            for (size_t square = 0; square < data.size(); ++square) {
                if (data[square] > dgt::kLastPieceCode) {
                    sink.warning(
                        fmt::format("board dump from board {}: invalid piece code {} on square {}; "
                                    "reply ignored",
                                    address, hex(data[square]), square));
                    return;
                }
                dump.codes[square] = data[square];
            }
            sink.reply(dump);
            return;
        }
        case kChanges:
        case kFromStart:
            sink.reply(BusChanges{address, {data.begin(), data.end()}, id == kFromStart});
            return;
        case kPingReply:
            sink.reply(BusPing{address});
            return;
        case kStartGameWritten:
            sink.reply(BusStartGameWritten{address});
            return;
        case kVersion:
            if (data.empty()) {
                sink.reply(BusVersion{address, 0, 0});
            } else {
                sink.reply(BusVersion{address, data[0], data[1]});
            }
            return;
        case kClock: {
            BusClock clock{address, {}};
            for (size_t i = 0; i < clock.bytes.size(); ++i) clock.bytes[i] = data[i];
            sink.reply(clock);
            return;
        }
        default:
            return;  // unreachable: unknown ids never get this far
    }
}

}  // namespace arbiter::dgt_bus
