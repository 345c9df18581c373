#include "firmware-bridge/vboard/console_command.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

#include "drivers/dgt/dgt_clock_protocol.h"

#include "firmware-bridge/vboard/board_notation.h"

namespace arbiter::vboard {

namespace {

std::vector<std::string_view> splitWords(std::string_view line) {
    std::vector<std::string_view> words;
    size_t position = 0;
    while (position < line.size()) {
        while (position < line.size() && std::isspace(static_cast<unsigned char>(line[position]))) {
            ++position;
        }
        const size_t start = position;
        while (position < line.size() &&
               !std::isspace(static_cast<unsigned char>(line[position]))) {
            ++position;
        }
        if (position > start) words.push_back(line.substr(start, position - start));
    }
    return words;
}

std::string lowerCase(std::string_view word) {
    std::string lowered(word);
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lowered;
}

ParsedLine failure(std::string message) {
    return ParsedLine{std::nullopt, std::move(message)};
}
ParsedLine success(ConsoleCommand command) {
    return ParsedLine{std::move(command), {}};
}

// Reads the arguments of one command; the first problem found is kept.
class Arguments {
  public:
    Arguments(std::string_view verb, std::vector<std::string_view> words)
        : verb_(verb), words_(std::move(words)) {}

    bool hasCount(size_t minimum, size_t maximum, std::string_view usage) {
        const size_t count = words_.size() - 1;
        if (count < minimum || count > maximum) {
            fail(std::string(verb_) + ": usage: " + std::string(usage));
            return false;
        }
        return true;
    }

    std::optional<int> square(size_t index) {
        const auto parsed = parseSquare(words_[index]);
        if (!parsed) fail("bad square '" + std::string(words_[index]) + "' (use a1..h8)");
        return parsed;
    }

    std::optional<uint8_t> piece(size_t index) {
        const std::string_view word = words_[index];
        const auto parsed = word.size() == 1 ? pieceFromLetter(word[0]) : std::nullopt;
        if (!parsed) fail("bad piece '" + std::string(word) + "' (use PNBRQK or pnbrqk)");
        return parsed;
    }

    std::optional<uint32_t> milliseconds(size_t index) {
        const std::string_view word = words_[index];
        uint32_t value = 0;
        const auto [end, status] = std::from_chars(word.data(), word.data() + word.size(), value);
        if (status != std::errc{} || end != word.data() + word.size() ||
            value > kMaxWaitMilliseconds) {
            fail("bad number '" + std::string(word) + "' (milliseconds, 0.." +
                 std::to_string(kMaxWaitMilliseconds) + ")");
            return std::nullopt;
        }
        return value;
    }

    std::string_view word(size_t index) const { return words_[index]; }
    size_t count() const { return words_.size() - 1; }
    const std::string& error() const { return error_; }

  private:
    void fail(std::string message) {
        if (error_.empty()) error_ = std::move(message);
    }

