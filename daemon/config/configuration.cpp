#include "daemon/config/configuration.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "daemon/base/utf8.h"
#include "daemon/clock/game_limits.h"
#include "engine/core/game_options.h"
#include "engine/core/geometry.h"

namespace arbiter {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kTopKeys = {"game",       "players",    "size",      "time",
                                           "time-limit", "move-limit", "player",    "journal",
                                           "settle-ms",  "socket",     "log-level", "clock-white",
                                           "position",   "speak",      "secrets"};
constexpr const char* kOptionsSection = "options";
constexpr const char* kStandInsSection = "stand-ins";
const std::vector<std::string> kBoardKeys = {"device", "origin", "rotation", "squares", "sensing"};
constexpr uintmax_t kMaxFileBytes = 1 << 20;

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : ", ") + w;
    return s;
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

bool isLower(char c) {
    return c >= 'a' && c <= 'z';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isNameChar(char c) {
    return isLower(c) || isDigit(c) || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}

// A whole number of at most `digits` digits, or nullopt.
std::optional<long> wholeNumber(const std::string& text, size_t digits) {
    if (text.empty() || text.size() > digits) return std::nullopt;
    long n = 0;
    for (char c : text) {
        if (!isDigit(c)) return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

// "c3" -> (2, 2), on any size: files a..z, aa..zz, ranks 1..999.
std::optional<std::pair<int, int>> parseCellName(const std::string& text) {
    size_t letters = 0;
    while (letters < text.size() && isLower(text[letters])) ++letters;
    if (letters == 0 || letters > 2) return std::nullopt;
    auto rank = wholeNumber(text.substr(letters), 3);
    if (!rank || *rank < 1) return std::nullopt;
    int file = 0;
    for (size_t i = 0; i < letters; ++i) file = file * 26 + (text[i] - 'a' + 1);
    return std::make_pair(file - 1, static_cast<int>(*rank) - 1);
}

// Board squares from "all" or "a1-h4, a5-b6": rectangles in the board's own coordinates.
std::optional<std::bitset<64>> parseSquares(const std::string& text) {
    if (text == "all") return std::bitset<64>().set();
    std::bitset<64> used;
    std::stringstream parts(text);
    std::string part;
    while (std::getline(parts, part, ',')) {
        part = trim(part);
        auto dash = part.find('-');
        auto from = parseCellName(part.substr(0, dash));
        auto to = dash == std::string::npos ? from : parseCellName(part.substr(dash + 1));
        if (!from || !to) return std::nullopt;
        auto [f0, r0] = *from;
        auto [f1, r1] = *to;
        if (std::max({f0, f1, r0, r1}) > 7) return std::nullopt;
        for (int f = std::min(f0, f1); f <= std::max(f0, f1); ++f) {
            for (int r = std::min(r0, r1); r <= std::max(r0, r1); ++r)
                used.set(static_cast<size_t>((7 - r) * 8 + f));
        }
    }
    if (used.none()) return std::nullopt;
    return used;
}

// A board square of an 8x8 board, "a1" to "h8", as its number (0 = a8).
std::optional<int> parseBoardSquare(const std::string& text) {
    auto square = parseCellName(text);
    if (!square || square->first > 7 || square->second > 7) return std::nullopt;
    return (7 - square->second) * 8 + square->first;
}

// `origin`: a cell, where the lower-left corner of the board (as turned) lies,
// or "SQUARE on CELL", which of the board's squares lies on which cell. Sets
// the placement's origin, for the placement's rotation; false with a message.
bool readOrigin(const std::string& text, BoardPlacement& placement, std::string& error) {
    std::vector<std::string> words;
    std::stringstream in(text);
    for (std::string word; in >> word;) words.push_back(word);
    const std::string forms =
        "write the cell under the board's lower-left corner (origin = i1) or which of the "
        "board's squares lies on which cell (origin = d4 on a1)";
    if (words.size() == 1) {
        auto cell = parseCellName(words[0]);
        if (!cell) {
            error = "origin \"" + text + "\" is not a cell name; " + forms;
            return false;
        }
        placement.originFile = cell->first;
        placement.originRank = cell->second;
        return true;
    }
    if (words.size() < 2 || words.size() > 3 || words[1] != "on") {
        error = "origin \"" + text + "\" is neither a cell nor SQUARE on CELL; " + forms;
        return false;
    }
    auto square = parseBoardSquare(words[0]);
    if (!square) {
        error = "origin \"" + text + "\": " + words[0] +
                " is not a square of the board (a1 to h8); " + forms;
        return false;
    }
    auto cell = words.size() == 3 ? parseCellName(words[2]) : std::nullopt;
    if (!cell) {
        error = "origin \"" + text + "\" needs a cell after \"on\" (a1, j10, ...); " + forms;
        return false;
    }
    BoardPlacement atZero = placement;
    atZero.originFile = atZero.originRank = 0;
    auto [file, rank] = atZero.coordinatesOf(*square);
    placement.originFile = cell->first - file;
    placement.originRank = cell->second - rank;
    return true;
}

// Where a key stands in the file.
struct FileLayout {
    std::map<std::string, int> keyLines;  // full key ("time", "board.a.device") -> its first line
    std::vector<std::string> boards;      // "board.NAME", in the order of the file
    std::map<std::string, int> sectionLines;
    std::vector<std::string> optionKeys;   // "options.NAME"
    std::vector<std::string> standInKeys;  // "stand-ins.PIECE"
    std::vector<int> playerLines;          // every `player`, not only the first
};

bool isBoardSection(const std::string& section) {
    return section.rfind("board.", 0) == 0;
}

// The first pass: sections, keys and their lines, so that every message can
// name a line; anything that is no setting is refused here.
bool surveyFile(const std::string& path, const std::string& text, FileLayout& layout,
                std::string& error) {
    std::stringstream lines(text);
    std::string current;
    std::string raw;
    int number = 0;
    auto at = [&](int n) { return path + ":" + std::to_string(n) + ": "; };
    while (std::getline(lines, raw)) {
        ++number;
        std::string line = trim(raw.substr(0, raw.find('#')));
        if (line.empty()) continue;
        if (line.front() == '[' && line.back() == ']') {
            std::string name = trim(line.substr(1, line.size() - 2));
            std::string boardName = isBoardSection(name) ? name.substr(6) : "";
            bool known = name == kOptionsSection || name == kStandInsSection ||
                         (!boardName.empty() && boardName.size() <= 32 &&
                          std::all_of(boardName.begin(), boardName.end(), isNameChar));
            if (!known) {
                error = at(number) + "unknown section [" + name + "]; sections are [" +
                        kOptionsSection + "], [" + kStandInsSection +
                        "] and one [board.NAME] per board (NAME: letters, digits, - and _)";
                return false;
            }
            if (layout.sectionLines.count(name)) {
                error = at(number) + "[" + name + "] appears twice (first on line " +
                        std::to_string(layout.sectionLines[name]) + ")";
                return false;
            }
            current = name;
            layout.sectionLines[name] = number;
            if (!boardName.empty()) layout.boards.push_back(name);
            continue;
        }
        size_t equals = line.find('=');
        std::string key = equals == std::string::npos ? "" : trim(line.substr(0, equals));
        if (key.empty() || !std::all_of(key.begin(), key.end(), isNameChar)) {
            error = at(number) + "\"" + line + "\" is neither \"key = value\" nor a [section]";
            return false;
        }
        // Which options and pieces a game has is for the game to say, once it is known.
        bool anyKey = current == kOptionsSection || current == kStandInsSection;
        const auto& known = current.empty() ? kTopKeys : kBoardKeys;
        if (!anyKey && std::find(known.begin(), known.end(), key) == known.end()) {
            error = at(number) + "unknown key \"" + key + "\"" +
                    (current.empty() ? "" : " in [" + current + "]") +
                    "; known keys: " + joined(known);
            return false;
        }
        std::string full = current.empty() ? key : current + "." + key;
        if (full == "player") layout.playerLines.push_back(number);
        if (layout.keyLines.count(full) && full != "player") {
            error = at(number) + "\"" + key + "\" is given twice (first on line " +
                    std::to_string(layout.keyLines[full]) + ")";
            return false;
        }
        if (layout.keyLines.count(full)) continue;
        layout.keyLines[full] = number;
        if (current == kOptionsSection) layout.optionKeys.push_back(full);
        if (current == kStandInsSection) layout.standInKeys.push_back(full);
    }
    return true;
}

// One [board.NAME] section read into a setting; false with a message naming the line.
bool readBoard(const std::string& section, const po::variables_map& vm, const FileLayout& layout,
               const std::string& path, BoardSetting& s, std::string& error) {
    auto at = [&](int n) { return path + ":" + std::to_string(n) + ": "; };
    s.name = section.substr(std::string("board.").size());
    s.line = layout.sectionLines.at(section);
    s.placement.name = s.name;
    auto value = [&](const char* key) -> std::optional<std::string> {
        std::string full = section + "." + key;
        if (!vm.count(full)) return std::nullopt;
        return vm[full].as<std::string>();
    };
    auto lineOf = [&](const char* key) { return at(layout.keyLines.at(section + "." + key)); };
    auto device = value("device");
    if (!device) {
        error = at(s.line) + "[" + section +
                "] needs a device, e.g. device = dgt:/dev/ttyACM0 or device = vboard:left";
        return false;
    }
    std::string why;
    auto spec = DeviceSpec::parse(*device, why);
    if (!spec) {
        error = lineOf("device") + why;
        return false;
    }
    s.device = *spec;
    if (auto rotation = value("rotation")) {
        static const std::set<std::string> kTurns = {"0", "90", "180", "270"};
        if (!kTurns.count(*rotation)) {
            error = lineOf("rotation") + "rotation must be 0, 90, 180 or 270, not \"" + *rotation +
                    "\"";
            return false;
        }
        s.placement.rotation = std::stoi(*rotation);
        s.rotationGiven = true;
    }
    // After the rotation, which `SQUARE on CELL` needs, wherever the section gives it.
    if (auto origin = value("origin"); origin && !readOrigin(*origin, s.placement, why)) {
        error = lineOf("origin") + why;
        return false;
    }
    if (auto squares = value("squares")) {
        auto used = parseSquares(*squares);
        if (!used) {
            error = lineOf("squares") + "squares \"" + *squares +
                    "\" is not \"all\" or rectangles of the board's squares like a1-h4, a5-b6";
            return false;
        }
        s.placement.used = *used;
    }
    if (auto sensing = value("sensing")) {
        if (*sensing == "occupancy")
            s.placement.sensing = Sensing::Occupancy;
        else if (*sensing == "colour-and-kind" || *sensing == "color-and-kind")
            s.placement.sensing = Sensing::ColourAndKind;
        else {
            error = lineOf("sensing") + "sensing must be occupancy or colour-and-kind, not \"" +
                    *sensing + "\"";
            return false;
        }
    }
    return true;
}

}  // namespace

std::string Configuration::where(const std::string& key) const {
    auto it = lines.find(key);
    if (it == lines.end() || file.empty()) return {};
    return file + ":" + std::to_string(it->second) + ": ";
}

std::string Configuration::wherePlayer(size_t index) const {
    if (file.empty() || !lines.count("player") || index >= playerLines.size())
        return where("player");
    return file + ":" + std::to_string(playerLines[index]) + ": ";
}

bool readClockWhite(const std::string& text, Configuration& config, std::string& error) {
    if (text != "left" && text != "right") {
        error =
            "clock-white must be left or right (the half of the DGT clock, seen from its "
            "front, that is White's), not \"" +
            text + "\"";
        return false;
    }
    config.clockWhite = text;
    return true;
}

bool readPlayerCount(const std::string& text, Configuration& config, std::string& error) {
    auto count = wholeNumber(text, 3);
    if (!count || *count < 1) {
        error = "players must be a whole number of players, e.g. 4, not \"" + text + "\"";
        return false;
    }
    config.playerCount = static_cast<int>(*count);
    return true;
}

bool readSurfaceSize(const std::string& text, Configuration& config, std::string& error) {
    size_t x = text.find('x');
    auto files = wholeNumber(text.substr(0, x), 3);
    auto ranks = x == std::string::npos ? std::nullopt : wholeNumber(text.substr(x + 1), 3);
    if (!files || !ranks || *files < 1 || *ranks < 1) {
        error = "size must be FILESxRANKS, counted in cells, e.g. 16x16, not \"" + text + "\"";
        return false;
    }
    config.size = SurfaceSize{static_cast<int>(*files), static_cast<int>(*ranks)};
    return true;
}

bool readOption(const std::string& name, const std::string& value, Configuration& config,
                std::string& error) {
    if (name.empty() || !std::all_of(name.begin(), name.end(), isNameChar)) {
        error =
            "an option is NAME=VALUE with a name of letters, digits, - and _, e.g. "
            "pieces=5; not \"" +
            name + "=" + value + "\"";
        return false;
    }
    if (!config.options.emplace(name, value).second) {
        error = "option " + name + " is given twice";
        return false;
    }
    return true;
}

bool readSecrets(const std::string& text, Configuration& config, std::string& error) {
    std::vector<std::string> secrets;
    size_t from = 0;
    for (;;) {
        const size_t comma = text.find(',', from);
        std::string one = text.substr(from, comma == std::string::npos ? comma : comma - from);
        one.erase(0, one.find_first_not_of(' '));
        one.erase(one.find_last_not_of(' ') + 1);
        const bool printable = std::all_of(one.begin(), one.end(),
                                           [](unsigned char c) { return c > 0x20 && c < 0x7f; });
        if (one.empty() || one.size() > 200 || !printable) {
            // Not said back: the console may be in sight of the players.
            error = "secret number " + std::to_string(secrets.size() + 1) +
                    " is not 1 to 200 printable characters without spaces; secrets are one "
                    "per player in turn order, separated by commas";
            return false;
        }
        secrets.push_back(one);
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    config.secrets = std::move(secrets);
    return true;
}

bool readStandIn(const std::string& piece, const std::string& setPiece, Configuration& config,
                 std::string& error) {
    if (piece.empty() || !std::all_of(piece.begin(), piece.end(), isNameChar)) {
        error =
            "a stand-in is PIECE=SETPIECE with the game's name for a piece, e.g. "
            "piece=black knight; not \"" +
            piece + "=" + setPiece + "\"";
        return false;
    }
    // "Black  Knight" is meant as much as "black knight"; a lone letter keeps
    // its case, which says the colour.
    std::string words;
    std::stringstream in(setPiece);
    for (std::string word; in >> word;) {
        // "Q," is a letter before a comma in a list: its case is its colour.
        if (word.size() > 1 && !(word.size() == 2 && word[1] == ',')) {
            std::transform(word.begin(), word.end(), word.begin(),
                           [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
        }
        words += (words.empty() ? "" : " ") + word;
    }
    auto set = parseStandIn(words);
    if (!set) {
        error = "the stand-in for " + piece +
                " must be a piece of a chess set: a colour and a figure (white pawn, black "
                "knight, ...) or a FEN letter (P, n, ...), not \"" +
                setPiece + "\"";
        if (setPiece.find(',') != std::string::npos || setPiece.find(" or ") != std::string::npos)
            error +=
                "; where a game takes several, list them as \"white knight or rook\" or "
                "\"N, R\", each figure once";
        return false;
    }
    if (!config.standIns.emplace(piece, *set).second) {
        error = "the stand-in for " + piece + " is given twice";
        return false;
    }
    return true;
}

namespace {

// The whole file, or a message naming it and why it cannot be read. A file
// that could not be opened, or failed part way, was once taken as empty: a
// table of every default, which --check-config called ready.
bool readFileText(const std::string& path, std::string& text, std::string& error) {
    std::error_code ec;
    auto size = fs::file_size(path, ec);
    if (ec) {
        error = "cannot read configuration " + path + ": " + ec.message();
        return false;
    }
    if (size > kMaxFileBytes) {
        error = path + ": too large for a configuration file (" + std::to_string(size) + " bytes)";
        return false;
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = "cannot read configuration " + path + ": " + std::strerror(errno);
        return false;
    }
    text.clear();
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(fd, buffer, sizeof buffer)) != 0) {
        if (n > 0)
            text.append(buffer, static_cast<size_t>(n));
        else if (errno != EINTR)
            break;
    }
    if (n < 0) error = "cannot read configuration " + path + ": " + std::strerror(errno);
    ::close(fd);
    return n == 0;
}

bool readFileInto(const std::string& path, const std::vector<std::string>& fromCommandLine,
                  Configuration& config, std::string& error) {
    std::string text;
    if (!readFileText(path, text, error)) return false;
    if (!checkUtf8Lines(path, text, error)) return false;
    FileLayout layout;
    if (!surveyFile(path, text, layout, error)) return false;

    // Second pass: Boost.Program_options reads the values.
    po::options_description file;
    for (const auto& key : kTopKeys) {
        if (key == "player")
            file.add_options()("player", po::value<std::vector<std::string>>()->composing());
        else
            file.add_options()(key.c_str(), po::value<std::string>());
    }
    for (const auto& b : layout.boards) {
        for (const auto& key : kBoardKeys)
            file.add_options()((b + "." + key).c_str(), po::value<std::string>());
    }
    for (const auto& key : layout.optionKeys)
        file.add_options()(key.c_str(), po::value<std::string>());
    for (const auto& key : layout.standInKeys)
        file.add_options()(key.c_str(), po::value<std::string>());
    po::variables_map vm;
    try {
        std::stringstream again(text);
        po::store(po::parse_config_file(again, file, false), vm);
    } catch (const po::error& e) {
        error = path + ": " + e.what();
        return false;
    }

    config.file = path;
    auto at = [&](const std::string& key) {
        return path + ":" + std::to_string(layout.keyLines[key]) + ": ";
    };
    auto onCommandLine = [&](const std::string& key) {
        return std::find(fromCommandLine.begin(), fromCommandLine.end(), key) !=
               fromCommandLine.end();
    };
    // The value of `key` when the file sets it and the command line does not.
    auto take = [&](const std::string& key) -> std::optional<std::string> {
        if (!vm.count(key) || onCommandLine(key)) return std::nullopt;
        config.lines[key] = layout.keyLines[key];
        return vm[key].as<std::string>();
    };
    if (auto v = take("game")) config.game = *v;
    if (auto v = take("time")) {
        config.time = *v;
        config.timeGiven = true;
    }
    if (auto v = take("journal")) config.journal = *v;
    if (auto v = take("socket")) config.socket = *v;
    if (auto v = take("log-level")) config.logLevel = *v;
    // Whether it is a position of the game is for the game to say (setUpTable).
    if (auto v = take("position")) config.position = *v;
    if (auto v = take("speak")) config.speak = *v;
    if (auto v = take("secrets")) {
        if (!readSecrets(*v, config, error)) {
            error = config.where("secrets") + error;
            return false;
        }
    }
    if (vm.count("player") && !onCommandLine("player")) {
        config.playerNames = vm["player"].as<std::vector<std::string>>();
        config.lines["player"] = layout.keyLines["player"];
        config.playerLines = layout.playerLines;
    }
    if (auto v = take("players"); v && !readPlayerCount(*v, config, error)) {
        error = at("players") + error;
        return false;
    }
    if (auto v = take("size"); v && !readSurfaceSize(*v, config, error)) {
        error = at("size") + error;
        return false;
    }
    if (auto v = take("time-limit")) {
        config.timeLimit = *v;
        if (!GameLimits::parseMinutes(config.timeLimit)) {
            error = at("time-limit") + "time-limit must be minutes of play for the " +
                    "whole game, more than 0 and at most 1440 (e.g. 90 or 2.5), not \"" +
                    config.timeLimit + "\"";
            return false;
        }
    }
    if (auto v = take("move-limit")) {
        config.moveLimit = *v;
        if (!GameLimits::parseMoves(config.moveLimit)) {
            error = at("move-limit") +
                    "move-limit must be the moves each player makes at most, 1 to 10000, not \"" +
                    config.moveLimit + "\"";
            return false;
        }
    }
    if (auto v = take("clock-white")) {
        if (!readClockWhite(*v, config, error)) {
            error = at("clock-white") + error;
            return false;
        }
    }
    if (auto v = take("settle-ms")) {
        auto ms = wholeNumber(*v, 5);
        if (!ms || *ms > 10000) {
            error = at("settle-ms") + "settle-ms must be a whole number of " +
                    "milliseconds from 0 to 10000, not \"" + *v + "\"";
            return false;
        }
        config.settleMs = *ms;
    }
    for (const auto& key : layout.optionKeys) {
        auto v = take(key);
        if (v &&
            !readOption(key.substr(std::string(kOptionsSection).size() + 1), *v, config, error)) {
            error = at(key) + error;
            return false;
        }
    }
    for (const auto& key : layout.standInKeys) {
        auto v = take(key);
        if (v &&
            !readStandIn(key.substr(std::string(kStandInsSection).size() + 1), *v, config, error)) {
            error = at(key) + error;
            return false;
        }
    }
    if (onCommandLine("board")) return true;  // a board on the command line replaces the file's

    config.boards.clear();
    for (const auto& b : layout.boards) {
        BoardSetting s;
        if (!readBoard(b, vm, layout, path, s, error)) return false;
        config.boards.push_back(s);
    }
    return true;
}

}  // namespace

bool readConfigurationFile(const std::string& path, const std::vector<std::string>& fromCommandLine,
                           Configuration& config, std::string& error) {
    // Read into a copy, so that a file refused half way changes nothing.
    Configuration read = config;
    if (!readFileInto(path, fromCommandLine, read, error)) return false;
    config = std::move(read);
    return true;
}

std::optional<BoardPlacement> defaultPlacement(const Geometry& cells) {
    if (cells.files() > 8 || cells.ranks() > 8 || cells.wrapsRanks()) return std::nullopt;
    BoardPlacement p;
    p.used.reset();
    for (int s = 0; s < 64; ++s) {
        int f = s % 8, r = 7 - s / 8;
        if (f < cells.files() && r < cells.ranks()) p.used.set(static_cast<size_t>(s));
    }
    return p;
}

namespace {

// One board's share of a line of cells (files, or ranks): the cells from
// `start` on, `width` of them, shown by the board's squares from `boardStart`
// (0 = its file a or rank 1) on.
struct Share {
    int start = 0;
    int width = 0;
    int boardStart = 0;
};

// A line of `cells` shared out among as few boards of 8 as will do. One board
// gives its first squares. Of more, the inner ones give all 8 and the first and
// last split the rest (the first the larger half): the first gives its last
// squares and the last its first ones, so that the shares meet, and a surface
// smaller than the boards lies in the middle of them.
std::vector<Share> sharesOf(int cells) {
    int boards = (cells + 7) / 8;
    if (boards <= 1) return boards == 1 ? std::vector<Share>{{0, cells, 0}} : std::vector<Share>{};
    int rest = cells - 8 * (boards - 2);
    std::vector<Share> shares;
    int start = 0;
    for (int i = 0; i < boards; ++i) {
        int width = i == 0 ? (rest + 1) / 2 : i == boards - 1 ? rest / 2 : 8;
        shares.push_back({start, width, i == 0 ? 8 - width : 0});
        start += width;
    }
    return shares;
}

}  // namespace

std::vector<BoardSetting> virtualBoardsCovering(const Geometry& cells) {
    std::vector<BoardSetting> boards;
    auto across = sharesOf(cells.files());
    // A ring (Möbiatus's two faces) is cut into its two halves, each up a
    // column of its own: players lay the columns side by side, so that the far
    // face of a cell is at the same height in the other column and a piece
    // leaving the top of one column goes on at the bottom of the other.
    std::vector<Share> up;
    int half = cells.wrapsRanks() ? (cells.ranks() + 1) / 2 : cells.ranks();
    for (int start = 0; start < cells.ranks(); start += half) {
        for (Share share : sharesOf(std::min(half, cells.ranks() - start))) {
            share.start += start;
            up.push_back(share);
        }
    }
    for (const Share& ranks : up) {
        for (const Share& files : across) {
            BoardSetting b;
            b.placement.originFile = files.start - files.boardStart;
            b.placement.originRank = ranks.start - ranks.boardStart;
            b.placement.used.reset();
            for (int s = 0; s < 64; ++s) {
                // Only the board's share, so that a ring's last boards do not
                // reach round onto its first ones.
                int f = s % 8 - files.boardStart, r = 7 - s / 8 - ranks.boardStart;
                if (f >= 0 && f < files.width && r >= 0 && r < ranks.width &&
                    cells.cell(files.start + f, ranks.start + r) != NoCell)
                    b.placement.used.set(static_cast<size_t>(s));
            }
            if (b.placement.used.none()) continue;
            b.name = across.size() * up.size() == 1 ? "main" : cellName(files.start, ranks.start);
            b.placement.name = b.name;
            std::string unused;
            b.device = *DeviceSpec::parse("vboard:" + b.name, unused);
            boards.push_back(b);
        }
    }
    return boards;
}

std::string originText(const BoardPlacement& placement, const Geometry& cells) {
    int file = placement.originFile, rank = placement.originRank;
    // A board not turned whose a1 is unused is clearer said by a square in use.
    constexpr size_t kA1 = 56;
    bool a1Unused = placement.rotation == 0 && !placement.used.test(kA1);
    if (!a1Unused && file >= 0 && file < cells.files() && rank >= 0 && rank < cells.ranks())
        return cellName(file, rank);
    // Off the surface: the board's first square in use, and the cell it lies on
    // (on a ring, perhaps once round: the same cell). Every square in use of a
    // layout that checkLayout accepts lies on a cell, so the first one does.
    for (int r = 0; r < 8; ++r) {
        for (int f = 0; f < 8; ++f) {
            int square = (7 - r) * 8 + f;
            if (!placement.used.test(static_cast<size_t>(square))) continue;
            auto [onFile, onRank] = placement.coordinatesOf(square);
            if (onFile >= 0 && onRank >= 0)
                return cellName(f, r) + " on " + cellName(onFile, onRank);
            if (Cell c = cells.cell(onFile, onRank); c != NoCell)
                return cellName(f, r) + " on " + cells.name(c);
        }
    }
    return cellName(std::max(file, 0), std::max(rank, 0));  // a layout checkLayout refuses
}

}  // namespace arbiter
