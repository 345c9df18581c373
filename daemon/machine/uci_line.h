#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// A UCI engine is a program from outside: what it prints is checked like any
// other input before the daemon acts on it. Each line of its output is read
// into one UciLine, of the few kinds a client needs (the UCI protocol text,
// "Description of the universal chess interface (UCI)", Rudolf Huber and
// Stefan Meyer-Kahlen, April 2006; docs/machine.md): the end of the
// handshake, readiness, its name, its options, its move. A line is refused,
// with the reason, when it is too long, not UTF-8, holds control characters,
// or is one of those kinds but malformed (a bestmove that is no UCI move); a
// line of any other kind is `other`, which a client ignores, as the protocol asks.

// No line a sound engine prints comes near this (stockfish's longest, an info
// line with a principal variation of a hundred moves, is about 700 bytes).
inline constexpr size_t kMostUciLineBytes = 8192;

enum class UciLineKind { uciOk, readyOk, idName, option, bestMove, info, other };

enum class UciOptionType { check, spin, combo, button, string };

// One `option name N type T [default D] [min A] [max B] [var V]...` line.
struct UciOption {
    std::string name;  // may hold spaces ("Skill Level")
    UciOptionType type = UciOptionType::button;
    std::optional<std::string> defaultValue;  // may be empty ("type string default ")
    std::optional<int64_t> min, max;          // a spin's bounds, min <= max
    std::vector<std::string> vars;            // a combo's values
};

struct UciLine {
    UciLineKind kind = UciLineKind::other;
    // Not empty: the line is refused for this reason, and `kind` is what it
    // claimed to be (bestMove for a malformed bestmove, else other).
    std::string refusal;
    std::string name;    // idName: the engine's name
    UciOption option;    // option
    std::string move;    // bestMove: the move, empty for "(none)" or "0000"
    std::string ponder;  // bestMove: the move it would ponder on, if it said one
    // info: the score it gives, when the line holds one (for the log only).
    std::optional<int64_t> scoreCentipawns, scoreMateIn;

    bool refused() const { return !refusal.empty(); }
};

// `text` is one line without its end ("\n", "\r\n": the reader takes them off).
UciLine parseUciLine(std::string_view text);

// Whether `text` is a move in UCI's long algebraic form: [a-h][1-8][a-h][1-8][qrbn]?
bool isUciMove(std::string_view text);

// The line as an engine would print it, for a line that is not refused: read
// again, it is the same line (uciOk, readyOk, idName, option, bestMove; info
// keeps only its score; other is "").
std::string uciLineText(const UciLine& line);

const char* uciOptionTypeName(UciOptionType type);

}  // namespace arbiter
