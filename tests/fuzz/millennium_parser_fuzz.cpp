// libFuzzer entry point for the Millennium ChessLink parser: any bytes, fed
// whole and byte by byte, must give the same result, never crash, and every
// answer that comes out must hold only what the protocol allows.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "drivers/millennium/millennium_parser.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace arbiter::millennium;
using arbiter::fuzzing::fuzzCheck;

class CheckingSink : public MillenniumParser::Sink {
  public:
    void message(const MillenniumMessage& m) override {
        if (const auto* status = std::get_if<StatusReply>(&m)) {
            for (char c : status->characters)
                fuzzCheck(isSquareCharacter(c), "a status holds only piece characters and '.'");
        } else if (const auto* version = std::get_if<VersionReply>(&m)) {
            fuzzCheck(version->major >= 0 && version->major <= 255 && version->minor >= 0 &&
                          version->minor <= 255,
                      "a version is two bytes");
        }
        messages.push_back(m);
    }
    void warning(const std::string& what) override {
        fuzzCheck(!what.empty(), "a warning says something");
        warnings.push_back(what);
    }

    std::vector<MillenniumMessage> messages;
    std::vector<std::string> warnings;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    MillenniumParser whole;
    CheckingSink a;
    whole.feed(std::span<const uint8_t>(data, size), a);

    MillenniumParser bytewise;
    CheckingSink b;
    for (size_t i = 0; i < size; ++i) bytewise.feed(data[i], b);

    fuzzCheck(a.messages == b.messages, "the same answers whole and byte by byte");
    fuzzCheck(a.warnings == b.warnings, "the same warnings whole and byte by byte");
    fuzzCheck(a.warnings.size() <= size, "at most one warning a byte");
    return 0;
}
