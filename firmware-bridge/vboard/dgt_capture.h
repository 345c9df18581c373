#pragma once

// A recording of what a DGT board sent, to be played back through the vboard.

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace arbiter::vboard {

// One field update of a capture: at `atMs` after the start of the recording,
// `square` (0 = a8 as the board numbers it) came to hold `piece` (a DGT code,
// 0 for empty).
struct CapturedUpdate {
    uint32_t atMs = 0;
    int square = 0;
    uint8_t piece = 0;
};

// A capture file (docs/vboard.md, "Captures") read whole: its field updates in
// time order, or the first problem found, naming the line ("3: ...").
struct ParsedCapture {
    std::vector<CapturedUpdate> updates;
    std::string error;
};

// One message a line: milliseconds since the recording began, then the
// message's bytes in hex, e.g. `150 8e 00 05 34 00`. `#` starts a comment.
// Times never go back. Only field updates (8e 00 05) are read: a recording
// with any other message is refused rather than replayed in part.
ParsedCapture parseDgtCapture(std::istream& text);

}  // namespace arbiter::vboard
