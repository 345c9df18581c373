#include "daemon/session/journal_header.h"

#include <string>
#include <string_view>

#include "daemon/base/json_text.h"
#include "daemon/journal/journal.h"

namespace arbiter {

namespace {

std::optional<std::string> textField(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_string()) return std::nullopt;
    return j[key].get<std::string>();
}

// What is wrong with the header's "version"; "" when this arbiterd reads it.
std::string versionTrouble(const nlohmann::json& header) {
    if (!header.contains("version")) return {};
    const nlohmann::json& v = header["version"];
    if (v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= kJournalVersion)
        return {};
    return "a journal of \"version\" " + jsonText(v) + ": this arbiterd reads versions 1 to " +
           std::to_string(kJournalVersion);
}

// The header's "limits", when it has them; false when they are out of range.
bool readLimits(const nlohmann::json& header, GameLimits& limits) {
    if (!header.contains("limits")) return true;
    const auto& l = header["limits"];
    auto whole = [&](const char* key, long max) -> std::optional<long> {
        if (!l.is_object() || !l.contains(key) || !l[key].is_number_integer()) return std::nullopt;
        long v = l[key].get<long>();
        if (v < 0 || v > max) return std::nullopt;
        return v;
    };
    auto playTime = whole("time", 24L * 3'600'000);
    auto moves = whole("moves", 10000);
    if (!playTime || !moves) return false;
    limits = {*playTime, static_cast<int>(*moves)};
    return true;
}

// What is wrong with the options the game was played with, for a table set
// up with `game`'s; "" when they are the same.
std::string optionsTrouble(const Game& game, const nlohmann::json& header) {
    if (!header.contains("options")) return {};
    // An option the game gained since the journal was written (FIDE's
    // strict-touch) was played at its default: the game still resumes.
    nlohmann::json playedWith = header["options"];
    if (const GameInfo* info = gameInfo(game.name()); info && playedWith.is_object() &&
                                                      playedWith.contains("values") &&
                                                      playedWith["values"].is_object()) {
        for (const OptionSpec& spec : info->options) {
            if (!playedWith["values"].contains(spec.name))
                playedWith["values"][spec.name] = spec.defaultValue;
        }
    }
    if (playedWith == optionsJson(game.options())) return {};
    return "this game was played with options " + jsonText(header["options"]) +
           ", but the table is set up for " + jsonText(optionsJson(game.options())) +
           " (start arbiterd with the game's options to resume it)";
}

// The header's "players", one valid name per seat; a message when not.
std::string readPlayers(const nlohmann::json& header, size_t seats,
                        std::vector<std::string>& players) {
    if (!header.contains("players")) return {};
    const auto& names = header["players"];
    if (!names.is_array() || names.size() != seats)
        return "bad \"players\": one name for each of the game's " + std::to_string(seats) +
               " seats";
    for (const auto& name : names) {
        if (!name.is_string() || !isValidPlayerName(name.get<std::string>()))
            return "bad \"players\": " + jsonText(name) + " is not a player's name";
        players.push_back(name.get<std::string>());
    }
    return {};
}

// The game's start state and time control, as the header gives them.
std::string readStart(const Game& game, const nlohmann::json& header, JournalHeader& read) {
    auto gameName = textField(header, "game");
    if (!gameName || *gameName != game.name())
        return "this journal is for game \"" + gameName.value_or("?") + "\", not \"" + game.name() +
               "\"";
    auto startText = textField(header, "start");
    if (!startText) return "no \"start\" state";
    std::string loadError;
    read.start = game.load(*startText, loadError);
    if (!read.start) return "bad start state: " + loadError;
    auto timeText = textField(header, "time");
    auto control = timeText ? TimeControl::parse(*timeText) : std::nullopt;
    if (!control) return "bad or missing \"time\"";
    read.settings.time = *control;
    return {};
}

// Whether `text` is a time as the journal writes "started" (and the session's
// wall clock gives it): YYYY-MM-DDTHH:MM:SS, each part in its range. The
// record's Date and the journal listings are taken from it.
bool isStartedTime(const std::string& text) {
    static constexpr std::string_view shape = "dddd-dd-ddTdd:dd:dd";
    if (text.size() != shape.size()) return false;
    for (size_t i = 0; i < shape.size(); ++i) {
        const bool digit = text[i] >= '0' && text[i] <= '9';
        if (shape[i] == 'd' ? !digit : text[i] != shape[i]) return false;
    }
    auto part = [&](size_t at) { return (text[at] - '0') * 10 + (text[at + 1] - '0'); };
    const int month = part(5), day = part(8), hour = part(11), minute = part(14), second = part(17);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 &&
           second <= 60;
}

}  // namespace

std::optional<JournalHeader> readJournalHeader(const Game& game, const nlohmann::json& header,
                                               const TimeSource& time, std::string& error) {
    JournalHeader read;
    error = versionTrouble(header);
    if (error.empty()) error = readStart(game, header, read);
    if (error.empty() && !readLimits(header, read.settings.limits)) error = "bad \"limits\"";
    if (error.empty()) error = optionsTrouble(game, header);
    if (!error.empty()) return std::nullopt;
    if (header.contains("seed")) {
        auto seedText = textField(header, "seed");
        auto seed = seedText ? ChanceSource::parseSeed(*seedText) : std::nullopt;
        if (!seed) {
            error = "bad \"seed\": 1 to 16 hexadecimal digits, in lower case";
            return std::nullopt;
        }
        read.settings.seed = *seed;
    }
    const auto seats = static_cast<size_t>(read.start->playerCount());
    error = readPlayers(header, seats, read.settings.players);
    if (error.empty())
        error = readMachineSeats(header, static_cast<int>(seats), read.settings.machines);
    if (error.empty() && !read.settings.machines.empty() && read.start->hidden())
        error = "bad \"machines\": the machine plays no game in which each player sees only part";
    if (!error.empty()) return std::nullopt;
    if (header.contains("started") &&
        !(header["started"].is_string() && isStartedTime(header["started"].get<std::string>()))) {
        error = "bad \"started\": the time the game began, as YYYY-MM-DDTHH:MM:SS";
        return std::nullopt;
    }
    read.started = textField(header, "started").value_or(time.wallClock());
    read.checksummed = header.contains("checksum");
    return read;
}

}  // namespace arbiter
