#include "daemon/machine/uci_line.h"

#include <charconv>

#include <fmt/format.h>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

using Tokens = std::vector<std::string_view>;

// UCI separates its tokens by any run of spaces and tabs.
Tokens tokensOf(std::string_view text) {
    Tokens tokens;
    size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
        size_t end = at;
        while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
        if (end > at) tokens.push_back(text.substr(at, end - at));
        at = end;
    }
    return tokens;
}

// tokens[from, to) with single spaces between: a name or value that holds spaces.
std::string joined(const Tokens& tokens, size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) {
        if (i > from) out += ' ';
        out += tokens[i];
    }
    return out;
}

std::optional<int64_t> wholeNumber(std::string_view text) {
    int64_t value = 0;
    const char* end = text.data() + text.size();
    auto [stop, problem] = std::from_chars(text.data(), end, value);
    if (problem != std::errc() || stop != end) return std::nullopt;
    return value;
}

std::optional<UciOptionType> optionType(std::string_view name) {
    for (UciOptionType t : {UciOptionType::check, UciOptionType::spin, UciOptionType::combo,
                            UciOptionType::button, UciOptionType::string})
        if (name == uciOptionTypeName(t)) return t;
    return std::nullopt;
}

bool isOptionKeyword(std::string_view token) {
    return token == "default" || token == "min" || token == "max" || token == "var";
}

// The tokens from `at` up to the next keyword of an option line.
size_t valueEnd(const Tokens& tokens, size_t at) {
    while (at < tokens.size() && !isOptionKeyword(tokens[at])) ++at;
    return at;
}

// Reads the keywords after `type T` from tokens[at]; a refusal or "".
std::string readOptionValues(const Tokens& tokens, size_t at, UciOption& option) {
    while (at < tokens.size()) {
        const std::string_view keyword = tokens[at];
        const size_t end = valueEnd(tokens, at + 1);
        const std::string value = joined(tokens, at + 1, end);
        if (keyword == "var") {
            if (value.empty()) return "an option's var has no value";
            option.vars.push_back(value);
        } else if (keyword == "default") {
            if (option.defaultValue) return "an option says its default twice";
            option.defaultValue = value;
        } else {
            std::optional<int64_t>& bound = keyword == "min" ? option.min : option.max;
            if (bound) return fmt::format("an option says its {} twice", keyword);
            bound = wholeNumber(value);
            if (!bound) return fmt::format("an option's {} is not a whole number", keyword);
        }
        at = end;
    }
    if (option.min && option.max && *option.min > *option.max)
        return "an option's min is above its max";
    if (option.type == UciOptionType::spin && option.defaultValue &&
        !wholeNumber(*option.defaultValue))
        return "a spin option's default is not a whole number";
    return {};
}

// "option name N type T ..."; the tokens after "option".
std::string readOption(const Tokens& tokens, UciOption& option) {
    if (tokens.size() < 2 || tokens[1] != "name") return "an option line without \"name\"";
    size_t type = 2;
    while (type < tokens.size() && tokens[type] != "type") ++type;
    if (type == 2) return "an option without a name";
    if (type + 1 >= tokens.size()) return "an option without a type";
    option.name = joined(tokens, 2, type);
    const std::optional<UciOptionType> t = optionType(tokens[type + 1]);
    if (!t) return fmt::format("an option of an unknown type \"{}\"", tokens[type + 1]);
    option.type = *t;
    if (type + 2 < tokens.size() && !isOptionKeyword(tokens[type + 2]))
        return fmt::format("an option with \"{}\" after its type", tokens[type + 2]);
    return readOptionValues(tokens, type + 2, option);
}

bool isNoMove(std::string_view token) {
    return token == "(none)" || token == "0000";
}

std::string readBestMove(const Tokens& tokens, UciLine& line) {
    if (tokens.size() < 2) return "a bestmove without a move";
    if (!isNoMove(tokens[1]) && !isUciMove(tokens[1]))
        return fmt::format("\"{}\" is not a UCI move", tokens[1]);
    line.move = isNoMove(tokens[1]) ? "" : std::string(tokens[1]);
    if (tokens.size() == 2) return {};
    if (tokens[2] != "ponder" || tokens.size() != 4)
        return "a bestmove with more than \"ponder MOVE\" after its move";
    if (!isUciMove(tokens[3])) return fmt::format("ponder \"{}\" is not a UCI move", tokens[3]);
    line.ponder = tokens[3];
    return {};
}

