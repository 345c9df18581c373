#include "daemon/config/unfinished_game.h"

#include <optional>
#include <vector>

#include <fmt/format.h>

#include "daemon/clock/game_clock.h"
#include "daemon/clock/game_limits.h"
#include "daemon/config/machine_setup.h"
#include "daemon/journal/journal.h"
#include "daemon/session/chance_source.h"
#include "daemon/session/session.h"

namespace arbiter {

namespace {

// One setting the table asks for that the unfinished game was not started
// with: its key in the file ("players"), and each value as the command line
// writes it ("--players 4").
struct Contradiction {
    std::string key;
    std::string played;
    std::string asked;
    std::string askedValue;  // as the file writes it: "2", "off"
};

std::string joined(const std::vector<std::string>& words, const std::string& between) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : between) + w;
    return s;
}

std::string sizeText(int files, int ranks) {
    return std::to_string(files) + "x" + std::to_string(ranks);
}

std::string namesText(const std::vector<std::string>& names) {
    std::vector<std::string> flags;
    for (const auto& n : names) flags.push_back("--player \"" + n + "\"");
    return joined(flags, " ");
}

// The header's text field `key`, if it has one.
std::optional<std::string> headerText(const nlohmann::json& header, const char* key) {
    const auto it = header.find(key);
    if (it == header.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

// The header's limit `key` ("time", "moves"), if it has one.
std::optional<long> headerLimit(const nlohmann::json& header, const char* key) {
    const auto limits = header.find("limits");
    if (limits == header.end() || !limits->is_object()) return std::nullopt;
    const auto it = limits->find(key);
    if (it == limits->end() || !it->is_number_integer()) return std::nullopt;
    return it->get<long>();
}

// The game's players, size, options and stand-ins the table asks for that
// differ from those it was played with.
void compareGameOptions(const Configuration& config, const GameOptions& played,
                        std::vector<Contradiction>& found) {
    if (config.playerCount && *config.playerCount != played.players)
        found.push_back({"players", "--players " + std::to_string(played.players),
                         "--players " + std::to_string(*config.playerCount),
                         std::to_string(*config.playerCount)});
    if (config.size && (config.size->files != played.files || config.size->ranks != played.ranks))
        found.push_back({"size", "--size " + sizeText(played.files, played.ranks),
                         "--size " + sizeText(config.size->files, config.size->ranks),
                         sizeText(config.size->files, config.size->ranks)});
    for (const auto& [name, value] : config.options) {
        const auto it = played.values.find(name);
        if (it == played.values.end() || it->second == value) continue;
        found.push_back({"options." + name, "--option " + name + "=" + it->second,
                         "--option " + name + "=" + value, value});
    }
    for (const auto& [piece, standIn] : config.standIns) {
        const StandIn& was = played.standInOf(piece);
        if (was == standIn) continue;
        found.push_back({"stand-ins." + piece, "--stand-in \"" + piece + "=" + was.words() + "\"",
                         "--stand-in \"" + piece + "=" + standIn.words() + "\"", standIn.words()});
    }
}

// The seats the table asks the machine to play, when they differ from those it
// played: a game begun by people is not handed to the machine, nor the other way.
void compareMachines(const Configuration& config, const Game& game, const nlohmann::json& header,
                     std::vector<Contradiction>& found) {
    if (config.machines.empty()) return;
    const auto start = game.start();
    std::vector<MachineSeat> asked, played;
    std::string unread;
    if (!machineSeatsAsked(config, *start, asked, unread)) return;  // told by setUpTable
    if (!readMachineSeats(header, start->playerCount(), played).empty()) return;
    if (asked == played) return;
    const std::string askedText = machineSeatsText(*start, asked);
    found.push_back(
        {"machine",
         played.empty() ? "no --machine" : "--machine " + machineSeatsText(*start, played),
         "--machine " + askedText, askedText});
}

// The names, time control, limits, seed and position the table asks for that
// differ from those in the journal's first line.
void compareSessionSettings(const Configuration& config, const Game& game,
                            const nlohmann::json& header, std::vector<Contradiction>& found) {
    if (!config.playerNames.empty() && header.contains("players") && header["players"].is_array()) {
        std::vector<std::string> names;
        for (const auto& n : header["players"])
            if (n.is_string()) names.push_back(n.get<std::string>());
        if (names != config.playerNames)
            found.push_back({"player", namesText(names), namesText(config.playerNames),
                             joined(config.playerNames, ", ")});
    }
    const auto played = headerText(header, "time");
    const auto playedControl = played ? TimeControl::parse(*played) : std::nullopt;
    const auto asked = TimeControl::parse(config.time);
    if (config.timeGiven && playedControl && asked && playedControl->text() != asked->text())
        found.push_back(
            {"time", "--time " + playedControl->text(), "--time " + config.time, config.time});
    const auto minutes = GameLimits::parseMinutes(config.timeLimit);
    if (const auto was = headerLimit(header, "time"); minutes && was && *was != *minutes)
        found.push_back({"time-limit",
                         *was == 0 ? "no --time-limit"
                                   : fmt::format("--time-limit {:g}", double(*was) / 60000.0),
                         "--time-limit " + config.timeLimit, config.timeLimit});
    const auto moves = GameLimits::parseMoves(config.moveLimit);
    if (const auto was = headerLimit(header, "moves"); moves && was && *was != *moves)
        found.push_back({"move-limit",
                         *was == 0 ? "no --move-limit" : "--move-limit " + std::to_string(*was),
                         "--move-limit " + config.moveLimit, config.moveLimit});
    compareMachines(config, game, header, found);
    const auto seed = headerText(header, "seed");
    const auto askedSeed = ChanceSource::parseSeed(config.seed);
    if (seed && askedSeed && ChanceSource::parseSeed(*seed) != askedSeed)
        found.push_back({"seed", "--seed " + *seed, "--seed " + config.seed, config.seed});
    const auto start = headerText(header, "start");
    std::string unreadable;  // the table names a position that is no position
    const auto position =
        config.position.empty() ? nullptr : game.load(config.position, unreadable);
    if (start && position && position->serialize() != *start)
        found.push_back({"position", "--position \"" + *start + "\"",
                         "--position \"" + config.position + "\"", config.position});
}

// What the table says it was asked, as the user gave it: "this command line
// says --players 2", or "arbiter.ini:3 says players = 2".
std::string askedText(const Configuration& config, const Contradiction& c) {
    const std::string where = config.where(c.key);
    if (where.empty()) return "this command line says " + c.asked;
    std::string setting = c.key + " = " + c.askedValue;
    for (const char* section : {"options", "stand-ins"}) {
        const std::string prefix = std::string(section) + ".";
        if (c.key.starts_with(prefix))
            setting = c.key.substr(prefix.size()) + " = " + c.askedValue + " in [" + section + "]";
    }
    return where.substr(0, where.size() - 2) + " says " + setting;
}

std::string contradictionText(const Configuration& config, const JournalContents& unfinished,
                              const std::vector<Contradiction>& found) {
    std::vector<std::string> played, asked, flags;
    for (const Contradiction& c : found) {
        played.push_back(c.played);
        asked.push_back(askedText(config, c));
        const std::string flag = c.asked.substr(0, c.asked.find(' '));
        flags.push_back(config.where(c.key).empty() ? flag : c.key + " in " + config.file);
    }
    return "the unfinished game in " + config.journal + " (" + unfinished.path +
           ") was started with " + joined(played, " and ") + "; " + joined(asked, ", and ") +
           ". Leave out " + joined(flags, " and ") +
           " to resume that game, or add --new-game to begin a new one (the unfinished game "
           "is then closed as abandoned; its journal stays)";
}

// Takes into `config` what the game was started with where `config` says nothing.
// Players and size only where the game gives a choice, so that the
// configuration printed (--print-config) stays the game's own.
void adopt(Configuration& config, const GameOptions& played, const nlohmann::json& header) {
    const GameInfo* info = gameInfo(config.game);
    if (!info) return;
    if (!config.playerCount && info->minPlayers != info->maxPlayers)
        config.playerCount = played.players;
    const bool sizeChosen = info->minFiles != info->maxFiles || info->minRanks != info->maxRanks;
    if (!config.size && sizeChosen && !info->surfaceFor)
        config.size = SurfaceSize{played.files, played.ranks};
    for (const auto& [name, value] : played.values) config.options.emplace(name, value);
    for (const auto& [piece, standIn] : played.standIns) config.standIns.emplace(piece, standIn);
    if (config.playerNames.empty() && header.contains("players") && header["players"].is_array())
        for (const auto& n : header["players"])
            if (n.is_string()) config.playerNames.push_back(n.get<std::string>());
    if (const auto time = headerText(header, "time"); time && !config.timeGiven)
        config.time = *time;
    // The machine's seats, as the journal names them, so that --print-config
    // shows who plays the game it resumes.
    std::string unused;
    const auto game = config.machines.empty() ? makeGame(config.game, played, unused) : nullptr;
    std::vector<MachineSeat> machines;
    if (game && readMachineSeats(header, game->start()->playerCount(), machines).empty() &&
        !machines.empty())
        config.machines = {machineSeatsText(*game->start(), machines)};
}

}  // namespace

bool followUnfinishedGame(Configuration& config, std::string& error) {
    if (config.newGame || config.journal.empty()) return true;
    // A damaged journal is named with its line when the table opens it.
    std::string unread;
    const auto unfinished = findUnfinishedJournal(config.journal, unread);
    if (!unfinished) return true;
    const auto game = gameOfJournal(*unfinished, unread);
    if (!game) return true;
    if (game->name() != config.game) {
        if (config.gameGiven) {
            const std::string where = config.where("game");
            error = "the unfinished game in " + config.journal + " (" + unfinished->path +
                    ") is a game of " + game->name() + "; " +
                    (where.empty()
                         ? "this command line says --game " + config.game
                         : where.substr(0, where.size() - 2) + " says game = " + config.game) +
                    ". Leave out " + (where.empty() ? "--game" : "game in " + config.file) +
                    " to resume it, or add --new-game to begin a new game of " + config.game +
                    " (the unfinished game is then closed as abandoned; its "
                    "journal stays)";
            return false;
        }
        config.game = game->name();
    }
    std::vector<Contradiction> found;
    compareGameOptions(config, game->options(), found);
    compareSessionSettings(config, *game, unfinished->header, found);
    if (!found.empty()) {
        error = contradictionText(config, *unfinished, found);
        return false;
    }
    adopt(config, game->options(), unfinished->header);
    return true;
}

}  // namespace arbiter
