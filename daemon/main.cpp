// arbiterd: referees games played with real pieces on sensor boards.
// See README.md and docs/arbiterd.md.

#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <iostream>

#include <spdlog/spdlog.h>

#include "daemon/announcement.h"
#include "daemon/configuration.h"
#include "daemon/control_protocol.h"
#include "daemon/control_server.h"
#include "daemon/event_loop.h"
#include "daemon/table.h"
#include "daemon/time_source.h"
#include "drivers/transport/port_discovery.h"

namespace po = boost::program_options;
using namespace arbiter;

namespace {

int listPorts() {
    std::string error;
    auto ports = listSerialPorts(error);
    if (!error.empty()) {
        std::cerr << "arbiterd: " << error << "\n";
        return 1;
    }
    if (ports.empty()) std::cout << "no serial ports found\n";
    for (const auto& p : ports) {
        std::cout << p.path << "  " << p.description;
        if (p.vendorId) std::cout << "  usb " << usbId(p);
        if (!p.serialNumber.empty()) std::cout << "  serial " << p.serialNumber;
        if (p.maybeDgt) std::cout << "  (maybe a DGT board: try --board dgt:" << p.path << ")";
        std::cout << "\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Configuration config;
    std::string configFile, board;
    po::options_description options("arbiterd options");
    options.add_options()("help,h", "show this help")(
        "config,c", po::value(&configFile),
        "configuration file (INI, docs/configuration.md); the command line wins over it")(
        "game,g", po::value(&config.game)->default_value(config.game), "the game to referee")(
        "board,b", po::value(&board),
        "one board covering the game: dgt:PATH (a serial port or a pty) or vboard:NAME (a virtual "
        "board started with arbiter-vboard --name NAME)")(
        "time,t", po::value(&config.time)->default_value(config.time),
        "time control, e.g. 5+3 (docs/time-controls.md)")(
        "time-limit", po::value(&config.timeLimit),
        "minutes of play for the whole game; then the round is finished and the game ends")(
        "move-limit", po::value(&config.moveLimit),
        "moves each player makes at most; the game ends after that round")(
        "player,p", po::value(&config.players)->composing(),
        "a player's name, in turn order (repeat)")(
        "journal,j", po::value(&config.journal)->default_value(config.journal),
        "directory of game journals and records; an unfinished game there is resumed")(
        "settle-ms", po::value(&config.settleMs)->default_value(config.settleMs),
        "how long the board must be still before it is judged (ms)")(
        "socket,s", po::value(&config.socket),
        "control socket path (default $XDG_RUNTIME_DIR/arbiterd.sock or /tmp/arbiterd.sock)")(
        "log-level", po::value(&config.logLevel)->default_value(config.logLevel),
        "trace, debug, info, warn, error")("list-ports",
                                           "list serial ports and likely boards, then exit");

    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, options), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        std::cerr << "arbiterd: " << e.what() << "\n" << options << "\n";
        return 2;
    }
    if (vm.count("help")) {
        std::cout << options << "\n";
        return 0;
    }
    if (vm.count("list-ports")) return listPorts();

    std::string error;
    if (!configFile.empty()) {
        std::vector<std::string> fromCommandLine;
        for (const auto& [name, value] : vm) {
            if (!value.defaulted()) fromCommandLine.push_back(name);
        }
        if (!readConfigurationFile(configFile, fromCommandLine, config, error)) {
            std::cerr << "arbiterd: " << error << "\n";
            return 2;
        }
    }
    if (!board.empty()) {
        auto device = DeviceSpec::parse(board, error);
        if (!device) {
            std::cerr << "arbiterd: " << error << "\n";
            return 2;
        }
        auto game = makeGame(config.game);
        auto placement = game ? defaultPlacement(game->start()->geometry()) : std::nullopt;
        if (game && !placement) {
            std::cerr << "arbiterd: " << config.game
                      << " needs more than one board; describe them in --config\n";
            return 2;
        }
        // Named by its device, so that messages say which board is meant.
        config.boards = {{device->text(), *device, placement.value_or(BoardPlacement{}), false, 0}};
        config.boards[0].placement.name = device->text();
    }
    if (config.boards.empty()) {
        std::cerr
            << "arbiterd: name the board with --board dgt:PATH, --board vboard:NAME or in --config "
               "(arbiterd --list-ports shows serial ports)\n";
        return 2;
    }