// Only the score of an info line is kept; the rest is the engine's business.
void readScore(const Tokens& tokens, UciLine& line) {
    for (size_t i = 1; i + 2 < tokens.size(); ++i) {
        if (tokens[i] != "score") continue;
        const std::optional<int64_t> value = wholeNumber(tokens[i + 2]);
        if (!value) return;
        if (tokens[i + 1] == "cp") line.scoreCentipawns = value;
        if (tokens[i + 1] == "mate") line.scoreMateIn = value;
        return;
    }
}

// The reason a line's bytes are refused whatever it says, or "".
std::string badBytes(std::string_view text) {
    if (text.size() > kMostUciLineBytes)
        return fmt::format("a line longer than {} bytes", kMostUciLineBytes);
    const size_t bad = firstNonUtf8Byte(text);
    if (bad != std::string_view::npos)
        return fmt::format("a line that is not UTF-8 (byte {} of \"{}\")", bad + 1,
                           printable(text.substr(0, 80)));
    for (char character : text) {
        const auto c = static_cast<unsigned char>(character);
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return fmt::format("a line with the control character \\x{:02X}", c);
    }
    return {};
}

}  // namespace

const char* uciOptionTypeName(UciOptionType type) {
    switch (type) {
        case UciOptionType::check:
            return "check";
        case UciOptionType::spin:
            return "spin";
        case UciOptionType::combo:
            return "combo";
        case UciOptionType::button:
            return "button";
        case UciOptionType::string:
            return "string";
    }
    return "?";
}

bool isUciMove(std::string_view text) {
    if (text.size() != 4 && text.size() != 5) return false;
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (!file(text[0]) || !rank(text[1]) || !file(text[2]) || !rank(text[3])) return false;
    return text.size() == 4 || std::string_view("qrbn").find(text[4]) != std::string_view::npos;
}

UciLine parseUciLine(std::string_view text) {
    UciLine line;
    line.refusal = badBytes(text);
    if (line.refused()) {
        // A move the engine spoilt still ends its thinking: a client must not wait on.
        const size_t start = text.find_first_not_of(" \t");
        if (start != std::string_view::npos && text.substr(start).starts_with("bestmove"))
            line.kind = UciLineKind::bestMove;
        return line;
    }
    const Tokens tokens = tokensOf(text);
    if (tokens.empty()) return line;
    const std::string_view first = tokens[0];
    if (first == "uciok" && tokens.size() == 1) {
        line.kind = UciLineKind::uciOk;
    } else if (first == "readyok" && tokens.size() == 1) {
        line.kind = UciLineKind::readyOk;
    } else if (first == "id" && tokens.size() >= 3 && tokens[1] == "name") {
        line.kind = UciLineKind::idName;
        line.name = joined(tokens, 2, tokens.size());
    } else if (first == "option") {
        line.kind = UciLineKind::option;
        line.refusal = readOption(tokens, line.option);
    } else if (first == "bestmove") {
        line.kind = UciLineKind::bestMove;
        line.refusal = readBestMove(tokens, line);
    } else if (first == "info") {
        line.kind = UciLineKind::info;
        readScore(tokens, line);
    }
    if (line.refused() && line.kind != UciLineKind::bestMove) line.kind = UciLineKind::other;
    return line;
}

std::string uciLineText(const UciLine& line) {
    switch (line.kind) {
        case UciLineKind::uciOk:
            return "uciok";
        case UciLineKind::readyOk:
            return "readyok";
        case UciLineKind::idName:
            return "id name " + line.name;
        case UciLineKind::bestMove:
            return "bestmove " + (line.move.empty() ? std::string("(none)") : line.move) +
                   (line.ponder.empty() ? "" : " ponder " + line.ponder);
        case UciLineKind::info:
            if (line.scoreCentipawns) return fmt::format("info score cp {}", *line.scoreCentipawns);
            if (line.scoreMateIn) return fmt::format("info score mate {}", *line.scoreMateIn);
            return "info";
        case UciLineKind::other:
            return "";
        case UciLineKind::option:
            break;
    }
    const UciOption& o = line.option;
    std::string text = fmt::format("option name {} type {}", o.name, uciOptionTypeName(o.type));
    if (o.defaultValue) text += " default " + *o.defaultValue;
    if (o.min) text += fmt::format(" min {}", *o.min);
    if (o.max) text += fmt::format(" max {}", *o.max);
    for (const std::string& v : o.vars) text += " var " + v;
    return text;
}

}  // namespace arbiter
