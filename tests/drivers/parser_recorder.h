#pragma once

// Collects what a DgtParser reports, so a test can say what it expects to see.

#include <string>
#include <vector>

#include "drivers/dgt/dgt_parser.h"

namespace arbiter::dgt::test {

class ParserRecorder : public DgtParser::Sink {
  public:
    void message(const DgtMessage& m) override { messages.push_back(m); }
    void warning(const std::string& what) override { warnings.push_back(what); }

    std::vector<DgtMessage> messages;
    std::vector<std::string> warnings;
};

// Feeds `bytes` to a fresh parser and returns what it reported.
inline ParserRecorder parse(const std::vector<uint8_t>& bytes) {
    DgtParser parser;
    ParserRecorder recorder;
    parser.feed(bytes, recorder);
    return recorder;
}

// The bytes of a BWTIME ACK carrying ack0..ack3, encoded the way a board does.
inline std::vector<uint8_t> ackBytes(uint8_t ack0, uint8_t ack1, uint8_t ack2, uint8_t ack3) {
    uint8_t b3 = uint8_t(((ack2 & 0x80) >> 3) | ((ack3 & 0x80) >> 2));
    uint8_t b6 = uint8_t(0x0a | ((ack0 & 0x80) >> 3) | ((ack1 & 0x80) >> 2));
    return {0x8d,
            0x00,
            0x0a,
            b3,
            uint8_t(ack0 & 0x7f),
            uint8_t(ack1 & 0x7f),
            b6,
            uint8_t(ack2 & 0x7f),
            uint8_t(ack3 & 0x7f),
            0x00};
}

// The start position as a real board dumps it (from the DGT fact sheet).
inline std::vector<uint8_t> startPositionDump() {
    std::vector<uint8_t> bytes = {0x86, 0x00, 0x43, 0x08, 0x09, 0x0a, 0x0c, 0x0b, 0x0a, 0x09, 0x08};
    bytes.insert(bytes.end(), 8, 0x07);
    bytes.insert(bytes.end(), 32, 0x00);
    bytes.insert(bytes.end(), 8, 0x01);
    bytes.insert(bytes.end(), {0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02});
    return bytes;
}

}  // namespace arbiter::dgt::test
