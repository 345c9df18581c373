// libFuzzer target for arbiter-vboard's console language: any line is a
// command, an error or nothing, never a crash; every command holds squares,
// pieces and times in range, and written back as a console line it reads as
// the same command.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "firmware-bridge/vboard/board_notation.h"
#include "firmware-bridge/vboard/console_command.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using arbiter::fuzzing::fuzzCheck;
using namespace arbiter::vboard;

std::string square(int s) {
    fuzzCheck(s >= 0 && s < arbiter::dgt::kSquares, "a command's squares are on the board");
    return squareName(s);
}

std::string piece(uint8_t code) {
    const char letter = letterOf(code);
    fuzzCheck(std::string_view("PNBRQKpnbrqk").find(letter) != std::string_view::npos,
              "a command's pieces are chess pieces");
    return std::string(1, letter);
}

std::string clockTime(uint32_t ms) {
    fuzzCheck(ms <= VirtualClock::kMaxMs && ms % 1000 == 0, "a clock is set to whole seconds");
    const uint32_t s = ms / 1000;
    std::string minutes = std::to_string(s / 60 % 60);
    std::string seconds = std::to_string(s % 60);
    return std::to_string(s / 3600) + ":" + (minutes.size() < 2 ? "0" : "") + minutes + ":" +
           (seconds.size() < 2 ? "0" : "") + seconds;
}

// The board part of a FEN, from the board's own a8 corner.
std::string fenBoard(const arbiter::firmware::SquareCodes& position) {
    std::string fen;
    for (int rank = 0; rank < 8; ++rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const uint8_t code = position[static_cast<size_t>(rank * 8 + file)];
            if (code == arbiter::dgt::kEmpty) {
                ++empty;
                continue;
            }
            if (empty > 0) fen += std::to_string(empty);
            empty = 0;
            fen += piece(code);
        }
        if (empty > 0) fen += std::to_string(empty);
        if (rank < 7) fen += '/';
    }
    return fen;
}

std::string buttonName(uint8_t code) {
    for (const char* name : {"back", "plus", "run", "minus", "ok"}) {
        auto parsed = parseConsoleLine(std::string("button ") + name);
        if (std::get<command::Button>(*parsed.command).code == code) return name;
    }
    fuzzCheck(false, "a button is one of the DGT 3000's");
    return {};
}

// The command as a console line says it.
std::string lineOf(const ConsoleCommand& c) {
    return std::visit(
        [](const auto& k) -> std::string {
            using K = std::decay_t<decltype(k)>;
            using namespace command;
            if constexpr (std::is_same_v<K, Lift>) return "lift " + square(k.square);
            if constexpr (std::is_same_v<K, Place>)
                return "place " + square(k.square) + (k.piece ? " " + piece(*k.piece) : "");
            if constexpr (std::is_same_v<K, Move>) return square(k.from) + "-" + square(k.to);
            if constexpr (std::is_same_v<K, Slide>)
                return "slide " + square(k.from) + " " + square(k.to);
            if constexpr (std::is_same_v<K, Put>)
                return "put " + square(k.square) + " " + piece(k.piece);
            if constexpr (std::is_same_v<K, Remove>) return "remove " + square(k.square);
            if constexpr (std::is_same_v<K, Clear>) return "clear";
            if constexpr (std::is_same_v<K, Setup>) return "setup " + fenBoard(k.position);
            if constexpr (std::is_same_v<K, Wait>) {
                fuzzCheck(k.milliseconds <= kMaxWaitMilliseconds, "a wait is at most an hour");
                return "wait " + std::to_string(k.milliseconds);
            }
            if constexpr (std::is_same_v<K, Show>) return "show";
            if constexpr (std::is_same_v<K, ShowHand>) return "hand";
            if constexpr (std::is_same_v<K, Unplug>) return "unplug";
            if constexpr (std::is_same_v<K, Plug>) return "plug";
            if constexpr (std::is_same_v<K, Quit>) return "quit";
            if constexpr (std::is_same_v<K, Help>) return "help";
            if constexpr (std::is_same_v<K, Lever>) {
                if (!k.side) return "lever";
                return k.side == VirtualClock::Side::Left ? "lever left" : "lever right";
            }
            if constexpr (std::is_same_v<K, Button>) return "button " + buttonName(k.code);
            if constexpr (std::is_same_v<K, ClockSet>)
                return "clock set " + clockTime(k.leftMs) + " " + clockTime(k.rightMs);
            if constexpr (std::is_same_v<K, ClockShow>) return "clock";
            if constexpr (std::is_same_v<K, Replay>) return "replay " + k.path;
        },
        c);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    const ParsedLine parsed = parseConsoleLine(line);
    fuzzCheck(!(parsed.command && parsed.isError()), "a line is a command or an error, not both");
    if (parsed.isError()) {
        fuzzCheck(parsed.error.find('\n') == std::string::npos, "an error is one line");
    }
    if (auto ms = parseClockTime(line)) clockTime(*ms);
    if (!parsed.command) return 0;

    const std::string written = lineOf(*parsed.command);
    const ParsedLine again = parseConsoleLine(written);
    fuzzCheck(again.command.has_value(), "a command written back reads again");
    fuzzCheck(lineOf(*again.command) == written, "a command written back reads as itself");
    return 0;
}
