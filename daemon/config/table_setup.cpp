#include "daemon/config/table_setup.h"

#include <algorithm>
#include <filesystem>
#include <iterator>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "daemon/base/utf8.h"
#include "daemon/boards/piece_calibration.h"
#include "daemon/clock/game_clock.h"
#include "daemon/clock/game_limits.h"
#include "daemon/config/hall_setup.h"
#include "daemon/config/machine_setup.h"
#include "daemon/control/control_protocol.h"
#include "daemon/session/session.h"
#include "daemon/table/board_labels.h"
#include "daemon/table/board_layout.h"

namespace arbiter {

namespace fs = std::filesystem;

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : ", ") + w;
    return s;
}

// The line number in a "FILE:LINE: " prefix, or 0 (the command line).
int lineOf(const std::string& where) {
    const size_t end = where.rfind(':');
    const size_t start = end == std::string::npos ? end : where.rfind(':', end - 1);
    if (start == std::string::npos) return 0;
    return std::atoi(where.substr(start + 1, end - start - 1).c_str());
}

// `text` fit to be quoted in a message: control characters, which a terminal
// would act on, written as \xNN.
std::string quotable(const std::string& text) {
    std::string out;
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte != 0x7f) {
            out.push_back(c);
            continue;
        }
        fmt::format_to(std::back_inserter(out), "\\x{:02x}", byte);
    }
    return out;
}

// The players' names: each valid, none twice, one per seat. A name is named
// by its own line; a name given twice by the line of the second.
std::string checkNames(const Configuration& config, const GameInfo& game, int seats) {
    const std::string at = config.where("player");
    const auto& names = config.playerNames;
    for (size_t i = 0; i < names.size(); ++i) {
        const std::string& name = names[i];
        if (!isValidPlayerName(name))
            return config.wherePlayer(i) + "player name \"" + quotable(name) +
                   "\" must have 1 to 40 characters, not only spaces, and no control characters";
        const auto first = std::find(names.begin(), names.begin() + long(i), name);
        if (first != names.begin() + long(i)) {
            const std::string firstAt = config.wherePlayer(size_t(first - names.begin()));
            return config.wherePlayer(i) + "player \"" + name + "\" is given twice" +
                   (firstAt.empty() ? ""
                                    : " (first on line " + std::to_string(lineOf(firstAt)) + ")") +
                   "; give each seat its own name";
        }
    }
    if (names.empty() || names.size() == static_cast<size_t>(seats)) return {};
    return at + game.name + " starts with " + std::to_string(seats) + " players, but " +
           std::to_string(names.size()) + " names were given; name each seat once, in turn order";
}

// What is wrong with `path` as the journal folder, found without making it:
// empty (a table without a journal loses its games), or a file where the
// folder, or one of the folders above it, would be. "" when it may serve.
std::string checkJournalFolder(const std::string& path) {
    if (path.empty())
        return "journal must name the folder the games are kept in, e.g. journal = games";
    std::error_code ec;
    for (fs::path p = fs::absolute(path, ec); !ec && !p.empty(); p = p.parent_path()) {
        const auto status = fs::status(p, ec);
        if (ec || !fs::exists(status)) {
            ec.clear();
            if (p == p.parent_path()) break;
            continue;
        }
        if (fs::is_directory(status)) return {};
        return "journal \"" + quotable(path) + "\" cannot be a folder: " + quotable(p.string()) +
               " is not one";
    }
    return {};
}

}  // namespace

