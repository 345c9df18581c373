#include "daemon/config/configuration_text.h"

#include <algorithm>
#include <sstream>

#include "daemon/broadcast/broker_address.h"
#include "daemon/config/machine_setup.h"
#include "daemon/control/control_protocol.h"

namespace arbiter {

namespace {

std::string range(int min, int max, const char* between) {
    return min == max ? std::to_string(min) : std::to_string(min) + between + std::to_string(max);
}

std::string cellsText(int files, int ranks) {
    return std::to_string(files) + "x" + std::to_string(ranks);
}

std::string playersText(const GameInfo& game) {
    std::string text = game.playersText.empty() ? range(game.minPlayers, game.maxPlayers, " to ")
                                                : game.playersText;
    if (game.minPlayers != game.maxPlayers)
        text += " (default " + std::to_string(game.defaultPlayers) + ")";
    return text;
}

bool playedWithoutBoards(const GameInfo& game) {
    return game.maxFiles == 0 || game.maxRanks == 0;
}

std::string surfaceText(const GameInfo& game) {
    if (playedWithoutBoards(game)) return "none: played without boards, through arbiterctl";
    if (game.sizeFixed()) return cellsText(game.minFiles, game.minRanks) + " cells";
    if (game.surfaceFor) return game.surfaceNote;
    return range(game.minFiles, game.maxFiles, "..") + " files x " +
           range(game.minRanks, game.maxRanks, "..") + " ranks (" +
           (game.defaultSurfaceFor ? game.surfaceNote
                                   : "default " + cellsText(game.defaultFiles, game.defaultRanks)) +
           ")";
}

// A board's section name: its own, or "main" for the one board named by its device.
std::string sectionName(const BoardSetting& board) {
    bool usable = !board.name.empty() && board.name.size() <= 32 &&
                  std::all_of(board.name.begin(), board.name.end(), [](char c) {
                      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9') || c == '-' || c == '_';
                  });
    return usable ? board.name : "main";
}

// The heading, the game and how many play it on what surface.
void writeGame(std::ostream& out, const GameInfo& game, const TableSetup& setup) {
    out << "# arbiterd configuration: " << game.title << ".\n"
        << "# Written by arbiterd --print-config; arbiterd --config FILE --check-config checks\n"
        << "# it. Every key is described in docs/configuration.md.\n\n";

    out << "game = " << game.name << "\n";
    out << "# Players at the start: " << playersText(game) << ".\n";
    out << "players = " << setup.seats << "\n";
    if (playedWithoutBoards(game)) {
        out << "# Played without boards: arbiterctl referees it (docs/control.md).\n";
    } else if (game.sizeFixed()) {
        out << "# The surface: " << cellsText(game.minFiles, game.minRanks) << " cells, always.\n";
    } else if (game.surfaceFor) {
        out << "# The surface follows the players: " << game.surfaceNote << ".\n";
    } else {
        out << "# The surface in cells, FILESxRANKS: " << surfaceText(game) << ".\n";
        out << "size = " << cellsText(setup.cells.files(), setup.cells.ranks()) << "\n";
    }
}

// The time control and the limits on the whole game.
void writeTime(std::ostream& out, const Configuration& config, const TableSettings& settings) {
    out << "# Time control: 5+3, 5b3 (Bronstein), 5d3 (delay), 5h (hourglass),\n"
        << "# 40/90+30:30+30 (periods), dgt (the players' DGT clock keeps the time);\n"
        << "# docs/time-controls.md.\n";
    out << "time = " << settings.session.time.text() << "\n";
    out << "# Minutes of play for the whole game (up to 1440), and moves each player makes\n"
        << "# at most (up to 10000); none by default.\n";
    out << (config.timeLimit.empty() ? "# time-limit = 90" : "time-limit = " + config.timeLimit)
        << "\n";
    out << (config.moveLimit.empty() ? "# move-limit = 40" : "move-limit = " + config.moveLimit)
        << "\n";
}

// The players' names and the position games begin from.
void writePlayersAndStart(std::ostream& out, const Configuration& config, const GameInfo& game) {
    out << "# The players' names in turn order, one line per player; by default the\n"
        << "# game's own.\n";
    if (config.playerNames.empty()) out << "# player = Ann\n# player = Bob\n";
    for (const auto& name : config.playerNames) out << "player = " << name << "\n";
    out << "# The position games begin from, in the game's own text (FIDE chess: a FEN;\n"
        << "# docs/rules/" << game.name << ".md); by default the game's start.\n";
    out << (config.position.empty() ? "# position = " : "position = " + config.position) << "\n";
}

// How the table runs: journal, settle time, the boards' clock, socket, log, speech, secrets.
void writeTableSettings(std::ostream& out, const Configuration& config,
                        const TableSettings& settings) {
    out << "# Where journals and records go; an unfinished game there is resumed.\n";
    out << "journal = " << config.journal << "\n";
    out << "# How long the boards must be still before they are judged, 0 to 10000 ms.\n";
    out << "settle-ms = " << settings.settleMs << "\n";
    out << "# The half of a DGT clock on the boards that is White's, seen from its front.\n";
    out << "clock-white = " << config.clockWhite << "\n";
    out << "# The control socket for arbiterctl.\n";
    out << (config.socket.empty() ? "# socket = " + control::defaultSocketPath()
                                  : "socket = " + config.socket)
        << "\n";
    out << "# trace, debug, info, warn, error\n";
    out << "log-level = " << config.logLevel << "\n";
    out << "# Speak the announcements through espeak-ng: en (English) or de (German);\n"
        << "# silent by default.\n";
    out << (config.speak ? "speak = " + *config.speak : std::string("# speak = en")) << "\n";
    if (!config.secrets.empty()) {
        // Never printed: what is printed may be read at the table.
        out << "# Each player's secret for arbiterctl --as, in turn order (docs/control.md):\n"
            << "# given, and not printed here.\n# secrets = white-secret, black-secret\n";
    }
}

// The hall the table is published to (docs/hall.md), its password never printed.
void writeHallSettings(std::ostream& out, const Configuration& config) {
    out << "# Publish the table to an MQTT broker for a hall of tables (docs/hall.md):\n"
        << "# mqtt://[USER@]HOST[:PORT][/PREFIX], or mqtts:// for TLS.\n";
    std::string error;
    const auto address =
        config.mqtt.empty() ? std::nullopt : parseBrokerAddress(config.mqtt, error);
    if (!address) {
        out << "# mqtt = mqtt://hall.local\n# mqtt-table = board-1\n";
        return;
    }
    out << "mqtt = " << address->text() << "\n";
    if (!config.mqttTable.empty()) out << "mqtt-table = " << config.mqttTable << "\n";
    if (!address->password.empty() && config.mqttPasswordFile.empty())
        out << "# The URL's password is not printed: put it in a file of its own.\n"
            << "# mqtt-password-file = /etc/arbiter/broker-password\n";
    for (const auto& [key, value] :
         {std::pair{"mqtt-password-file", &config.mqttPasswordFile},
          std::pair{"mqtt-ca", &config.mqttCa}, std::pair{"mqtt-cert", &config.mqttCert},
          std::pair{"mqtt-key", &config.mqttKey}})
        if (!value->empty()) out << key << " = " << *value << "\n";
    out << "mqtt-actions = " << config.mqttActions << "\n";
}

// The machine's seats, its time and its engine (docs/machine.md), as read.
void writeMachineSettings(std::ostream& out, const Configuration& config,
                          const TableSettings& settings, const GameState& start) {
    out << "# The seats the machine plays, SEAT[:LEVEL] with levels 1 to 8 (docs/machine.md):\n";
    const std::string seats = machineSeatsText(start, settings.session.machines);
    out << (seats.empty() ? "# machine = " + machineSeatText(start, {1, 4}) : "machine = " + seats)
        << "\n";
    out << "machine-time = " << config.machineTime << "\n";
    out << "machine-engine = " << config.machineEngine << "\n";
}

// [options], each with its allowed values and default.
void writeOptions(std::ostream& out, const GameInfo& game, const GameOptions& options) {
    if (game.options.empty()) {
        out << "# " << game.name << " takes no options.\n";
        return;
    }
    out << "[options]\n";
    for (const OptionSpec& o : game.options) {
        out << "# " << o.description << ": " << o.allowed() << ", default " << o.defaultValue
            << ".\n";
        out << o.name << " = " << options.value(o.name) << "\n";
    }
}

// [stand-ins]: the piece of a chess set standing for each of the game's pieces.
void writeStandIns(std::ostream& out, const GameInfo& game, const GameOptions& options) {
    if (game.standIns.empty()) {
        out << "# " << game.name
            << (playedWithoutBoards(game) ? " has no pieces on a board: no stand-ins.\n"
                                          : " is played with chess pieces as they are: no "
                                            "stand-ins.\n");
        return;
    }
    out << "[stand-ins]\n";
    out << "# The piece of a chess set that stands for each of the game's pieces: a\n"
        << "# colour and a figure (black knight) or a FEN letter (n).\n";
    if (std::any_of(game.standIns.begin(), game.standIns.end(),
                    [](const StandInSpec& s) { return s.alternatives; }))
        out << "# Where several are listed (white knight or rook), any of them will do.\n";
    for (const StandInSpec& s : game.standIns) {
        out << "# " << s.piece << ": " << s.description << "; by default a " << s.standIn.words()
            << ".\n";
        out << s.piece << " = " << options.standInOf(s.piece).words() << "\n";
    }
}

// A [board.NAME] section per board.
void writeBoards(std::ostream& out, const TableSetup& setup) {
    const auto& boards = setup.settings.boards;
    if (!boards.empty()) {
        out << "\n# The boards, one section each, together covering the "
            << cellsText(setup.cells.files(), setup.cells.ranks()) << " cells. A virtual board\n"
            << "# vboard:NAME is started as arbiter-vboard --name NAME; a DGT board is\n"
            << "# device = dgt:/dev/ttyACM0 (arbiterd --list-ports lists them).\n";
    }
    for (const BoardSetting& b : boards) {
        const BoardPlacement& p = b.placement;
        out << "\n[board." << sectionName(b) << "]\n";
        out << "device = " << b.device.text() << "\n";
        out << "origin = " << originText(p, setup.cells) << "\n";
        if (b.rotationGiven) out << "rotation = " << p.rotation << "\n";
        if (!p.used.all()) out << "squares = " << squaresText(p.used) << "\n";
        if (p.sensing == Sensing::Occupancy) out << "sensing = occupancy\n";
        if (!b.label.empty()) out << "label = " << b.label << "\n";
    }
}

}  // namespace

std::string describeGames(const std::vector<GameInfo>& games) {
    std::ostringstream out;
    for (size_t i = 0; i < games.size(); ++i) {
        const GameInfo& g = games[i];
        if (i > 0) out << "\n";
        out << g.name << ": " << g.title << "\n";
        out << "  players    " << playersText(g) << "\n";
        out << "  surface    " << surfaceText(g) << "\n";
        if (g.options.empty()) out << "  options    none\n";
        for (const OptionSpec& o : g.options) {
            out << "  option     " << o.name << " = " << o.allowed() << " (default "
                << o.defaultValue << "): " << o.description << "\n";
        }
        if (g.standIns.empty())
            out << (playedWithoutBoards(g) ? "  stand-ins  none: nothing stands on a board\n"
                                           : "  stand-ins  none: the pieces are chess pieces\n");
        for (const StandInSpec& s : g.standIns) {
            out << "  stand-in   " << s.piece
                << (s.alternatives ? " = a piece of a chess set, or several figures any of which "
                                     "counts (default "
                                   : " = any piece of a chess set (default ")
                << s.standIn.words() << "): " << s.description << "\n";
        }
    }
    return out.str();
}

std::string configurationText(const Configuration& config, const TableSetup& setup) {
    const GameInfo& game = *setup.game;
    std::ostringstream out;
    writeGame(out, game, setup);
    writeTime(out, config, setup.settings);
    writePlayersAndStart(out, config, game);
    writeTableSettings(out, config, setup.settings);
    writeHallSettings(out, config);
    // The seats by the game's names for them, as its start names them.
    std::string unused;
    if (const auto played = makeGame(game.name, setup.options, unused))
        writeMachineSettings(out, config, setup.settings, *played->start());
    out << "\n";
    writeOptions(out, game, setup.options);
    out << "\n";
    writeStandIns(out, game, setup.options);
    writeBoards(out, setup);
    return out.str();
}

std::string startPositionText(const TableSetup& setup, const GameState& start) {
    std::string text;
    PlayerId seat = -1;
    for (const BoardSetting& board : setup.settings.boards) {
        ++seat;
        std::string fen;
        for (int row = 0; row < 8; ++row) {
            int empty = 0;
            for (int file = 0; file < 8; ++file) {
                const int square = row * 8 + file;  // the board's own numbering, 0 = a8
                Appearance look;
                if (board.placement.used.test(static_cast<size_t>(square))) {
                    Cell c = Surface::cellOf(start.geometry(), board.placement, square);
                    // Where each player sees only part of the game, board i
                    // is seat i's own and shows that player's view.
                    if (c != NoCell)
                        look = start.hidden() ? view(start, seat).looks[static_cast<size_t>(c)]
                                              : start.appearance(c);
                }
                if (!look) {
                    ++empty;
                    continue;
                }
                if (empty) fen += std::to_string(empty);
                empty = 0;
                fen += letter(*look);
            }
            if (empty) fen += std::to_string(empty);
            if (row < 7) fen += '/';
        }
        text += board.device.text() + " " + fen + "\n";
    }
    return text;
}

std::string describeSetup(const TableSetup& setup) {
    const TableSettings& settings = setup.settings;
    std::string text = setup.game->name + ", " + std::to_string(setup.seats) + " players";
    const auto& names = settings.session.players;
    if (!names.empty()) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        text += " (" + list + ")";
    }
    if (setup.cells.size() == 0) {
        text += ", no boards";
    } else {
        size_t boards = settings.boards.size();
        text += ", " + cellsText(setup.cells.files(), setup.cells.ranks()) + " cells on " +
                std::to_string(boards) + (boards == 1 ? " board" : " boards");
    }
    text += ", time " + settings.session.time.text();
    if (!settings.session.start.empty()) text += ", from " + settings.session.start;
    if (Millis ms = settings.session.limits.time; ms > 0) {
        std::ostringstream minutes;
        // A limit is at most a day's milliseconds, which a double holds exactly.
        minutes << static_cast<double>(ms) / 60000.0;  // 90, or 2.5: as it was written
        text += ", time limit " + minutes.str() + " min";
    }
    if (settings.session.limits.moves > 0)
        text += ", move limit " + std::to_string(settings.session.limits.moves);
    for (const auto& [name, value] : setup.options.values) text += ", " + name + "=" + value;
    for (const auto& [piece, set] : setup.options.standIns)
        text += ", " + piece + "=" + set.words();
    if (setup.broadcast)
        text += ", in the hall at " + setup.broadcast->login.address.text() + " as " +
                setup.broadcast->table;
    return text;
}

}  // namespace arbiter
