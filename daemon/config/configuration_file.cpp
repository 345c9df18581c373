// The configuration file: an INI file read once, line by line, into where
// each key stands and its value; then each value checked for its form and
// refused naming its line, the command line's settings left alone.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "daemon/base/utf8.h"
#include "daemon/clock/game_limits.h"
#include "daemon/config/configuration.h"
#include "daemon/config/placement_text.h"
#include "daemon/config/setting_text.h"
#include "daemon/table/board_labels.h"

namespace arbiter {

using namespace setting_text;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kTopKeys = {
    "game",          "players",   "size",      "time",         "time-limit", "move-limit",
    "player",        "journal",   "settle-ms", "socket",       "log-level",  "clock-white",
    "position",      "speak",     "secrets",   "mqtt",         "mqtt-table", "mqtt-password-file",
    "mqtt-ca",       "mqtt-cert", "mqtt-key",  "mqtt-actions", "machine",    "machine-time",
    "machine-engine"};
constexpr const char* kOptionsSection = "options";
constexpr const char* kStandInsSection = "stand-ins";
const std::vector<std::string> kBoardKeys = {"device",  "origin",  "rotation",
                                             "squares", "sensing", "label"};
constexpr uintmax_t kMaxFileBytes = 1 << 20;

// What the file says, and where: every value with its line.
struct FileLayout {
    std::map<std::string, int> keyLines;  // full key ("time", "board.a.device") -> its first line
    std::map<std::string, std::string> values;  // full key -> its value, trimmed
    std::vector<std::string> players;           // every `player`, in the file's order
    std::vector<std::string> boards;            // "board.NAME", in the order of the file
    std::map<std::string, int> sectionLines;
    std::vector<std::string> optionKeys;   // "options.NAME"
    std::vector<std::string> standInKeys;  // "stand-ins.PIECE"
    std::vector<int> playerLines;          // every `player`, not only the first
};

bool isBoardSection(const std::string& section) {
    return section.rfind("board.", 0) == 0;
}

// Sections, keys, their values and lines, so that every message can name a
// line; anything that is no setting is refused here.
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
        std::string value = trim(line.substr(equals + 1));
        if (full == "player") {
            layout.playerLines.push_back(number);
            layout.players.push_back(value);
        }
        if (layout.keyLines.count(full) && full != "player") {
            error = at(number) + "\"" + key + "\" is given twice (first on line " +
                    std::to_string(layout.keyLines[full]) + ")";
            return false;
        }
        if (layout.keyLines.count(full)) continue;
        layout.keyLines[full] = number;
        layout.values[full] = value;
        if (current == kOptionsSection) layout.optionKeys.push_back(full);
        if (current == kStandInsSection) layout.standInKeys.push_back(full);
    }
    return true;
}