std::unique_ptr<Game> chooseGame(const Configuration& config, std::string& error) {
    const GameInfo* info = gameInfo(config.game);
    if (!info) {
        error = config.where("game") + "unknown game \"" + config.game +
                "\"; known games: " + joined(gameNames()) +
                " (arbiterd --list-games describes them)";
        return nullptr;
    }
    // Each setting is checked alone first, so that a message can name its line.
    auto fitsAlone = [&](const GameOptions& one, const std::string& key) {
        std::string why;
        if (one.resolved(*info, why)) return true;
        error = config.where(key) + why;
        return false;
    };
    GameOptions wanted;
    // With no number of players, the names given are the players where the
    // game allows that many (else checkNames says the names do not fit).
    std::optional<int> players = config.playerCount;
    if (!players && !config.playerNames.empty()) {
        GameOptions named;
        named.players = static_cast<int>(config.playerNames.size());
        std::string why;
        if (named.resolved(*info, why)) players = named.players;
    }
    if (players) {
        GameOptions one;
        one.players = *players;
        if (!fitsAlone(one, "players")) return nullptr;
        wanted.players = one.players;
    }
    if (config.size) {
        GameOptions one;
        one.players = wanted.players;  // the size some games take follows the players
        one.files = config.size->files;
        one.ranks = config.size->ranks;
        if (!fitsAlone(one, "size")) return nullptr;
        wanted.files = one.files;
        wanted.ranks = one.ranks;
    }
    for (const auto& [name, value] : config.options) {
        GameOptions one;
        one.values[name] = value;
        if (!fitsAlone(one, "options." + name)) return nullptr;
        wanted.values[name] = value;
    }
    for (const auto& [piece, setPiece] : config.standIns) {
        GameOptions one;
        one.standIns[piece] = setPiece;
        if (!fitsAlone(one, "stand-ins." + piece)) return nullptr;
        wanted.standIns[piece] = setPiece;
    }
    // What is left is how they go together. Stand-ins that clash with each
    // other (two pyramids shown by one figure) are named by the line of the
    // stand-in that made the clash: the last in the file that the message names.
    std::string why;
    auto game = makeGame(info->name, wanted, why);
    if (!game && why.find("stand-in") != std::string::npos) {
        std::string at;
        for (const auto& [piece, setPiece] : config.standIns) {
            if (why.find(" " + piece + " ") == std::string::npos) continue;
            std::string here = config.where("stand-ins." + piece);
            if (at.empty() || lineOf(here) > lineOf(at)) at = here;
        }
        error = at + why;
        return nullptr;
    }
    // The rest is players and surface, mostly.
    if (!game) {
        std::string at = config.where("size");
        error = (at.empty() ? config.where("players") : at) + why;
    }
    return game;
}

std::optional<std::vector<BoardSetting>> boardsFor(const Configuration& config,
                                                   const std::string& game, const Geometry& cells,
                                                   std::string& error) {
    if (cells.size() == 0) {
        if (config.commandLineBoard) {
            error = game + " is played without boards; leave out --board (arbiterctl referees it)";
            return std::nullopt;
        }
        if (!config.boards.empty()) {
            const BoardSetting& b = config.boards.front();
            error = (b.line > 0 ? config.file + ":" + std::to_string(b.line) + ": " : "") + game +
                    " is played without boards; remove [board." + b.name + "]";
            return std::nullopt;
        }
        return std::vector<BoardSetting>{};
    }
    if (config.commandLineBoard) {
        const DeviceSpec& device = *config.commandLineBoard;
        auto placement = defaultPlacement(cells);
        if (!placement) {
            error = game + " on " + std::to_string(cells.files()) + "x" +
                    std::to_string(cells.ranks()) +
                    " cells needs more than one board; describe them in --config (--print-config "
                    "writes a file to start from)";
            return std::nullopt;
        }
        // Named by its device, so that messages say which board is meant.
        BoardSetting board{device.text(), device, *placement, false, 0, {}};
        board.placement.name = device.text();
        return std::vector<BoardSetting>{board};
    }
    if (config.boards.empty()) {
        error =
            "name the board with --board dgt:PATH, --board vboard:NAME or in --config "
            "(arbiterd --list-ports shows serial ports)";
        return std::nullopt;
    }
    return config.boards;
}

