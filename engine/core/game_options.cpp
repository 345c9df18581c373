#include "engine/core/game_options.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <tuple>

namespace arbiter {

std::string OptionSpec::allowed() const {
    if (word) return "one word (letters, digits, - and ,)";
    if (choices.empty()) return std::to_string(min) + ".." + std::to_string(max);
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    return list;
}

std::string OptionSpec::check(const std::string& value) const {
    if (word) {
        bool oneWord = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == ',';
        });
        if (oneWord) return {};
    } else if (choices.empty()) {
        // Written as numbers are: "05" (or a thousand zeros before a 5) is refused
        // as everywhere else a number is read.
        const size_t digits = value.rfind('-', 0) == 0 ? 1 : 0;
        const bool leadingZero = value.size() > digits + 1 && value[digits] == '0';
        int n = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (!leadingZero && ec == std::errc() && end == value.data() + value.size() && n >= min &&
            n <= max)
            return {};
    } else {
        for (const auto& c : choices) {
            if (c == value) return {};
        }
    }
    return "option " + name + " takes " + allowed() + ", not \"" + value + "\"";
}

const OptionSpec* GameInfo::option(const std::string& optionName) const {
    for (const auto& o : options) {
        if (o.name == optionName) return &o;
    }
    return nullptr;
}

const StandInSpec* GameInfo::standIn(const std::string& piece) const {
    for (const auto& s : standIns) {
        if (s.piece == piece) return &s;
    }
    return nullptr;
}

std::optional<GameOptions> GameOptions::resolved(const GameInfo& info, std::string& error) const {
    GameOptions r = *this;
    if (r.players == 0) r.players = info.defaultPlayers;
    if (r.players < info.minPlayers || r.players > info.maxPlayers) {
        const std::string range =
            !info.playersText.empty() ? info.playersText
            : info.minPlayers == info.maxPlayers
                ? std::to_string(info.minPlayers)
                : std::to_string(info.minPlayers) + " to " + std::to_string(info.maxPlayers);
        error = info.name + " is for " + range + " players, not " + std::to_string(r.players);
        return std::nullopt;
    }
    if (info.surfaceFor) {
        auto surface = info.surfaceFor(r.players);
        if (!surface) {
            error = info.name + " is for " + info.playersText + " players, not " +
                    std::to_string(r.players);
            return std::nullopt;
        }
        if ((r.files != 0 || r.ranks != 0) && std::pair(r.files, r.ranks) != *surface) {
            error = info.name + " for " + std::to_string(r.players) + " players is played on " +
                    std::to_string(surface->first) + "x" + std::to_string(surface->second) +
                    " cells only, not " + std::to_string(r.files) + "x" + std::to_string(r.ranks);
            return std::nullopt;
        }
        r.files = surface->first;
        r.ranks = surface->second;
    }
    if (r.files == 0 && r.ranks == 0 && info.defaultSurfaceFor) {
        if (auto surface = info.defaultSurfaceFor(r.players)) std::tie(r.files, r.ranks) = *surface;
    }
    if (r.files == 0 && r.ranks == 0) {
        r.files = info.defaultFiles;
        r.ranks = info.defaultRanks;
    }
    if (r.files < info.minFiles || r.files > info.maxFiles || r.ranks < info.minRanks ||
        r.ranks > info.maxRanks) {
        error = info.maxFiles == 0 ? info.name + " is played without boards: it takes no size"
                : info.sizeFixed()
                    ? info.name + " is played on " + std::to_string(info.minFiles) + "x" +
                          std::to_string(info.minRanks) + " cells only"
                    : info.name + " takes " + std::to_string(info.minFiles) + ".." +
                          std::to_string(info.maxFiles) + " files and " +
                          std::to_string(info.minRanks) + ".." + std::to_string(info.maxRanks) +
                          " ranks, not " + std::to_string(r.files) + "x" + std::to_string(r.ranks);
        return std::nullopt;
    }
    for (const auto& [name, value] : r.values) {
        const OptionSpec* spec = info.option(name);
        if (!spec) {
            std::string known;
            for (const auto& o : info.options) known += (known.empty() ? "" : ", ") + o.name;
            error = info.name + " has no option \"" + name + "\"" +
                    (known.empty() ? " (it takes none)" : "; its options: " + known);
            return std::nullopt;
        }
        if (std::string why = spec->check(value); !why.empty()) {
            error = why;
            return std::nullopt;
        }
    }
    for (const auto& o : info.options) r.values.emplace(o.name, o.defaultValue);
    for (const auto& [piece, set] : r.standIns) {
        const StandInSpec* spec = info.standIn(piece);
        if (!spec) {
            std::string known;
            for (const auto& s : info.standIns) known += (known.empty() ? "" : ", ") + s.piece;
            error = info.name + " has no piece \"" + piece + "\" to stand in for" +
                    (known.empty() ? " (its pieces are chess pieces)" : "; its pieces: " + known);
            return std::nullopt;
        }
        if (!set.also.empty() && !spec->alternatives) {
            error = "the stand-in for " + piece + " is one set piece in " + info.name + ", not \"" +
                    set.words() + "\"";
            return std::nullopt;
        }
    }
    for (const auto& s : info.standIns) r.standIns.emplace(s.piece, s.standIn);
    return r;
}

