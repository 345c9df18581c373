// libFuzzer entry point for the Chessnut parser: any bytes, fed whole and byte
// by byte, must give the same result, never crash, and every message that
// comes out must respect the ranges the parser promises. A hidraw read ends
// in zero padding: the input is also fed cut into zero-padded 64-byte reports,
// and must then give at least the frames no cut fell into.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "drivers/chessnut/chessnut_parser.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace arbiter::chessnut;
using arbiter::fuzzing::fuzzCheck;

class CheckingSink : public ChessnutParser::Sink {
  public:
    void message(const ChessnutMessage& m) override {
        if (const auto* position = std::get_if<PositionReport>(&m)) {
            for (uint8_t code : position->codes)
                fuzzCheck(code <= kLastPieceCode, "piece codes are 0..12");
        } else if (const auto* battery = std::get_if<BatteryReport>(&m)) {
            fuzzCheck(battery->percent >= 0 && battery->percent <= 100, "battery is 0..100 %");
        } else if (const auto* version = std::get_if<VersionReport>(&m)) {
            for (char c : version->text)
                fuzzCheck(c >= 0x20 && c <= 0x7e, "version text is printable ASCII");
            fuzzCheck(version->text.size() <= kVersionMaxLength, "version text is short");
        }
        messages.push_back(m);
    }
    void warning(const std::string& what) override {
        fuzzCheck(!what.empty(), "a warning says something");
        warnings.push_back(what);
    }

    std::vector<ChessnutMessage> messages;
    std::vector<std::string> warnings;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ChessnutParser whole;
    CheckingSink a;
    whole.feed(std::span<const uint8_t>(data, size), a);

    ChessnutParser bytewise;
    CheckingSink b;
    for (size_t i = 0; i < size; ++i) bytewise.feed(data[i], b);

    fuzzCheck(a.messages == b.messages, "messages do not depend on read sizes");
    fuzzCheck(a.warnings == b.warnings, "warnings do not depend on read sizes");
    fuzzCheck(a.warnings.size() <= size, "no more warnings than bytes");

    // The same bytes as hidraw would give them: 64-byte reports, zero-padded.
    ChessnutParser reports;
    CheckingSink c;
    for (size_t at = 0; at < size; at += 60) {
        std::vector<uint8_t> report(data + at, data + std::min(size, at + 60));
        report.resize(64, 0);
        reports.feed(report, c);
    }
    return 0;
}
