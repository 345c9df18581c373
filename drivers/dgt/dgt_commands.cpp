#include "drivers/dgt/dgt_commands.h"

#include <algorithm>

namespace arbiter::dgt {

namespace {

// `2b <n> 03 <cmd> <payload> 00`, n counting the bytes after itself.
Bytes clockFrame(uint8_t command, const Bytes& payload = {}) {
    Bytes frame;
    frame.reserve(5 + payload.size());
    frame.push_back(kClockMessage);
    frame.push_back(uint8_t(3 + payload.size()));
    frame.push_back(clock::kStartMessage);
    frame.push_back(command);
    frame.insert(frame.end(), payload.begin(), payload.end());
    frame.push_back(clock::kEndMessage);
    return frame;
}

uint8_t clamp7(int value, int max) {
    return uint8_t(std::clamp(value, 0, max));
}

// Hours, minutes, seconds of a time shown on a clock (at most 9:59:59).
std::array<uint8_t, 3> hms(int seconds) {
    seconds = std::clamp(seconds, 0, 9 * 3600 + 59 * 60 + 59);
    return {uint8_t(seconds / 3600), uint8_t(seconds / 60 % 60), uint8_t(seconds % 60)};
}

}  // namespace

Bytes singleByte(Command command) {
    return Bytes{command};
}

Bytes clockText(std::string_view text, int beep) {
    std::array<uint8_t, 8> chars;
    chars.fill(' ');
    for (size_t i = 0; i < chars.size() && i < text.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        chars[i] = (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    Bytes payload(chars.begin(), chars.end());
    payload.push_back(clamp7(beep, clock::kMaxTextBeep));
    return clockFrame(clock::kAsciiText, payload);
}

Bytes clockXlDisplay(const std::array<uint8_t, 6>& s, uint8_t icons, bool beep) {
    auto seg = [&](int i) { return uint8_t(s[static_cast<size_t>(i)] & 0x7f); };
    return clockFrame(clock::kDisplay,
                      Bytes{seg(2), seg(1), seg(0), seg(5), seg(4), seg(3), uint8_t(icons & 0x3f),
                            beep ? clock::kXlBeep : clock::kXlNoBeep});
}

Bytes clockEndDisplay() {
    return clockFrame(clock::kEnd);
}
Bytes clockReadButtons() {
    return clockFrame(clock::kButtons);
}
Bytes clockVersion() {
    return clockFrame(clock::kVersion);
}
Bytes clockBeep(int units) {
    return clockFrame(clock::kBeep, Bytes{clamp7(units, 0x7f)});
}

Bytes clockSetAndRun(const SetAndRun& setting) {
    auto left = hms(setting.leftSeconds);
    auto right = hms(setting.rightSeconds);
    return clockFrame(clock::kSetAndRun, Bytes{left[0], left[1], left[2], right[0], right[1],
                                               right[2], uint8_t(setting.flags & 0x0f)});
}

Bytes leds(uint8_t pattern, int fromSquare, int toSquare) {
    return Bytes{kSetLeds,
                 0x04,
                 uint8_t(pattern & 0x7f),
                 clamp7(fromSquare, kSquares - 1),
                 clamp7(toSquare, kSquares - 1),
                 0x00};
}

}  // namespace arbiter::dgt
