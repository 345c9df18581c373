#include "firmware-bridge/vboard/dgt_capture.h"

#include <charconv>
#include <sstream>

#include "drivers/dgt/dgt_protocol.h"
#include "firmware-bridge/square_codes.h"

namespace arbiter::vboard {

namespace {

constexpr uint8_t kFieldUpdate = 0x8e;
constexpr uint32_t kMaxMilliseconds = 24u * 3600u * 1000u;  // a day: no real game is longer

bool readNumber(const std::string& word, int base, uint32_t& value) {
    const char* end = word.data() + word.size();
    const auto [stop, problem] = std::from_chars(word.data(), end, value, base);
    return problem == std::errc{} && stop == end;
}

}  // namespace

ParsedCapture parseDgtCapture(std::istream& text) {
    ParsedCapture capture;
    uint32_t last = 0;
    std::string line;
    for (int number = 1; std::getline(text, line); ++number) {
        auto fail = [&](const std::string& why) {
            capture.updates.clear();
            capture.error = std::to_string(number) + ": " + why;
            return capture;
        };
        if (const size_t comment = line.find('#'); comment != std::string::npos) {
            line.erase(comment);
        }
        std::istringstream words(line);
        std::string time;
        if (!(words >> time)) continue;
        uint32_t atMs = 0;
        if (!readNumber(time, 10, atMs) || atMs > kMaxMilliseconds) {
            return fail("bad time '" + time + "' (milliseconds, 0.." +
                        std::to_string(kMaxMilliseconds) + ")");
        }
        if (atMs < last) return fail("time " + time + " goes back (the line before is later)");
        std::vector<uint8_t> bytes;
        for (std::string word; words >> word;) {
            uint32_t byte = 0;
            if (word.size() != 2 || !readNumber(word, 16, byte)) {
                return fail("bad byte '" + word + "' (two hex digits)");
            }
            bytes.push_back(static_cast<uint8_t>(byte));
        }
        if (bytes.empty()) return fail("a time without a message");
        if (bytes.size() != 5 || bytes[0] != kFieldUpdate || bytes[1] != 0 || bytes[2] != 5) {
            return fail(
                "not a field update (8e 00 05 SQUARE PIECE): only field updates are "
                "replayed");
        }
        if (bytes[3] >= dgt::kSquares) return fail("no square " + std::to_string(bytes[3]));
        if (!firmware::isValidPieceCode(bytes[4])) {
            return fail("no piece code " + std::to_string(bytes[4]));
        }
        capture.updates.push_back({atMs, bytes[3], bytes[4]});
        last = atMs;
    }
    return capture;
}

}  // namespace arbiter::vboard