    std::string_view verb_;
    std::vector<std::string_view> words_;
    std::string error_;
};

// "e2-e4" or "e4xd5" as one word.
std::optional<ParsedLine> parseMoveWord(std::string_view word) {
    if (word.size() != 5) return std::nullopt;
    const char separator = static_cast<char>(std::tolower(static_cast<unsigned char>(word[2])));
    if (separator != '-' && separator != 'x') return std::nullopt;
    const auto from = parseSquare(word.substr(0, 2));
    const auto to = parseSquare(word.substr(3, 2));
    if (!from || !to) {
        return failure("bad move '" + std::string(word) + "' (use e2-e4 or e4xd5)");
    }
    if (*from == *to) return failure("bad move '" + std::string(word) + "': same square twice");
    return success(command::Move{*from, *to});
}

ParsedLine parseSetup(Arguments& arguments) {
    // A whole FEN may be pasted: the fields after the board part are ignored.
    if (arguments.count() < 1 || arguments.count() > 6) {
        return failure("setup: usage: setup start | setup rotated | setup FEN");
    }
    const std::string what = lowerCase(arguments.word(1));
    if (what == "start" && arguments.count() == 1) return success(command::Setup{startPosition()});
    if (what == "rotated" && arguments.count() == 1) {
        return success(command::Setup{rotatedStartPosition()});
    }
    const FenBoard fen = parseFenBoard(arguments.word(1));
    if (!fen.position) return failure("setup: " + fen.error);
    return success(command::Setup{*fen.position});
}

}  // namespace

ParsedLine parseConsoleLine(std::string_view line) {
    if (const size_t comment = line.find('#'); comment != std::string_view::npos) {
        line = line.substr(0, comment);
    }
    std::vector<std::string_view> words = splitWords(line);
    if (words.empty()) return ParsedLine{};

    if (words.size() == 1) {
        if (auto move = parseMoveWord(words[0])) return *move;
    }

    const std::string verb = lowerCase(words[0]);
    Arguments arguments(verb, std::move(words));
    auto finish = [&](auto command) {
        return arguments.error().empty() ? success(command) : failure(arguments.error());
    };

    if (verb == "lift") {
        if (!arguments.hasCount(1, 1, "lift SQUARE")) return failure(arguments.error());
        const auto square = arguments.square(1);
        return finish(command::Lift{square.value_or(0)});
    }
    if (verb == "place") {
        if (!arguments.hasCount(1, 2, "place SQUARE [PIECE]")) return failure(arguments.error());
        const auto square = arguments.square(1);
        std::optional<uint8_t> piece;
        if (arguments.count() == 2) piece = arguments.piece(2);
        return finish(command::Place{square.value_or(0), piece});
    }
    if (verb == "slide") {
        if (!arguments.hasCount(2, 2, "slide FROM TO")) return failure(arguments.error());
        const auto from = arguments.square(1);
        const auto to = arguments.square(2);
        if (arguments.error().empty() && *from == *to) {
            return failure("slide: from and to are the same square");
        }
        return finish(command::Slide{from.value_or(0), to.value_or(0)});
    }
    if (verb == "put") {
        if (!arguments.hasCount(2, 2, "put SQUARE PIECE")) return failure(arguments.error());
        const auto square = arguments.square(1);
        const auto piece = arguments.piece(2);
        return finish(command::Put{square.value_or(0), piece.value_or(dgt::kEmpty)});
    }
    if (verb == "remove") {
        if (!arguments.hasCount(1, 1, "remove SQUARE")) return failure(arguments.error());
        const auto square = arguments.square(1);
        return finish(command::Remove{square.value_or(0)});
    }
    if (verb == "setup") return parseSetup(arguments);
    if (verb == "wait") {
        if (!arguments.hasCount(1, 1, "wait MILLISECONDS")) return failure(arguments.error());
        const auto milliseconds = arguments.milliseconds(1);
        return finish(command::Wait{milliseconds.value_or(0)});
    }
    if (verb == "replay") {
        if (!arguments.hasCount(1, 1, "replay FILE")) return failure(arguments.error());
        return success(command::Replay{std::string(arguments.word(1))});
    }

    if (verb == "lever") {
        if (!arguments.hasCount(0, 1, "lever [left|right]")) return failure(arguments.error());
        if (arguments.count() == 0) return success(command::Lever{});
        const std::string side = lowerCase(arguments.word(1));
        if (side == "left") return success(command::Lever{VirtualClock::Side::Left});
        if (side == "right") return success(command::Lever{VirtualClock::Side::Right});
        return failure("lever: bad side '" + std::string(arguments.word(1)) +
                       "' (use left or right)");
    }
    if (verb == "button") {
        constexpr std::string_view kUsage = "button back|plus|run|minus|ok";
        if (!arguments.hasCount(1, 1, kUsage)) return failure(arguments.error());
        const std::string name = lowerCase(arguments.word(1));
        const std::pair<std::string_view, uint8_t> buttons[] = {
            {"back", dgt::clock::kButtonBack}, {"plus", dgt::clock::kButtonPlus},
            {"run", dgt::clock::kButtonRun},   {"minus", dgt::clock::kButtonMinus},
            {"ok", dgt::clock::kButtonOk},
        };
        for (const auto& [word, code] : buttons) {
            if (name == word) return success(command::Button{code});
        }
        return failure("button: bad button '" + std::string(arguments.word(1)) + "' (use " +
                       std::string(kUsage.substr(7)) + ")");
    }
    if (verb == "clock") {
        if (arguments.count() == 0) return success(command::ClockShow{});
        if (lowerCase(arguments.word(1)) != "set" || arguments.count() != 3) {
            return failure("clock: usage: clock | clock set LEFT RIGHT (times like 5:00)");
        }
        const auto left = parseClockTime(arguments.word(2));
        const auto right = parseClockTime(arguments.word(3));
        if (!left || !right) {
            return failure("clock set: bad time '" + std::string(arguments.word(left ? 3 : 2)) +
                           "' (M, M:SS or H:MM:SS, at most 9:59:59)");
        }
        return success(command::ClockSet{*left, *right});
    }

    struct Bare {
        std::string_view word;
        ConsoleCommand command;
    };
    const Bare bareCommands[] = {
        {"clear", command::Clear{}},   {"show", command::Show{}}, {"hand", command::ShowHand{}},
        {"unplug", command::Unplug{}}, {"plug", command::Plug{}}, {"quit", command::Quit{}},
        {"help", command::Help{}},
    };
    for (const auto& bare : bareCommands) {
        if (verb != bare.word) continue;
        if (!arguments.hasCount(0, 0, bare.word)) return failure(arguments.error());
        return success(bare.command);
    }
    return failure("unknown command '" + std::string(arguments.word(0)) + "' (try help)");
}

std::optional<uint32_t> parseClockTime(std::string_view text) {
    std::vector<uint32_t> fields;
    size_t start = 0;
    for (;;) {
        const size_t colon = text.find(':', start);
        const std::string_view field = text.substr(start, colon - start);
        uint32_t value = 0;
        const auto [end, status] =
            std::from_chars(field.data(), field.data() + field.size(), value);
        if (field.empty() || field.size() > 4 || status != std::errc{} ||
            end != field.data() + field.size()) {
            return std::nullopt;
        }
        fields.push_back(value);
        if (colon == std::string_view::npos) break;
        start = colon + 1;
    }
    uint32_t seconds = 0;
    if (fields.size() == 1) {
        seconds = fields[0] * 60;  // minutes alone, at most 599: the clock's limit decides
        if (fields[0] > 600) return std::nullopt;
    } else if (fields.size() == 2) {
        if (fields[1] > 59 || fields[0] > 600) return std::nullopt;
        seconds = fields[0] * 60 + fields[1];
    } else if (fields.size() == 3) {
        if (fields[1] > 59 || fields[2] > 59 || fields[0] > 9) return std::nullopt;
        seconds = fields[0] * 3600 + fields[1] * 60 + fields[2];
    } else {
        return std::nullopt;
    }
    const uint32_t ms = seconds * 1000;
    if (ms > VirtualClock::kMaxMs) return std::nullopt;
    return ms;
}

std::string consoleHelpText() {
    return "lift SQ            take the piece on SQ into the hand\n"
           "place SQ [PIECE]   put the last lifted (or the named) piece on SQ\n"
           "SQ-SQ, SQxSQ       one move, capturing what stands on the target\n"
           "slide SQ SQ        move along a line, square by square\n"
           "put SQ PIECE       set a piece on SQ (no hand)\n"
           "remove SQ          take the piece off SQ (no hand)\n"
           "clear              empty board and hand\n"
           "setup start|rotated|FEN\n"
           "wait MS            pause the commands, the board keeps running\n"
           "replay FILE        play a capture of field updates back in its own time\n"
           "show, hand         print the board and hand, or the hand\n"
           "unplug, plug       cut or restore the line to the host\n"
           "lever [left|right] press the clock's lever (alone: the half that is up)\n"
           "button NAME        a DGT 3000 button: back, plus, run, minus, ok\n"
           "clock [set L R]    show the clock, or set its times by hand (5:00 5:00)\n"
           "quit\n";
}

}  // namespace arbiter::vboard