namespace {

// The boards the table uses, laid out for the game: each player of a game of
// hidden views has a board of their own; otherwise the boards cover the cells
// once between them.
std::optional<std::vector<BoardSetting>> laidOutBoards(const Configuration& config,
                                                       const Game& game, const GameState& start,
                                                       const TableSetup& setup,
                                                       std::string& error) {
    auto boards = boardsFor(config, game.name(), setup.cells, error);
    if (!boards) return std::nullopt;
    const std::string boardsFile = config.commandLineBoard ? "" : config.file;
    if (std::string why = start.hidden() ? checkPlayerBoards(*boards, setup.cells, setup.seats)
                                         : checkLayout(*boards, setup.cells, boardsFile);
        !why.empty()) {
        error = why;
        return std::nullopt;
    }
    if (std::string why = checkLabels(*boards, boardsFile); !why.empty()) {
        error = why;
        return std::nullopt;
    }
    // Each player's own board of a game of hidden views shows every cell:
    // its squares are the cells, and it needs no label.
    if (!start.hidden()) labelBoards(*boards, setup.cells);
    return boards;
}

// The time control, and whether a DGT clock can keep it at this table.
bool readTimeControl(const Configuration& config, const Game& game, const GameState& start,
                     const std::vector<BoardSetting>& boards, TableSetup& setup,
                     std::string& error) {
    auto control = TimeControl::parse(config.time);
    if (!control) {
        error = config.where("time") + "time \"" + config.time +
                "\" is not a time control; e.g. 5+3, 5b3, 5d3, 5h, 40/90+30:30+30, or dgt "
                "(the DGT clock keeps the time; docs/time-controls.md)";
        return false;
    }
    if (control->keptByDgtClock() && start.hidden()) {
        // Its clock would stand by one player's board, and the table does not read it.
        error = config.where("time") +
                "time \"dgt\": in a game in which each player sees only "
                "part of it, arbiterd keeps the time itself; give a time control such as 15+10";
        return false;
    }
    if (control->keptByDgtClock()) {
        // The DGT clock has two halves, and it speaks only through a DGT board.
        if (setup.seats != 2) {
            error = config.where("time") + "time \"dgt\": a DGT clock keeps the time of two " +
                    "players, but this " + game.name() + " starts with " +
                    std::to_string(setup.seats) + "; give a time control such as 15+10";
            return false;
        }
        const bool anyDgtBoard = std::any_of(boards.begin(), boards.end(),
                                             [](const auto& b) { return b.device.carriesClock(); });
        if (!anyDgtBoard) {
            error = config.where("time") + "time \"dgt\": the DGT clock is read through a " +
                    "DGT board, and this table has none; give a time control such as 15+10";
            return false;
        }
    }
    setup.settings.session.time = *control;
    setup.settings.session.timeGiven = config.timeGiven;
    return true;
}

// The limits that end a game before its rules do: minutes of play, moves.
bool readGameLimits(const Configuration& config, GameLimits& limits, std::string& error) {
    if (!config.timeLimit.empty()) {
        auto ms = GameLimits::parseMinutes(config.timeLimit);
        if (!ms) {
            error = config.where("time-limit") + "time-limit \"" + config.timeLimit +
                    "\" is not minutes of play, more than 0 and at most 1440 (e.g. 90)";
            return false;
        }
        limits.time = *ms;
    }
    if (!config.moveLimit.empty()) {
        auto moves = GameLimits::parseMoves(config.moveLimit);
        if (!moves) {
            error = config.where("move-limit") + "move-limit \"" + config.moveLimit +
                    "\" is not a number of moves from 1 to 10000";
            return false;
        }
        limits.moves = *moves;
    }
    return true;
}

// How the table runs: the boards' clock, the settle time, the log, speech.
bool readTableSettings(const Configuration& config, TableSetup& setup, std::string& error) {
    // The command line's value is read here; the file's was read with the file.
    if (Configuration checked = config; !readClockWhite(config.clockWhite, checked, error)) {
        error = config.where("clock-white") + error;
        return false;
    }
    if (config.settleMs < 0 || config.settleMs > 10000) {
        error = config.where("settle-ms") + "settle-ms must be between 0 and 10000";
        return false;
    }
    setup.logLevel = spdlog::level::from_str(config.logLevel);
    if (setup.logLevel == spdlog::level::off && config.logLevel != "off") {
        error = config.where("log-level") + "unknown log level \"" + config.logLevel +
                "\"; known levels: trace, debug, info, warn, error, critical, off";
        return false;
    }
    if (config.speak) {
        setup.speech = speechLanguageNamed(*config.speak);
        if (!setup.speech) {
            error = config.where("speak") + "arbiterd does not speak \"" + *config.speak +
                    "\"; speak takes " + speechLanguagesText();
            return false;
        }
    }
    setup.settings.settleMs = config.settleMs;
    setup.settings.clockFace.white =
        config.clockWhite == "right" ? ClockHalf::Right : ClockHalf::Left;
    return true;
}

// Where games begin: the seed chance comes from, and the position.
bool readSeedAndPosition(const Configuration& config, const Game& game, TableSetup& setup,
                         std::string& error) {
    if (!config.seed.empty()) {
        auto seed = ChanceSource::parseSeed(config.seed);
        if (!seed) {
            error = "seed \"" + config.seed + "\" is not 1 to 16 hexadecimal digits (0-9, a-f)";
            return false;
        }
        setup.settings.session.seed = *seed;
        setup.seedChosen = true;
    }
    if (auto start = startState(game, config.position, error); !start) {
        error = config.where("position") + error;
        return false;
    }
    setup.settings.session.start = config.position;
    return true;
}

// What is wrong with the journal folder, its line first; "" when it may serve.
std::string checkJournal(const Configuration& config) {
    if (std::string why = checkJournalFolder(config.journal); !why.empty())
        return config.where("journal") + why;
    // The folder's full path goes into the journal and the control socket's
    // replies, JSON that holds only UTF-8. Its value was checked as it was read,
    // but the working directory a relative one hangs from was not: a folder
    // that is not UTF-8 is refused here rather than written mangled.
    if (!config.journal.empty()) {
        std::error_code ec;
        const std::string full = std::filesystem::absolute(config.journal, ec).string();
        if (!isUtf8(full)) {
            return config.where("journal") + "the journal folder \"" + printable(full) +
                   "\" is not UTF-8 text; give a folder whose full path is UTF-8 (--journal)";
        }
    }
    return {};
}

// What is wrong with the players' secrets, its line first; "" when they serve:
// only a game of hidden views takes them, one each, none the same.
std::string checkSecrets(const Configuration& config, const Game& game, const GameState& start,
                         int seats) {
    const auto& secrets = config.secrets;
    if (!secrets.empty() && !start.hidden()) {
        return config.where("secrets") +
               "secrets are for a game in which each player sees only "
               "part of it (csipgs with the option moderated); every player of this " +
               game.name() + " sees everything";
    }
    for (size_t i = 0; i < secrets.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (secrets[i] == secrets[j]) {
                return config.where("secrets") + "players " + std::to_string(j + 1) + " and " +
                       std::to_string(i + 1) + " have the same secret; give each their own";
            }
        }
    }
    if (!secrets.empty() && secrets.size() != static_cast<size_t>(seats)) {
        return config.where("secrets") + "give one secret per player: " + game.name() +
               " starts with " + std::to_string(seats) + " players, and " +
               std::to_string(secrets.size()) + " secrets were given";
    }
    return {};
}

