// libFuzzer target for FEN, chess's position text (engine/fide/fen.h): any
// text is a position or refused with a reason, never a crash, and a position
// read is written as a FEN that reads back as the same FEN.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/fide/fen.h"
#include "tests/fuzz/fuzz_check.h"

using arbiter::fuzzing::fuzzCheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    auto position = arbiter::fide::parseFen(text, error);
    if (!position) {
        fuzzCheck(!error.empty(), "a refused FEN says why");
        return 0;
    }
    const std::string fen = arbiter::fide::toFen(*position);
    auto again = arbiter::fide::parseFen(fen, error);
    fuzzCheck(again.has_value(), "a position's own FEN reads");
    fuzzCheck(arbiter::fide::toFen(*again) == fen, "a position's own FEN reads as itself");
    return 0;
}
