// arbiterd: referees games played with real pieces on sensor boards.
// See README.md and docs/arbiterd.md.

#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <iostream>

#include <spdlog/spdlog.h>

#include "daemon/announcement.h"
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
    po::options_description options("arbiterd options");
    std::string game, board, time, journal, level;
    std::vector<std::string> players;
    long settle = 0;
    options.add_options()("help,h", "show this help")(
        "game,g", po::value(&game)->default_value("fide"), "the game to referee")(
        "board,b", po::value(&board), "the board: dgt:PATH (a serial port or a vboard's pty)")(
        "time,t", po::value(&time)->default_value("15+10"),
        "time control: minutes[+increment seconds], e.g. 5+3")(
        "player,p", po::value(&players)->composing(), "a player's name, in turn order (repeat)")(
        "journal,j", po::value(&journal)->default_value("games"),
        "directory of game journals and records; an unfinished game there is resumed")(
        "settle-ms", po::value(&settle)->default_value(300),
        "how long the board must be still before it is judged (ms)")(
        "log-level", po::value(&level)->default_value("info"), "trace, debug, info, warn, error")(
        "list-ports", "list serial ports and likely boards, then exit");

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

    auto logLevel = spdlog::level::from_str(level);
    if (logLevel == spdlog::level::off && level != "off") {
        std::cerr << "arbiterd: unknown --log-level \"" << level << "\"\n";
        return 2;
    }
    spdlog::set_level(logLevel);
    spdlog::set_pattern("%H:%M:%S.%e %^%l%$ %v");

    TableSettings settings;
    settings.game = game;
    auto control = TimeControl::parse(time);
    if (!control) {
        std::cerr << "arbiterd: --time \"" << time
                  << "\" is not a time control; write minutes+seconds, e.g. 5+3 or 90+30\n";
        return 2;
    }
    settings.session.time = *control;
    settings.session.players = players;
    settings.session.journalDir = journal;
    if (settle < 0 || settle > 10000) {
        std::cerr << "arbiterd: --settle-ms must be between 0 and 10000\n";
        return 2;
    }
    settings.settleMs = settle;
    if (board.empty()) {
        std::cerr << "arbiterd: name the board with --board dgt:PATH "
                     "(arbiterd --list-ports shows serial ports)\n";
        return 2;
    }
    std::string error;
    auto device = DeviceSpec::parse(board, error);
    if (!device) {
        std::cerr << "arbiterd: " << error << "\n";
        return 2;
    }
    settings.boards.push_back(*device);

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
    loop.watch(signals, [&] {
        signalfd_siginfo info;
        while (::read(signals, &info, sizeof info) == sizeof info) {
        }
        spdlog::info("stopping; the game stays in {} and resumes on the next start", journal);
        loop.stop();
    });
    table->connectBoards();
    loop.run();
    ::close(signals);
    return 0;
}