// The calibration of the boards that read tags, from the journal folder: a
// bad file stops the table before anything starts, as a bad configuration does.
bool readPieceCalibration(TableSettings& settings, std::string& error) {
    const bool needed = std::any_of(settings.boards.begin(), settings.boards.end(),
                                    [](const BoardSetting& b) { return readsPieceTags(b.device); });
    if (!needed) return true;
    return loadPieceCalibration(pieceCalibrationPath(settings.session.journalDir),
                                settings.pieceTags, error);
}

}  // namespace

std::optional<TableSetup> setUpTable(const Configuration& config, std::string& error) {
    auto game = chooseGame(config, error);
    if (!game) return std::nullopt;
    TableSetup setup;
    setup.game = gameInfo(config.game);
    setup.options = game->options();
    auto start = game->start();
    setup.cells = start->geometry();
    setup.seats = start->playerCount();

    if (std::string why = checkNames(config, *setup.game, setup.seats); !why.empty()) {
        error = why;
        return std::nullopt;
    }
    auto boards = laidOutBoards(config, *game, *start, setup, error);
    if (!boards) return std::nullopt;
    if (!readTimeControl(config, *game, *start, *boards, setup, error) ||
        !readGameLimits(config, setup.settings.session.limits, error) ||
        !readTableSettings(config, setup, error) ||
        !readSeedAndPosition(config, *game, setup, error))
        return std::nullopt;
    if (std::string why = checkJournal(config); !why.empty()) {
        error = why;
        return std::nullopt;
    }
    if (std::string why = checkSecrets(config, *game, *start, setup.seats); !why.empty()) {
        error = why;
        return std::nullopt;
    }
    TableSettings& settings = setup.settings;
    settings.game = game->name();
    settings.gameOptions = setup.options;
    settings.boards = *boards;
    settings.newGame = config.newGame;
    settings.session.players = config.playerNames;
    settings.session.journalDir = config.journal;
    if (!readPieceCalibration(settings, error)) return std::nullopt;
    settings.secrets = config.secrets;
    if (!readMachineSettings(config, *start, settings, setup.machineNote, error))
        return std::nullopt;
    setup.journalWhere = config.where("journal");
    setup.socketWhere = config.where("socket");
    setup.socketPath = config.socket.empty() ? control::defaultSocketPath() : config.socket;
    if (!readHallSettings(config, machineName(), setup.broadcast, error)) return std::nullopt;
    return setup;
}

}  // namespace arbiter
