// libFuzzer entry point for what Certabo and Sentio boards send, and for the
// calibration file: any bytes, fed whole and byte by byte, must give the same
// lines and warnings, never crash, every line must keep the parser's promises,
// and the readings made of them must keep theirs. The same bytes read as a
// calibration file must be refused or read back as written.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/certabo/calibration.h"
#include "drivers/certabo/number_lines.h"
#include "drivers/certabo/readings.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace arbiter;
using namespace arbiter::certabo;
using arbiter::fuzzing::fuzzCheck;

class CheckingSink : public NumberLineParser::Sink {
  public:
    void line(std::span<const uint8_t> numbers) override {
        fuzzCheck(!numbers.empty() && numbers.size() <= static_cast<size_t>(kMaxNumbers),
                  "a line holds 1 to 320 numbers");
        if (auto tags = certaboTags(numbers)) {
            fuzzCheck(numbers.size() == static_cast<size_t>(kCertaboNumbers),
                      "only 320 numbers are a Certabo reading");
            for (PieceTag tag : *tags) fuzzCheck(tag < (PieceTag{1} << 40), "a tag has 40 bits");
        }
        if (sentioOccupancy(numbers))
            fuzzCheck(numbers.size() == static_cast<size_t>(kSentioNumbers),
                      "only 8 numbers are a Sentio reading");
        lines.emplace_back(numbers.begin(), numbers.end());
    }
    void warning(const std::string& what) override {
        fuzzCheck(!what.empty(), "a warning says something");
        warnings.push_back(what);
    }
    std::vector<std::vector<uint8_t>> lines;
    std::vector<std::string> warnings;
};

void checkCalibrationFile(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    auto tags = parseCalibration(text, "fuzz", error);
    if (!tags) {
        fuzzCheck(error.rfind("fuzz:", 0) == 0, "a refusal names the file and line");
        return;
    }
    for (const auto& [tag, piece] : *tags) fuzzCheck(tag != 0, "no tag is an empty square");
    auto again = parseCalibration(calibrationText(*tags), "again", error);
    fuzzCheck(again && *again == *tags, "a calibration reads back as written");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    NumberLineParser whole;
    CheckingSink a;
    whole.feed(std::span<const uint8_t>(data, size), a);

    NumberLineParser bytewise;
    CheckingSink b;
    for (size_t i = 0; i < size; ++i) bytewise.feed(data[i], b);

    fuzzCheck(a.lines == b.lines, "the same lines however the bytes arrive");
    fuzzCheck(a.warnings == b.warnings, "the same warnings however the bytes arrive");
    checkCalibrationFile(data, size);
    return 0;
}
