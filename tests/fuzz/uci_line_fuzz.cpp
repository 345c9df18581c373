// libFuzzer target for the lines a UCI engine prints (daemon/machine/uci_line):
// an input is an engine's output, split into lines as UciEngine reads it. Any
// line is a kind or refused with a reason, never a crash; a bestmove holds
// only UCI moves; a line not refused, written back as an engine would print
// it, reads as itself; and the options it offers set a strength within their
// own bounds, in commands of one line each.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "daemon/machine/uci_line.h"
#include "daemon/machine/uci_strength.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using arbiter::fuzzing::fuzzCheck;
using namespace arbiter;

void checkLine(const UciLine& line) {
    if (line.refused()) {
        fuzzCheck(line.kind == UciLineKind::bestMove || line.kind == UciLineKind::other,
                  "a refused line is a spoilt bestmove or nothing");
        fuzzCheck(line.refusal.find('\n') == std::string::npos, "a refusal is one line");
        return;
    }
    if (line.kind == UciLineKind::bestMove) {
        fuzzCheck(line.move.empty() || isUciMove(line.move), "a bestmove is a UCI move");
        fuzzCheck(line.ponder.empty() || isUciMove(line.ponder), "a ponder move is a UCI move");
    }
    if (line.kind == UciLineKind::option) {
        fuzzCheck(!line.option.name.empty(), "an option has a name");
        fuzzCheck(!line.option.min || !line.option.max || *line.option.min <= *line.option.max,
                  "an option's min is not above its max");
    }
    const std::string written = uciLineText(line);
    const UciLine again = parseUciLine(written);
    fuzzCheck(!again.refused(), "a line written back is not refused");
    fuzzCheck(again.kind == line.kind, "a line written back is of its kind");
    fuzzCheck(uciLineText(again) == written, "a line written back reads as itself");
}

// The value a "setoption name N value V" command sets.
int64_t valueOf(const std::string& command) {
    const size_t at = command.rfind(" value ");
    fuzzCheck(at != std::string::npos, "a setoption command has a value");
    const std::string_view text = std::string_view(command).substr(at + 7);
    int64_t value = 0;
    auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
    fuzzCheck(problem == std::errc() && end == text.data() + text.size(),
              "a spin option is set to a whole number");
    return value;
}

void checkStrength(const UciStrengthOptions& offered) {
    for (int level = kLowestMachineLevel - 1; level <= kHighestMachineLevel + 1; ++level) {
        const UciStrength strength = uciStrength(offered, level);
        fuzzCheck(!strength.description.empty(), "a strength is said in words");
        for (const std::string& command : strength.commands) {
            fuzzCheck(command.starts_with("setoption name "), "a strength is set by setoption");
            fuzzCheck(command.find('\n') == std::string::npos, "a command is one line");
        }
        if (offered.skillLevel) {
            const int64_t skill = valueOf(strength.commands.at(0));
            fuzzCheck(skill >= *offered.skillLevel->min && skill <= *offered.skillLevel->max,
                      "a Skill Level is within the engine's bounds");
        } else if (offered.elo && offered.limitStrength && strength.commands.size() == 2) {
            const int64_t elo = valueOf(strength.commands[1]);
            fuzzCheck(elo >= *offered.elo->min && elo <= *offered.elo->max,
                      "a UCI_Elo is within the engine's bounds");
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view output(reinterpret_cast<const char*>(data), size);
    UciStrengthOptions offered;
    for (size_t from = 0; from <= output.size();) {
        size_t end = output.find('\n', from);
        if (end == std::string_view::npos) end = output.size();
        std::string_view text = output.substr(from, end - from);
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        const UciLine line = parseUciLine(text);
        checkLine(line);
        if (!line.refused() && line.kind == UciLineKind::option) offered.learn(line.option);
        from = end + 1;
    }
    checkStrength(offered);
    return 0;
}