const std::string& GameOptions::value(const std::string& name) const {
    auto it = values.find(name);
    assert(it != values.end() && "options are resolved before they are read");
    return it->second;
}

int GameOptions::number(const std::string& name) const {
    int n = 0;
    const std::string& v = value(name);
    std::from_chars(v.data(), v.data() + v.size(), n);
    return n;
}

SetPiece GameOptions::standIn(const std::string& piece) const {
    return standInOf(piece).look;
}

const StandIn& GameOptions::standInOf(const std::string& piece) const {
    auto it = standIns.find(piece);
    assert(it != standIns.end() && "options are resolved before they are read");
    return it->second;
}

namespace {

constexpr std::pair<const char*, Figure> kFigureWords[] = {
    {"pawn", Figure::Pawn}, {"knight", Figure::Knight}, {"bishop", Figure::Bishop},
    {"rook", Figure::Rook}, {"queen", Figure::Queen},   {"king", Figure::King}};

std::string trimmed(const std::string& text) {
    size_t first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

}  // namespace

bool StandIn::shows(Figure f) const {
    return look.figure == f || std::find(also.begin(), also.end(), f) != also.end();
}

std::string StandIn::words() const {
    std::string text = arbiter::words(look);
    for (Figure f : also) {
        for (const auto& [word, figure] : kFigureWords) {
            if (figure == f) text += std::string(" or ") + word;
        }
    }
    return text;
}

std::optional<StandIn> parseStandIn(const std::string& text) {
    // The parts are separated by commas or by " or ".
    std::vector<std::string> parts;
    std::string rest = text;
    for (;;) {
        size_t comma = rest.find(','), orWord = rest.find(" or ");
        size_t cut = std::min(comma, orWord);
        parts.push_back(trimmed(rest.substr(0, cut)));
        if (cut == std::string::npos) break;
        rest = rest.substr(cut + (cut == comma ? 1 : 4));
    }
    auto first = parseSetPiece(parts.front());
    if (!first) return std::nullopt;
    StandIn standIn(*first);
    for (size_t i = 1; i < parts.size(); ++i) {
        std::optional<Figure> figure;
        if (auto set = parseSetPiece(parts[i])) figure = set->figure;
        for (const auto& [word, f] : kFigureWords) {
            if (parts[i] == word) figure = f;
        }
        if (!figure || standIn.shows(*figure)) return std::nullopt;
        standIn.also.push_back(*figure);
    }
    return standIn;
}

std::optional<SetPiece> parseSetPiece(const std::string& text) {
    if (text.size() == 1) return fromLetter(text[0]);
    auto space = text.find(' ');
    if (space == std::string::npos) return std::nullopt;
    std::string colour = text.substr(0, space), figure = text.substr(space + 1);
    SetPiece p{};
    if (colour == "white")
        p.colour = SetColour::White;
    else if (colour == "black")
        p.colour = SetColour::Black;
    else
        return std::nullopt;
    for (const auto& [word, f] : kFigureWords) {
        if (figure == word) {
            p.figure = f;
            return p;
        }
    }
    return std::nullopt;
}

}  // namespace arbiter
