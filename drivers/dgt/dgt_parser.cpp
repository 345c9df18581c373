#include "drivers/dgt/dgt_parser.h"

#include <fmt/format.h>

namespace arbiter::dgt {

namespace {

// The lengths each message id may announce (header included).
struct LengthRule {
    int min;
    int max;
};

std::optional<LengthRule> lengthRule(uint8_t header) {
    switch (header) {
        case kBoardDump:
            return LengthRule{kBoardDumpLength, kBoardDumpLength};
        case kBwTime:
            return LengthRule{kBwTimeLength, kBwTimeLength};
        case kFieldUpdate:
            return LengthRule{kFieldUpdateLength, kFieldUpdateLength};
        case kBusAddress:
            return LengthRule{kBusAddressLength, kBusAddressLength};
        case kSerialNr:
            return LengthRule{kSerialNrLength, kSerialNrLength};
        case kVersion:
            return LengthRule{kVersionLength, kVersionLength};
        case kLongSerialNr:
            return LengthRule{kLongSerialNrLength, kLongSerialNrLength};
        case kTrademark:
        case kEeMoves:
        case kBatteryStatus:
            return LengthRule{kHeaderLength, kMaxMessageLength};
        default:
            return std::nullopt;
    }
}

std::string hex(uint8_t byte) {
    return fmt::format("{:#04x}", byte);
}

std::string describe(uint8_t header) {
    const char* name = messageName(header);
    return hex(header) + (name ? std::string(" (") + name + ")" : std::string());
}

// Two BCD digits 0..59 (minutes, seconds), or -1.
int bcd(uint8_t byte) {
    int tens = byte >> 4;
    int units = byte & 0x0f;
    if (tens > 5 || units > 9) return -1;
    return tens * 10 + units;
}

ClockSide clockSide(uint8_t hours, uint8_t minutes, uint8_t seconds, bool& valid) {
    ClockSide side;
    side.hours = hours & clock::kHoursMask;
    side.minutes = bcd(minutes);
    side.seconds = bcd(seconds);
    side.flagFallen = (hours & clock::kFlagFallen) != 0;
    side.timePerMove = (hours & clock::kTimePerMove) != 0;
    side.flagShown = (hours & clock::kFlagShown) != 0;
    if (side.hours > 9 || side.minutes < 0 || side.seconds < 0) valid = false;
    return side;
}

}  // namespace

const char* messageName(uint8_t header) {
    switch (header) {
        case kBoardDump:
            return "board dump";
        case kBwTime:
            return "clock";
        case kFieldUpdate:
            return "field update";
        case kEeMoves:
            return "EEPROM moves";
        case kBusAddress:
            return "bus address";
        case kSerialNr:
            return "serial number";
        case kTrademark:
            return "trademark";
        case kVersion:
            return "version";
        case kBatteryStatus:
            return "battery status";
        case kLongSerialNr:
            return "long serial number";
        default:
            return nullptr;
    }
}

void DgtParser::reset() {
    state_ = State::Idle;
    filled_ = 0;
    length_ = 0;
}

void DgtParser::feed(std::span<const uint8_t> bytes, Sink& sink) {
    for (uint8_t byte : bytes) feed(byte, sink);
}

void DgtParser::feed(uint8_t byte, Sink& sink) {
    if (byte & 0x80) {
        startMessage(byte, sink);
        return;
    }
    switch (state_) {
        case State::Idle:
            skip("skipped bytes outside any message, starting with " + hex(byte), sink);
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
        case State::Payload:
            buffer_[static_cast<size_t>(filled_++)] = byte;
            if (filled_ == length_) finishMessage(sink);
            return;
    }
}

void DgtParser::startMessage(uint8_t header, Sink& sink) {
    // A header ends whatever came before it. An open incident simply closes; a
    // partial message is one incident, and an unknown id right after it belongs
    // to the same incident, so the log gets one line for both.
    bool warned = false;
    if (state_ == State::LengthHigh || state_ == State::LengthLow || state_ == State::Payload) {
        std::string what = "message " + describe(buffer_[0]) + " cut short after " +
                           std::to_string(filled_) + " bytes";
        if (state_ == State::Payload) what += " of " + std::to_string(length_);
        what += " by a new header " + hex(header);
        skip(what, sink);
        warned = true;
    }
    bool wasSkipping = state_ == State::Skipping;
    if (!lengthRule(header)) {
        if (!warned && !wasSkipping) {
            skip("unknown message id " + hex(header) + "; skipped up to the next message", sink);
        }
        state_ = State::Skipping;
        return;
    }
    buffer_[0] = header;
    filled_ = 1;
    length_ = 0;
    state_ = State::LengthHigh;
}

void DgtParser::checkLength(Sink& sink) {
    uint8_t header = buffer_[0];
    length_ = (buffer_[1] << 7) | buffer_[2];
    LengthRule rule = *lengthRule(header);
    if (length_ > kMaxMessageLength) {
        skip("message " + describe(header) + " announced length " + std::to_string(length_) +
                 ", above the limit of " + std::to_string(kMaxMessageLength) + "; skipped",
             sink);
        return;
    }
    if (length_ < rule.min || length_ > rule.max) {
        std::string expected = rule.min == rule.max ? std::to_string(rule.min)
                                                    : "at least " + std::to_string(rule.min);
        skip("message " + describe(header) + " announced length " + std::to_string(length_) +
                 ", expected " + expected + "; skipped",
             sink);
        return;
    }
    state_ = State::Payload;
    if (filled_ == length_) finishMessage(sink);
}

void DgtParser::skip(const std::string& what, Sink& sink) {
    state_ = State::Skipping;
    filled_ = 0;
    length_ = 0;
    sink.warning(what);
}

void DgtParser::finishMessage(Sink& sink) {
    const uint8_t* payload = buffer_.data() + kHeaderLength;
    const int size = length_ - kHeaderLength;
    const uint8_t header = buffer_[0];
    // The message is complete whatever its content: the next byte starts afresh.
    state_ = State::Idle;
    filled_ = 0;
    length_ = 0;

    auto text = [&] { return std::string(payload, payload + size); };
    auto bytes = [&] { return std::vector<uint8_t>(payload, payload + size); };

    switch (header) {
        case kBoardDump: {
            BoardDump dump;
            for (int square = 0; square < kSquares; ++square) {
                uint8_t code = payload[square];
                if (code > kLastPieceCode) {
                    sink.warning("board dump: invalid piece code " + hex(code) + " on square " +
                                 std::to_string(square) + "; message ignored");
                    return;
                }
                dump.codes[static_cast<size_t>(square)] = code;
            }
            sink.message(dump);
            return;
        }
        case kFieldUpdate: {
            int square = payload[0];
            uint8_t code = payload[1];
            if (square >= kSquares) {
                sink.warning("field update: square " + std::to_string(square) +
                             " out of range; message ignored");
                return;
            }
            if (code > kLastPieceCode) {
                sink.warning("field update: invalid piece code " + hex(code) + " on square " +
                             std::to_string(square) + "; message ignored");
                return;
            }
            sink.message(FieldUpdate{square, code});
            return;
        }
        case kBwTime: {
            const uint8_t* b = buffer_.data();  // b[3]..b[9] as the fact sheet counts them
            if ((b[3] & 0x0f) == clock::kAckMarker || (b[6] & 0x0f) == clock::kAckMarker) {
                ClockAck ack;
                ack.ack[0] = uint8_t((b[4] & 0x7f) | ((b[6] << 3) & 0x80));
                ack.ack[1] = uint8_t((b[5] & 0x7f) | ((b[6] << 2) & 0x80));
                ack.ack[2] = uint8_t((b[7] & 0x7f) | ((b[3] << 3) & 0x80));
                ack.ack[3] = uint8_t((b[8] & 0x7f) | ((b[3] << 2) & 0x80));
                sink.message(ack);
                return;
            }
            bool blank = true;
            for (int i = 0; i < size; ++i) blank = blank && payload[i] == 0;
            bool valid = true;
            ClockTimes times;
            times.right = clockSide(b[3], b[4], b[5], valid);
            times.left = clockSide(b[6], b[7], b[8], valid);
            times.running = (b[9] & clock::kStatusRunning) != 0;
            times.rightLeverHigh = (b[9] & clock::kStatusRightLeverHigh) != 0;
            times.batteryLow = (b[9] & clock::kStatusBatteryLow) != 0;
            times.rightToMove = (b[9] & clock::kStatusRightToMove) != 0;
            times.leftToMove = (b[9] & clock::kStatusLeftToMove) != 0;
            times.noClock = (b[9] & clock::kStatusNoClock) != 0;
            times.blank = blank;
            if (!valid && !times.noClock) {
                sink.warning(fmt::format(
                    "clock: times are not valid BCD ({:02x} {:02x} {:02x} {:02x} {:02x} {:02x}); "
                    "message ignored",
                    b[3], b[4], b[5], b[6], b[7], b[8]));
                return;
            }
            if (!valid) times.left = times.right = ClockSide{};
            sink.message(times);
            return;
        }
        case kSerialNr:
            sink.message(SerialNumber{text()});
            return;
        case kLongSerialNr:
            sink.message(LongSerialNumber{text()});
            return;
        case kTrademark:
            sink.message(Trademark{text()});
            return;
        case kVersion:
            sink.message(Version{payload[0], payload[1]});
            return;
        case kBusAddress:
            sink.message(BusAddress{(payload[0] << 7) | payload[1]});
            return;
        case kEeMoves:
            sink.message(EeMoves{bytes()});
            return;
        case kBatteryStatus:
            sink.message(BatteryStatus{bytes()});
            return;
        default:
            return;  // unreachable: unknown ids never get this far
    }
}

}  // namespace arbiter::dgt
