#include "daemon/configuration.h"

#include <sys/stat.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "daemon/game_limits.h"
#include "engine/core/geometry.h"

namespace arbiter {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kTopKeys = {"game",       "time",   "time-limit",
                                           "move-limit", "player", "journal",
                                           "settle-ms",  "socket", "log-level"};
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

struct KeyPlace {
    int line;
    std::string section;  // "" or "board.NAME"
};

}  // namespace

bool readConfigurationFile(const std::string& path, const std::vector<std::string>& fromCommandLine,
                           Configuration& config, std::string& error) {
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
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();

    // First pass: sections, keys and their lines, so every message can name a line.
    std::map<std::string, KeyPlace> places;  // full option name -> where
    std::vector<std::string> boardOrder;
    std::map<std::string, int> boardLine;
    std::string current;
    std::string raw;
    int number = 0;
    auto at = [&](int n) { return path + ":" + std::to_string(n) + ": "; };
    while (std::getline(text, raw)) {
        ++number;
        std::string line = trim(raw.substr(0, raw.find('#')));
        if (line.empty()) continue;
        if (line.front() == '[' && line.back() == ']') {
            std::string name = trim(line.substr(1, line.size() - 2));
            std::string boardName = name.rfind("board.", 0) == 0 ? name.substr(6) : "";
            if (boardName.empty() || boardName.size() > 32 ||
                !std::all_of(boardName.begin(), boardName.end(), isNameChar)) {
                error = at(number) + "unknown section [" + name +
                        "]; boards are sections named [board.NAME] (letters, digits, - and _)";
                return false;
            }
            if (boardLine.count(name)) {
                error = at(number) + "[" + name + "] appears twice (first on line " +
                        std::to_string(boardLine[name]) + ")";
                return false;
            }
            current = name;
            boardLine[name] = number;
            boardOrder.push_back(name);
            continue;
        }
        size_t equals = line.find('=');
        std::string key = equals == std::string::npos ? "" : trim(line.substr(0, equals));
        if (key.empty() || !std::all_of(key.begin(), key.end(), isNameChar)) {
            error = at(number) + "\"" + line + "\" is neither \"key = value\" nor a [section]";
            return false;
        }
        const auto& known = current.empty() ? kTopKeys : kBoardKeys;
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            error = at(number) + "unknown key \"" + key + "\"" +
                    (current.empty() ? "" : " in [" + current + "]") +
                    "; known keys: " + joined(known);
            return false;
        }
        std::string full = current.empty() ? key : current + "." + key;
        if (places.count(full) && key != "player") {
            error = at(number) + "\"" + key + "\" is given twice (first on line " +
                    std::to_string(places[full].line) + ")";
            return false;
        }
        if (!places.count(full)) places[full] = {number, current};
    }

    // Second pass: Boost.Program_options reads the values.
    po::options_description file;
    file.add_options()("game", po::value<std::string>())("time", po::value<std::string>())(
        "player", po::value<std::vector<std::string>>()->composing())(
        "journal", po::value<std::string>())("settle-ms", po::value<std::string>())(
        "socket", po::value<std::string>())("log-level", po::value<std::string>())(
        "time-limit", po::value<std::string>())("move-limit", po::value<std::string>());
    for (const auto& b : boardOrder) {
        for (const auto& key : kBoardKeys)
            file.add_options()((b + "." + key).c_str(), po::value<std::string>());
    }
    po::variables_map vm;
    try {
        std::stringstream again(text.str());
        po::store(po::parse_config_file(again, file, false), vm);
    } catch (const po::error& e) {
        error = path + ": " + e.what();
        return false;
    }
    auto given = [&](const std::string& key) {
        return vm.count(key) && std::find(fromCommandLine.begin(), fromCommandLine.end(), key) ==
                                    fromCommandLine.end();
    };
    auto text_ = [&](const std::string& key) { return vm[key].as<std::string>(); };
    if (given("game")) config.game = text_("game");
    if (given("time")) config.time = text_("time");
    if (given("journal")) config.journal = text_("journal");
    if (given("socket")) config.socket = text_("socket");
    if (given("log-level")) config.logLevel = text_("log-level");
    if (given("player")) config.players = vm["player"].as<std::vector<std::string>>();
    if (given("time-limit")) {
        config.timeLimit = text_("time-limit");
        if (!GameLimits::parseMinutes(config.timeLimit)) {
            error = at(places["time-limit"].line) + "time-limit must be minutes of play for the " +
                    "whole game, more than 0 and at most 1440 (e.g. 90 or 2.5), not \"" +
                    config.timeLimit + "\"";
            return false;
        }
    }
    if (given("move-limit")) {
        config.moveLimit = text_("move-limit");
        if (!GameLimits::parseMoves(config.moveLimit)) {
            error = at(places["move-limit"].line) +
                    "move-limit must be the moves each player makes at most, 1 to 10000, not \"" +
                    config.moveLimit + "\"";
            return false;
        }
    }
    if (given("settle-ms")) {
        std::string v = text_("settle-ms");
        auto ms = wholeNumber(v, 5);
        if (!ms || *ms > 10000) {
            error = at(places["settle-ms"].line) + "settle-ms must be a whole number of " +
                    "milliseconds from 0 to 10000, not \"" + v + "\"";
            return false;
        }
        config.settleMs = *ms;
    }
    if (std::find(fromCommandLine.begin(), fromCommandLine.end(), "board") != fromCommandLine.end())
        return true;  // a board on the command line replaces the file's layout

    config.boards.clear();
    for (const auto& b : boardOrder) {
        BoardSetting s;
        s.name = b.substr(std::string("board.").size());
        s.line = boardLine[b];
        s.placement.name = s.name;
        auto value = [&](const char* key) -> std::optional<std::string> {
            std::string full = b + "." + key;
            if (!vm.count(full)) return std::nullopt;
            return vm[full].as<std::string>();
        };
        auto lineOf = [&](const char* key) { return at(places[b + "." + key].line); };
        auto device = value("device");
        if (!device) {
            error = at(s.line) + "[" + b +
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
        if (auto origin = value("origin")) {
            auto cell = parseCellName(*origin);
            if (!cell) {
                error = lineOf("origin") + "origin \"" + *origin +
                        "\" is not a cell name; write where the board's a1 corner lies, e.g. i1";
                return false;
            }
            s.placement.originFile = cell->first;
            s.placement.originRank = cell->second;
        }
        if (auto rotation = value("rotation")) {
            static const std::set<std::string> kTurns = {"0", "90", "180", "270"};
            if (!kTurns.count(*rotation)) {
                error = lineOf("rotation") + "rotation must be 0, 90, 180 or 270, not \"" +
                        *rotation + "\"";
                return false;
            }
            s.placement.rotation = std::stoi(*rotation);
            s.rotationGiven = true;
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
        config.boards.push_back(s);
    }
    return true;
}

namespace {
std::string where(const BoardSetting& b) {
    return b.line > 0 ? "board " + b.name + " (line " + std::to_string(b.line) + ")"
                      : "board " + b.name;
}
}  // namespace

std::string checkLayout(const std::vector<BoardSetting>& boards, const Geometry& cells) {
    if (boards.empty())
        return "no board is configured; add a [board.NAME] section or give --board dgt:PATH or "
               "--board vboard:NAME";
    std::vector<int> owner(static_cast<size_t>(cells.size()), -1);
    for (size_t i = 0; i < boards.size(); ++i) {
        const BoardSetting& b = boards[i];
        for (int s = 0; s < 64; ++s) {
            if (!b.placement.used.test(static_cast<size_t>(s))) continue;
            Cell c = Surface::cellOf(cells, b.placement, s);
            if (c == NoCell) {
                return where(b) + ": its square " + std::string(1, char('a' + s % 8)) +
                       std::to_string(8 - s / 8) +
                       " lies off the game's cells; move its origin or narrow its squares";
            }
            int& o = owner[static_cast<size_t>(c)];
            if (o >= 0) {
                return where(b) + " overlaps " + where(boards[static_cast<size_t>(o)]) +
                       " at cell " + cells.name(c) + "; move its origin or narrow its squares";
            }
            o = static_cast<int>(i);
        }
        const std::string& path = b.device.path;
        struct stat st {};
        fs::path parent = fs::path(path).parent_path();
        // A virtual board makes its directory when it starts, which may well be
        // after arbiterd: like an unplugged board, it is waited for.
        bool madeByItsBoard = b.device.protocol == "vboard";
        if (!madeByItsBoard && !parent.empty() && !fs::is_directory(parent)) {
            return where(b) + ": device " + path + " cannot be reached: there is no directory " +
                   parent.string();
        }
        if (::stat(path.c_str(), &st) == 0 && !S_ISCHR(st.st_mode)) {
            return where(b) + ": device " + path +
                   " is not a serial device (use a /dev/tty* port or a vboard's pty)";
        }
    }
    std::vector<std::string> uncovered;
    for (Cell c = 0; c < cells.size(); ++c) {
        if (cells.contains(c) && owner[static_cast<size_t>(c)] < 0)
            uncovered.push_back(cells.name(c));
    }
    if (!uncovered.empty()) {
        std::string list;
        for (size_t i = 0; i < uncovered.size() && i < 8; ++i)
            list += (i ? ", " : "") + uncovered[i];
        if (uncovered.size() > 8) list += " and " + std::to_string(uncovered.size() - 8) + " more";
        return std::to_string(uncovered.size()) + " cells of the game are on no board (" + list +
               "); add a board or widen a board's squares";
    }
    return {};
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

}  // namespace arbiter