    auto logLevel = spdlog::level::from_str(config.logLevel);
    if (logLevel == spdlog::level::off && config.logLevel != "off") {
        std::cerr << "arbiterd: unknown log level \"" << config.logLevel << "\"\n";
        return 2;
    }
    spdlog::set_level(logLevel);
    spdlog::set_pattern("%H:%M:%S.%e %^%l%$ %v");

    TableSettings settings;
    settings.game = config.game;
    auto control = TimeControl::parse(config.time);
    if (!control) {
        std::cerr << "arbiterd: time \"" << config.time
                  << "\" is not a time control; e.g. 5+3, 5b3, 5d3, 5h or 40/90+30:30+30 "
                     "(docs/time-controls.md)\n";
        return 2;
    }
    settings.session.time = *control;
    if (!config.timeLimit.empty()) {
        auto ms = GameLimits::parseMinutes(config.timeLimit);
        if (!ms) {
            std::cerr << "arbiterd: time-limit \"" << config.timeLimit
                      << "\" is not minutes of play, more than 0 and at most 1440 (e.g. 90)\n";
            return 2;
        }
        settings.session.limits.time = *ms;
    }
    if (!config.moveLimit.empty()) {
        auto moves = GameLimits::parseMoves(config.moveLimit);
        if (!moves) {
            std::cerr << "arbiterd: move-limit \"" << config.moveLimit
                      << "\" is not a number of moves from 1 to 10000\n";
            return 2;
        }
        settings.session.limits.moves = *moves;
    }
    for (size_t i = 0; i < config.players.size(); ++i) {
        const std::string& name = config.players[i];
        if (!isValidPlayerName(name)) {
            std::cerr << "arbiterd: player name \"" << name
                      << "\" must have 1 to 40 characters and no control characters\n";
            return 2;
        }
        if (std::find(config.players.begin(), config.players.begin() + long(i), name) !=
            config.players.begin() + long(i)) {
            std::cerr << "arbiterd: two players are called " << name
                      << "; give each seat its own name\n";
            return 2;
        }
    }
    if (auto game = makeGame(config.game); game && !config.players.empty()) {
        int seats = game->start()->playerCount();
        if (config.players.size() != static_cast<size_t>(seats)) {
            std::cerr << "arbiterd: " << config.game << " starts with " << seats << " players, but "
                      << config.players.size()
                      << " names were given; name each seat once, in turn order\n";
            return 2;
        }
    }
    settings.session.players = config.players;
    settings.session.journalDir = config.journal;
    if (config.settleMs < 0 || config.settleMs > 10000) {
        std::cerr << "arbiterd: settle-ms must be between 0 and 10000\n";
        return 2;
    }
    settings.settleMs = config.settleMs;
    settings.boards = config.boards;
    const std::string journal = config.journal;

    ::signal(SIGPIPE, SIG_IGN);
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    sigprocmask(SIG_BLOCK, &stopSignals, nullptr);
    int signals = signalfd(-1, &stopSignals, SFD_CLOEXEC | SFD_NONBLOCK);

    SystemTimeSource clock;
    EventLoop loop(clock);
    ConsoleSink console;
    Announcer announcer;
    announcer.add(console);
    auto table = Table::create(loop, settings, announcer, error);
    if (!table) {
        std::cerr << "arbiterd: " << error << "\n";
        return 2;
    }
    std::string socketPath = config.socket.empty() ? control::defaultSocketPath() : config.socket;
    auto controlServer = ControlServer::create(loop, *table, socketPath, error);
    if (!controlServer) {
        std::cerr << "arbiterd: " << error << "\n";
        return 2;
    }
    announcer.add(*controlServer);
    spdlog::info("control socket: {} (arbiterctl --socket {} status)", socketPath, socketPath);
    loop.watch(signals, [&] {
        signalfd_siginfo info;
        while (::read(signals, &info, sizeof info) == sizeof info) {
        }
        spdlog::info("stopping; the game stays in {} and resumes on the next start", journal);
        loop.stop();
    });
    table->connectBoards();
    loop.run();
    // The table may still announce as it goes; the sinks must outlive it.
    table.reset();
    ::close(signals);
    return 0;
}
