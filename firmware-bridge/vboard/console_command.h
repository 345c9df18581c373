#pragma once

// The vboard console language: one text line -> one typed command.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "firmware-bridge/square_codes.h"
#include "firmware-bridge/vboard/virtual_clock.h"

namespace arbiter::vboard {

// The commands a person or a test script gives the virtual board, one per line
// (docs/vboard.md). Parsing is kept apart from doing, so that every form and
// every mistake can be tested without a board: a line becomes one of these
// values, or an error message, and nothing else. Squares are board square
// numbers (0 = a8 as the board numbers it); pieces are DGT piece codes.
namespace command {
struct Lift {
    int square;
};
struct Place {
    int square;
    std::optional<uint8_t> piece;  // nothing: the most recently lifted piece
};
struct Move {  // "e2-e4", "e4xd5": one physical move, capturing what stands on `to`
    int from;
    int to;
};
struct Slide {
    int from;
    int to;
};
struct Put {
    int square;
    uint8_t piece;
};
struct Remove {
    int square;
};
struct Clear {};
struct Setup {
    firmware::SquareCodes position;
};
struct Wait {
    uint32_t milliseconds;
};
struct Show {};
struct ShowHand {};
struct Unplug {};
struct Plug {};
struct Quit {};
struct Help {};
// The clock's lever: `lever` rocks it (the half that is up is pressed), `lever
// left|right` presses that half.
struct Lever {
    std::optional<VirtualClock::Side> side;
};
struct Button {  // a DGT 3000 button: dgt::clock::ButtonCode
    uint8_t code;
};
struct ClockSet {  // the players set their clock by hand
    uint32_t leftMs;
    uint32_t rightMs;
};
struct ClockShow {};
// Plays a capture file back (dgt_capture.h): each field update at its time
// after the command, as the sensors' change.
struct Replay {
    std::string path;
};
}  // namespace command

using ConsoleCommand =
    std::variant<command::Lift, command::Place, command::Move, command::Slide, command::Put,
                 command::Remove, command::Clear, command::Setup, command::Wait, command::Show,
                 command::ShowHand, command::Unplug, command::Plug, command::Quit, command::Help,
                 command::Lever, command::Button, command::ClockSet, command::ClockShow,
                 command::Replay>;

// The longest pause `wait` accepts: one hour.
inline constexpr uint32_t kMaxWaitMilliseconds = 3'600'000;

// The outcome of reading one line: a command, an error (a one-line message
// without the "vboard: error:" prefix), or neither for a blank or comment line.
struct ParsedLine {
    std::optional<ConsoleCommand> command;
    std::string error;

    bool isError() const { return !error.empty(); }
    bool isNothing() const { return !command && error.empty(); }
};

ParsedLine parseConsoleLine(std::string_view line);

// A time set on a clock: "5:00" (M:SS), "1:30:00" (H:MM:SS) or "15" (minutes),
// at most 9:59:59; nothing for anything else.
std::optional<uint32_t> parseClockTime(std::string_view text);

// One line per command, for `help`.
std::string consoleHelpText();

}  // namespace arbiter::vboard
