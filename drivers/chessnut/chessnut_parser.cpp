#include "drivers/chessnut/chessnut_parser.h"

#include <fmt/format.h>

#include "drivers/chessnut/chessnut_pieces.h"

namespace arbiter::chessnut {

namespace {

struct LengthRule {
    uint8_t min;
    uint8_t max;
};

std::optional<LengthRule> lengthRule(uint8_t id) {
    switch (id) {
        case kPositionReport:
            return LengthRule{kPositionBytes, kPositionMaxLength};
        case kVersionReport:
            return LengthRule{1, kVersionMaxLength};
        case kBatteryReport:
            return LengthRule{1, kShortReportMaxLength};
        case kAcknowledgement:
            return LengthRule{0, kShortReportMaxLength};
        default:
            return std::nullopt;
    }
}

std::string hex(uint8_t byte) {
    return fmt::format("{:#04x}", byte);
}

std::string describe(uint8_t id) {
    const char* name = reportName(id);
    return hex(id) + (name ? std::string(" (") + name + ")" : std::string());
}

}  // namespace

const char* reportName(uint8_t id) {
    switch (id) {
        case kPositionReport:
            return "position";
        case kVersionReport:
            return "version";
        case kBatteryReport:
            return "battery";
        case kAcknowledgement:
            return "acknowledgement";
        default:
            return nullptr;
    }
}

template <typename What>
void ChessnutParser::drop(What what, Sink& sink) {
    if (!inIncident_) sink.warning(what());
    inIncident_ = true;
}

void ChessnutParser::reset() {
    filled_ = 0;
    inIncident_ = false;
}

void ChessnutParser::feed(std::span<const uint8_t> bytes, Sink& sink) {
    for (uint8_t byte : bytes) feed(byte, sink);
}

void ChessnutParser::feed(uint8_t byte, Sink& sink) {
    if (filled_ == 0) {
        start(byte, sink);
        return;
    }
    buffer_[filled_++] = byte;
    const uint8_t id = buffer_[0];
    if (filled_ == kFrameHeader) {
        const LengthRule rule = *lengthRule(id);
        if (byte < rule.min || byte > rule.max) {
            reject(
                [&] {
                    return fmt::format("frame {} announced length {}, expected {}..{}",
                                       describe(id), byte, rule.min, rule.max);
                },
                sink);
            return;
        }
    }
    if (filled_ == kFrameHeader + buffer_[1]) finish(sink);
}

void ChessnutParser::start(uint8_t byte, Sink& sink) {
    // Zeros fill a HID report up to its size: padding, not noise.
    if (byte == 0) return;
    if (!lengthRule(byte)) {
        drop([&] { return "skipped bytes outside any frame, starting with " + hex(byte); }, sink);
        return;
    }
    buffer_[0] = byte;
    filled_ = 1;
}

template <typename What>
void ChessnutParser::reject(What what, Sink& sink) {
    drop(what, sink);
    // The id byte was no frame start after all; any later byte may be one.
    std::array<uint8_t, kMaxFrame> again{};
    const size_t count = filled_ - 1;
    std::copy(buffer_.begin() + 1, buffer_.begin() + static_cast<std::ptrdiff_t>(filled_),
              again.begin());
    filled_ = 0;
    for (size_t i = 0; i < count; ++i) feed(again[i], sink);
}

void ChessnutParser::finish(Sink& sink) {
    const uint8_t id = buffer_[0];
    const uint8_t* payload = buffer_.data() + kFrameHeader;
    const size_t size = buffer_[1];
    switch (id) {
        case kPositionReport: {
            PositionReport report;
            for (int square = 0; square < kSquares; ++square) {
                const NibblePlace place = nibbleOf(square);
                const uint8_t byte = payload[place.byte];
                const uint8_t code = place.high ? uint8_t(byte >> 4) : uint8_t(byte & 0x0f);
                if (!isPieceCode(code)) {
                    reject(
                        [&] {
                            return fmt::format(
                                "position report: invalid piece code {} on square {}", code,
                                square);
                        },
                        sink);
                    return;
                }
                report.codes[size_t(square)] = code;
            }
            filled_ = 0;
            inIncident_ = false;
            sink.message(report);
            return;
        }
        case kBatteryReport: {
            const int percent = payload[0] & 0x7f;
            if (percent > 100) {
                reject([&] { return fmt::format("battery report: level {} above 100 %", percent); },
                       sink);
                return;
            }
            filled_ = 0;
            inIncident_ = false;
            sink.message(BatteryReport{percent, (payload[0] & 0x80) != 0});
            return;
        }
        case kVersionReport: {
            std::string text;
            for (size_t i = 0; i < size; ++i) {
                const uint8_t c = payload[i];
                if (c == 0) continue;  // the text follows a zero byte
                if (c < 0x20 || c > 0x7e) {
                    reject([&] { return "version report: a byte " + hex(c) + " that is no text"; },
                           sink);
                    return;
                }
                text.push_back(char(c));
            }
            filled_ = 0;
            inIncident_ = false;
            sink.message(VersionReport{text});
            return;
        }
        default:  // kAcknowledgement: only ids with a length rule get this far
            filled_ = 0;
            inIncident_ = false;
            sink.message(Acknowledgement{});
            return;
    }
}

}  // namespace arbiter::chessnut