// One [board.NAME] section read into a setting; false with a message naming the line.
bool readBoard(const std::string& section, const FileLayout& layout, const std::string& path,
               BoardSetting& s, std::string& error) {
    auto at = [&](int n) { return path + ":" + std::to_string(n) + ": "; };
    s.name = section.substr(std::string("board.").size());
    s.line = layout.sectionLines.at(section);
    s.placement.name = s.name;
    auto value = [&](const char* key) -> std::optional<std::string> {
        auto v = layout.values.find(section + "." + key);
        if (v == layout.values.end()) return std::nullopt;
        return v->second;
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
    if (auto label = value("label")) {
        if (std::string trouble = labelTrouble(*label); !trouble.empty()) {
            error = lineOf("label") + trouble;
            return false;
        }
        s.label = *label;
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

// The file's values with where each stands, less those the command line
// sets: the command line wins over the file.
struct FileValues {
    const std::string& path;
    const FileLayout& layout;
    const std::vector<std::string>& fromCommandLine;

    int lineOf(const std::string& key) const {
        auto line = layout.keyLines.find(key);
        return line == layout.keyLines.end() ? 0 : line->second;
    }
    // "arbiter.ini:7: " for the line of `key`.
    std::string at(const std::string& key) const {
        return path + ":" + std::to_string(lineOf(key)) + ": ";
    }
    bool onCommandLine(const std::string& key) const {
        return std::find(fromCommandLine.begin(), fromCommandLine.end(), key) !=
               fromCommandLine.end();
    }
    // The value of `key` when the file sets it and the command line does not,
    // its line noted in `config` for the messages only the game can give.
    std::optional<std::string> take(const std::string& key, Configuration& config) const {
        auto v = layout.values.find(key);
        if (v == layout.values.end() || onCommandLine(key)) return std::nullopt;
        config.lines[key] = lineOf(key);
        return v->second;
    }
};

// The players: their secrets, their names and how many start.
bool takePlayers(const FileValues& file, Configuration& config, std::string& error) {
    if (auto v = file.take("secrets", config)) {
        if (!readSecrets(*v, config, error)) {
            error = config.where("secrets") + error;
            return false;
        }
    }
    if (!file.layout.players.empty() && !file.onCommandLine("player")) {
        config.playerNames = file.layout.players;
        config.lines["player"] = file.lineOf("player");
        config.playerLines = file.layout.playerLines;
    }
    if (auto v = file.take("players", config); v && !readPlayerCount(*v, config, error)) {
        error = file.at("players") + error;
        return false;
    }
    return true;
}

// The game, where it begins and on how many cells. Whether the position is
// one of the game's is for the game to say (setUpTable).
bool takeGame(const FileValues& file, Configuration& config, std::string& error) {
    if (auto v = file.take("game", config)) {
        config.game = *v;
        config.gameGiven = true;
    }
    if (auto v = file.take("position", config)) {
        if (v->empty()) {
            error = file.at("position") +
                    "position is empty: give one in the game's own text, or leave the key out "
                    "for the game's start";
            return false;
        }
        config.position = *v;
    }
    if (auto v = file.take("size", config); v && !readSurfaceSize(*v, config, error)) {
        error = file.at("size") + error;
        return false;
    }
    return true;
}

// The time control and the limits on the whole game.
bool takeTime(const FileValues& file, Configuration& config, std::string& error) {
    if (auto v = file.take("time", config)) {
        config.time = *v;
        config.timeGiven = true;
    }
    if (auto v = file.take("time-limit", config)) {
        config.timeLimit = *v;
        if (!GameLimits::parseMinutes(config.timeLimit)) {
            error = file.at("time-limit") + "time-limit must be minutes of play for the " +
                    "whole game, more than 0 and at most 1440 (e.g. 90 or 2.5), not \"" +
                    config.timeLimit + "\"";
            return false;
        }
    }
    if (auto v = file.take("move-limit", config)) {
        config.moveLimit = *v;
        if (!GameLimits::parseMoves(config.moveLimit)) {
            error = file.at("move-limit") +
                    "move-limit must be the moves each player makes at most, 1 to 10000, not \"" +
                    config.moveLimit + "\"";
            return false;
        }
    }
    return true;
}

// How the table runs: journal, socket, log, speech, the boards' clock, settle time.
bool takeTableSettings(const FileValues& file, Configuration& config, std::string& error) {
    if (auto v = file.take("journal", config)) config.journal = *v;
    if (auto v = file.take("socket", config)) config.socket = *v;
    if (auto v = file.take("log-level", config)) config.logLevel = *v;
    if (auto v = file.take("speak", config)) config.speak = *v;
    if (auto v = file.take("clock-white", config)) {
        if (!readClockWhite(*v, config, error)) {
            error = file.at("clock-white") + error;
            return false;
        }
    }
    if (auto v = file.take("settle-ms", config)) {
        auto ms = wholeNumber(*v, 5);
        if (!ms || *ms > 10000) {
            error = file.at("settle-ms") + "settle-ms must be a whole number of " +
                    "milliseconds from 0 to 10000, not \"" + *v + "\"";
            return false;
        }
        config.settleMs = *ms;
    }
    return true;
}

// The hall: its values are checked, with their lines, by readHallSettings.
void takeHallSettings(const FileValues& file, Configuration& config) {
    if (auto v = file.take("mqtt", config)) config.mqtt = *v;
    if (auto v = file.take("mqtt-table", config)) config.mqttTable = *v;
    if (auto v = file.take("mqtt-password-file", config)) config.mqttPasswordFile = *v;
    if (auto v = file.take("mqtt-ca", config)) config.mqttCa = *v;
    if (auto v = file.take("mqtt-cert", config)) config.mqttCert = *v;
    if (auto v = file.take("mqtt-key", config)) config.mqttKey = *v;
    if (auto v = file.take("mqtt-actions", config)) config.mqttActions = *v;
}

// The machine's seats, a list on one line ("machine = black:4, white"), its
// time and its engine: checked, with their lines, by readMachineSettings.
void takeMachineSettings(const FileValues& file, Configuration& config) {
    if (auto v = file.take("machine", config)) config.machines = {*v};
    if (auto v = file.take("machine-time", config)) config.machineTime = *v;
    if (auto v = file.take("machine-engine", config)) config.machineEngine = *v;
}

// [options] and [stand-ins]: which the game has is for the game to say, once it is known.
bool takeOptionsAndStandIns(const FileValues& file, Configuration& config, std::string& error) {
    for (const auto& key : file.layout.optionKeys) {
        auto v = file.take(key, config);
        if (v &&
            !readOption(key.substr(std::string(kOptionsSection).size() + 1), *v, config, error)) {
            error = file.at(key) + error;
            return false;
        }
    }
    for (const auto& key : file.layout.standInKeys) {
        auto v = file.take(key, config);
        if (v &&
            !readStandIn(key.substr(std::string(kStandInsSection).size() + 1), *v, config, error)) {
            error = file.at(key) + error;
            return false;
        }
    }
    return true;
}

// The [board.NAME] sections, in place of any boards before; none when a board
// on the command line replaces the file's.
bool takeBoards(const FileValues& file, Configuration& config, std::string& error) {
    if (file.onCommandLine("board")) return true;
    config.boards.clear();
    for (const auto& b : file.layout.boards) {
        BoardSetting s;
        if (!readBoard(b, file.layout, file.path, s, error)) return false;
        config.boards.push_back(s);
    }
    return true;
}

// Into `config`, which the caller drops when this fails: a setting that fails
// its check ends the reading, the ones after it unread.
bool readFileInto(const std::string& path, const std::vector<std::string>& fromCommandLine,
                  Configuration& config, std::string& error) {
    std::string text;
    if (!readFileText(path, text, error)) return false;
    if (!checkUtf8Lines(path, text, error)) return false;
    FileLayout layout;
    if (!surveyFile(path, text, layout, error)) return false;
    config.file = path;
    const FileValues file{path, layout, fromCommandLine};
    // In the order the checks have always been made, so that a file with
    // several mistakes is told of the same one first.
    return takePlayers(file, config, error) && takeGame(file, config, error) &&
           takeTime(file, config, error) && takeTableSettings(file, config, error) &&
           (takeHallSettings(file, config), true) && (takeMachineSettings(file, config), true) &&
           takeOptionsAndStandIns(file, config, error) && takeBoards(file, config, error);
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

}  // namespace arbiter
