#include "daemon/config/command_line.h"

#include <boost/program_options.hpp>
#include <sstream>
#include <vector>

#include "daemon/base/utf8.h"
#include "daemon/config/setting_text.h"

namespace arbiter {

namespace po = boost::program_options;

namespace {

// "pieces=5" to ("pieces", "5"); a text without "=" has no value.
std::pair<std::string, std::string> splitAssignment(const std::string& text) {
    size_t equals = text.find('=');
    if (equals == std::string::npos) return {text, {}};
    return {text.substr(0, equals), text.substr(equals + 1)};
}

// Names, paths and positions all end up in JSON (the journal, the control
// socket), which holds only UTF-8: a Latin-1 name is refused here, not when
// the game starts.
bool checkArgumentsAreUtf8(int argc, const char* const argv[], std::string& error) {
    for (int i = 1; i < argc; ++i) {
        if (!isUtf8(argv[i])) {
            error = "argument " + std::to_string(i) + " \"" + printable(argv[i]) +
                    "\" is not UTF-8 text; give names, paths and every other value in UTF-8";
            return false;
        }
    }
    return true;
}

// The values kept as text until every option is parsed, then read by the
// readers the configuration file uses too, so that both say the same.
struct ValuesAsText {
    std::string board, players, size, speak, secrets, settleMs, busPort, vboardProtocol;
    std::vector<std::string> options, standIns;
};

// The hall's options (docs/hall.md): the broker and how to reach it.
void describeHallOptions(po::options_description& described, Configuration& config) {
    described.add_options()(
        "mqtt", po::value(&config.mqtt)->value_name("URL"),
        "publish the table to an MQTT broker for a hall of tables: "
        "mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX], or mqtts:// for TLS (docs/hall.md)")(
        "mqtt-table", po::value(&config.mqttTable)->value_name("NAME"),
        "the table's name in the hall's topics (default: this machine's name)")(
        "mqtt-password-file", po::value(&config.mqttPasswordFile)->value_name("FILE"),
        "the broker's password, the first line of FILE (rather than in the URL)")(
        "mqtt-ca", po::value(&config.mqttCa)->value_name("FILE"),
        "with mqtts://, the CA certificate to believe (default: the system's)")(
        "mqtt-cert", po::value(&config.mqttCert)->value_name("FILE"),
        "with mqtts://, a client certificate for the broker")(
        "mqtt-key", po::value(&config.mqttKey)->value_name("FILE"),
        "with mqtts://, the client certificate's key")(
        "mqtt-actions", po::value(&config.mqttActions)->implicit_value("yes")->value_name("yes|no"),
        "take actions (resign, draw offers, moves without boards) from the broker's "
        "PREFIX/tables/TABLE/do topic; its ACL decides who may publish there");
}

// The machine's seats (docs/machine.md).
void describeMachineOptions(po::options_description& described, Configuration& config) {
    described.add_options()(
        "machine,m", po::value(&config.machines)->composing()->value_name("SEAT[:LEVEL]"),
        "the machine plays SEAT (its number from 1, or the game's name for it: black), at "
        "LEVEL 1 (weakest) to 8 (default 4); repeat for more seats")(
        "machine-time", po::value(&config.machineTime)->value_name("SECONDS"),
        "the time the machine thinks per turn, at most (default 3)")(
        "machine-engine", po::value(&config.machineEngine)->value_name("PATH|builtin"),
        "the UCI engine that plays chess (default /usr/games/stockfish, Debian's stockfish); "
        "builtin: the player every other game has");
}

// The options table: each option, its help and where its value goes.
void describeOptions(po::options_description& described, Configuration& config,
                     std::string& configFile, ValuesAsText& texts) {
    described.add_options()("help,h", "show this help")(
        "config,c", po::value(&configFile),
        "configuration file (INI, docs/configuration.md); the command line wins over it")(
        "game,g", po::value(&config.game)->default_value(config.game),
        "the game to referee (--list-games describes them)")(
        "players", po::value(&texts.players),
        "how many players the game starts with, where the game allows a choice")(
        "size", po::value(&texts.size),
        "the surface in cells, FILESxRANKS (e.g. 16x16), where the game allows a choice")(
        "option", po::value(&texts.options)->composing(),
        "a game option, NAME=VALUE, e.g. pieces=5 (repeat)")(
        "stand-in", po::value(&texts.standIns)->composing(),
        "the piece of a chess set standing for a game piece, PIECE=SETPIECE, e.g. "
        "\"piece=black knight\" or piece=n (repeat)")(
        "board,b", po::value(&texts.board),
        "one board covering the game: dgt:PATH (a serial port or a pty), vboard:NAME (a virtual "
        "board started with arbiter-vboard --name NAME), or auto: found by asking every port "
        "with every protocol (docs/boards.md, \"Finding boards\")")(
        "vboard-protocol", po::value(&texts.vboardProtocol),
        "with no board named, the protocol the game's own virtual boards speak: dgt (the "
        "default), millennium, certabo, sentio, chessnut or dgt-bus (each board a line of its "
        "own, at address 1); --print-start and the commands arbiterd prints say so")(
        "time,t", po::value(&config.time)->default_value(config.time),
        "time control, e.g. 5+3, or dgt: the DGT clock keeps it (docs/time-controls.md)")(
        "time-limit", po::value(&config.timeLimit),
        "minutes of play for the whole game; then the round is finished and the game ends")(
        "move-limit", po::value(&config.moveLimit),
        "moves each player makes at most; the game ends after that round")(
        "player,p", po::value(&config.playerNames)->composing(),
        "a player's name, in turn order (repeat)")(
        "journal,j", po::value(&config.journal)->default_value(config.journal),
        "directory of game journals and records; an unfinished game there is resumed")(
        "new-game", po::bool_switch(&config.newGame),
        "close an unfinished game in the journal directory as abandoned, and begin a new one")(
        "settle-ms", po::value(&texts.settleMs)->default_value(std::to_string(config.settleMs)),
        "how long the board must be still before it is judged (ms)")(
        "clock-white", po::value(&config.clockWhite)->default_value(config.clockWhite),
        "the half of a DGT clock on the boards that is White's, seen from its front: left or "
        "right")("socket,s", po::value(&config.socket),
                 "control socket path (default $XDG_RUNTIME_DIR/arbiter/arbiterd.sock, else "
                 "/tmp/arbiter-UID/arbiterd.sock)")(
        "position", po::value(&config.position),
        "the position games begin from, in the game's own text (FIDE chess: a FEN; "
        "docs/rules/GAME.md, \"position text\"); default the game's start")(
        "seed", po::value(&config.seed),
        "where chance comes from, 1 to 16 hex digits (default: a fresh one per start); the same "
        "seed and the same play draw the same dice")(
        "log-level", po::value(&config.logLevel)->default_value(config.logLevel),
        "trace, debug, info, warn, error")(
        "secrets", po::value(&texts.secrets),
        "in a moderated game, each player's secret for arbiterctl --as, in turn order: "
        "W-s3cret,B-s3cret")(
        "speak", po::value(&texts.speak)->implicit_value("en"),
        "speak the announcements through espeak-ng, in en (English, the default) or de "
        "(German)")("list-ports", "list serial ports and likely boards, then exit")(
        "probe",
        "with --list-ports: also ask every port, with every protocol, who it is, and name the "
        "board that answers (writes to every port; takes a few seconds)")(
        "search-bus", po::value(&texts.busPort),
        "ping every board on the DGT bus at this serial port and list their addresses, then "
        "exit")("list-games",
                "describe every game: players, surface, options and stand-ins; then exit")(
        "print-config",
        "print a complete configuration file for this table (on virtual boards unless boards "
        "are given), then exit")(
        "check-config", "check the configuration, print a summary and exit; starts nothing")(
        "print-start",
        "print the position each board must show for the game to begin, one line per board "
        "(its device and a FEN of its own squares, as arbiter-vboard --setup takes it), then "
        "exit")("calibrate",
                "learn which RFID tag is which piece from the chess start position set up on "
                "each Certabo board of the table, add it to certabo-pieces.txt in the journal "
                "folder, then exit");
    describeHallOptions(described, config);
    describeMachineOptions(described, config);
}

// What arbiterd is asked to do. The help and the lists need nothing else; of
// the others, only one can be done.
std::optional<DaemonRequest> readRequest(const po::variables_map& vm, std::string& error) {
    if (vm.count("help")) return DaemonRequest::Help;
    if (vm.count("list-ports")) return DaemonRequest::ListPorts;
    if (vm.count("search-bus")) return DaemonRequest::SearchBus;
    if (vm.count("list-games")) return DaemonRequest::ListGames;
    if (vm.count("print-config") + vm.count("check-config") + vm.count("print-start") +
            vm.count("calibrate") >
        1) {
        error = "give one of --print-config, --check-config, --print-start and --calibrate";
        return std::nullopt;
    }
    if (vm.count("calibrate")) return DaemonRequest::Calibrate;
    if (vm.count("print-start")) return DaemonRequest::PrintStart;
    if (vm.count("print-config")) return DaemonRequest::PrintConfig;
    if (vm.count("check-config")) return DaemonRequest::CheckConfig;
    return DaemonRequest::Run;
}

// --vboard-protocol NAME: one of the table of drivers.
bool readVirtualBoardProtocol(const std::string& text, Configuration& config, std::string& error) {
    if (!DeviceSpec::virtualBoard("left", text, error)) {
        error = "--vboard-protocol: " + error;
        return false;
    }
    config.vboardProtocol = text;
    return true;
}

// The values kept as text, read into `config`. Each key the command line sets
// is added to `fromCommandLine`, so that the configuration file leaves it alone.
bool readValues(const po::variables_map& vm, const ValuesAsText& texts, Configuration& config,
                std::vector<std::string>& fromCommandLine, std::string& error) {
    for (const auto& [name, value] : vm) {
        if (!value.defaulted() && name != "option" && name != "stand-in")
            fromCommandLine.push_back(name);
    }
    if (vm.count("players") && !readPlayerCount(texts.players, config, error)) return false;
    if (vm.count("size") && !readSurfaceSize(texts.size, config, error)) return false;
    for (const auto& text : texts.options) {
        auto [name, value] = splitAssignment(text);
        if (text.find('=') == std::string::npos) {
            error = "--option takes NAME=VALUE, e.g. --option pieces=5, not \"" + text + "\"";
            return false;
        }
        if (!readOption(name, value, config, error)) return false;
        fromCommandLine.push_back("options." + name);
    }
    for (const auto& text : texts.standIns) {
        auto [piece, setPiece] = splitAssignment(text);
        if (text.find('=') == std::string::npos) {
            error =
                "--stand-in takes PIECE=SETPIECE, e.g. --stand-in \"piece=black knight\", "
                "not \"" +
                text + "\"";
            return false;
        }
        if (!readStandIn(piece, setPiece, config, error)) return false;
        fromCommandLine.push_back("stand-ins." + piece);
    }
    // An empty --position is no position (perft refuses it too), not the
    // game's start: that is --position left out.
    if (vm.count("position") && config.position.empty()) {
        error =
            "--position \"\" gives no position: give one in the game's own text, or leave "
            "--position out for the game's start";
        return false;
    }
    if (!vm["settle-ms"].defaulted()) {
        auto ms = setting_text::wholeNumber(texts.settleMs, 5);
        if (!ms) {
            error = "settle-ms must be a whole number of milliseconds from 0 to 10000, not \"" +
                    texts.settleMs + "\"";
            return false;
        }
        config.settleMs = *ms;
    }
    if (vm.count("speak")) config.speak = texts.speak;
    if (vm.count("secrets")) {
        if (!readSecrets(texts.secrets, config, error)) return false;
    }
    if (vm.count("vboard-protocol") &&
        !readVirtualBoardProtocol(texts.vboardProtocol, config, error))
        return false;
    if (vm.count("board")) {
        auto device = DeviceSpec::parse(texts.board, error);
        if (!device) return false;
        config.commandLineBoard = *device;
    }
    return true;
}

}  // namespace

std::optional<CommandLine> readCommandLine(int argc, const char* const argv[], std::string& error) {
    if (!checkArgumentsAreUtf8(argc, argv, error)) return std::nullopt;
    CommandLine result;
    Configuration& config = result.config;
    ValuesAsText texts;
    po::options_description described("arbiterd options");
    describeOptions(described, config, result.configFile, texts);
    std::ostringstream help;
    help << described;
    result.help = help.str();

    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, described), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        error = std::string(e.what()) + "\n" + result.help;
        return std::nullopt;
    }
    // A time control given rather than defaulted must fit a game resumed.
    if (!vm["time"].defaulted()) config.timeGiven = true;
    if (!vm["game"].defaulted()) config.gameGiven = true;
    auto request = readRequest(vm, error);
    if (!request) return std::nullopt;
    result.request = *request;
    result.busPort = texts.busPort;
    result.probePorts = vm.count("probe") > 0;
    if (result.probePorts && *request != DaemonRequest::ListPorts) {
        error = "--probe goes with --list-ports: arbiterd --list-ports --probe";
        return std::nullopt;
    }
    if (*request == DaemonRequest::Help || *request == DaemonRequest::ListPorts ||
        *request == DaemonRequest::ListGames || *request == DaemonRequest::SearchBus)
        return result;

    std::vector<std::string> fromCommandLine;
    if (!readValues(vm, texts, config, fromCommandLine, error)) return std::nullopt;
    if (!result.configFile.empty() &&
        !readConfigurationFile(result.configFile, fromCommandLine, config, error))
        return std::nullopt;
    return result;
}

}  // namespace arbiter
