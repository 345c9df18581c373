// libFuzzer entry point for the DGT parser: any bytes, fed in two differently
// chunked passes, must give the same result, never crash, and every message that
// comes out must respect the ranges the parser promises.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "drivers/dgt/dgt_parser.h"

namespace {

using namespace arbiter::dgt;

class CheckingSink : public DgtParser::Sink {
  public:
    void message(const DgtMessage& m) override {
        if (const auto* dump = std::get_if<BoardDump>(&m)) {
            for (uint8_t code : dump->codes) check(code <= kLastPieceCode);
        } else if (const auto* update = std::get_if<FieldUpdate>(&m)) {
            check(update->square >= 0 && update->square < kSquares);
            check(update->code <= kLastPieceCode);
        } else if (const auto* times = std::get_if<ClockTimes>(&m)) {
            for (const ClockSide* side : {&times->left, &times->right}) {
                check(side->hours >= 0 && side->hours <= 9);
                check(side->minutes >= 0 && side->minutes < 60);
                check(side->seconds >= 0 && side->seconds < 60);
            }
        }
        messages.push_back(m);
    }
    void warning(const std::string& what) override {
        check(!what.empty());
        warnings.push_back(what);
    }
    static void check(bool ok) {
        if (!ok) std::abort();
    }

    std::vector<DgtMessage> messages;
    std::vector<std::string> warnings;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    DgtParser whole;
    CheckingSink a;
    whole.feed(std::span<const uint8_t>(data, size), a);

    DgtParser bytewise;
    CheckingSink b;
    for (size_t i = 0; i < size; ++i) bytewise.feed(data[i], b);

    CheckingSink::check(a.messages == b.messages);
    CheckingSink::check(a.warnings == b.warnings);
    return 0;
}
