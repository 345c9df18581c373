// arbiterd: referees games played with real pieces on sensor boards.
// See README.md and docs/arbiterd.md.

#include <signal.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include <iostream>
#include <random>
#include <sstream>

#include <spdlog/spdlog.h>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/base/instance_lock.h"
#include "daemon/base/time_source.h"
#include "daemon/boards/board_search.h"
#include "daemon/boards/bus_search.h"
#include "daemon/boards/piece_calibration.h"
#include "daemon/boards/piece_learning.h"
#include "daemon/broadcast/broker_actions.h"
#include "daemon/broadcast/table_broadcast.h"
#include "daemon/config/command_line.h"
#include "daemon/config/configuration_text.h"
#include "daemon/config/table_setup.h"
#include "daemon/config/unfinished_game.h"
#include "daemon/control/control_protocol.h"
#include "daemon/control/control_server.h"
#include "daemon/control/private_directory.h"
#include "daemon/service/service_notifier.h"
#include "daemon/service/system_log.h"
#include "daemon/speech/espeak.h"
#include "daemon/table/playing_table.h"
#include "daemon/table/resume.h"
#include "drivers/board_probe.h"
#include "drivers/board_protocols.h"
#include "drivers/certabo/calibration.h"
#include "drivers/transport/hid_discovery.h"
#include "drivers/transport/port_discovery.h"

using namespace arbiter;

namespace {

int listPorts() {
    std::string error;
    auto ports = listSerialPorts(error);
    if (!error.empty()) {
        std::cerr << "arbiterd: " << error << "\n";
        return 1;
    }
    // HID boards (Chessnut) are hidraw devices, not serial ports.
    for (SerialPortInfo& hid : listHidDevices()) ports.push_back(std::move(hid));
    if (ports.empty()) std::cout << "no serial ports found\n";
    for (const auto& p : ports) {
        std::cout << p.path << "  " << p.description;
        if (p.vendorId) std::cout << (p.transport == "hid" ? "  hid " : "  usb ") << usbId(p);
        if (!p.serialNumber.empty()) std::cout << "  serial " << p.serialNumber;
        for (const BoardProtocol* protocol : boardProtocols()) {
            if (!protocol->mayBe(p)) continue;
            if (protocol->makeBus) {
                std::cout << "  (maybe a " << protocol->description << ": --search-bus " << p.path
                          << " lists its boards)";
                continue;
            }
            std::cout << "  (maybe a " << protocol->description << ": try --board "
                      << protocol->name << ":" << p.path << ")";
        }
        std::cout << "\n";
    }
    return 0;
}

// arbiterd --list-ports --probe: what each port answers when asked, with
// each protocol, who it is; every port at once, so a silent one delays none.
void probePorts() {
    const SystemTimeSource time;
    EventLoop loop(time);
    std::vector<PortVerdict> verdicts;
    BoardSearch search(loop, portsToProbe(), BoardSearch::Until::EveryPort, 1'000,
                       [&](std::vector<PortVerdict> all) {
                           verdicts = std::move(all);
                           loop.stop();
                       });
    std::cout << "\nprobing (each port asked in each protocol):\n";
    search.start();
    loop.run();
    if (verdicts.empty()) std::cout << "nothing to probe\n";
    for (const PortVerdict& verdict : verdicts) {
        std::cout << verdict.candidate.label() << "  ";
        switch (verdict.kind) {
            case PortVerdict::Kind::Found: {
                const std::string name(verdict.protocol->name);
                const std::string device = verdict.candidate.vboard.empty()
                                               ? verdict.candidate.path
                                               : verdict.candidate.label();
                std::cout << "a " << name << " board, "
                          << describeIdentity(*verdict.protocol, verdict.identity) << "  (--board "
                          << name << ":" << device << ", or --board auto)";
                break;
            }
            case PortVerdict::Kind::InUse:
            case PortVerdict::Kind::Ours:
            case PortVerdict::Kind::Unopenable:
                std::cout << verdict.detail;
                break;
            case PortVerdict::Kind::Garbled:
                std::cout << "answers, but in no protocol arbiterd reads";
                break;
            case PortVerdict::Kind::Silent:
                std::cout << "no board answered";
                break;
        }
        std::cout << "\n";
    }
}

int refuse(const std::string& why) {
    // Into systemd's journal, as an error (daemon/service/system_log.h).
    const bool journal = isJournalStream(std::getenv("JOURNAL_STREAM"), STDERR_FILENO);
    std::cerr << (journal ? "<3>" : "") << "arbiterd: " << why << "\n";
    return 2;
}

// The boards on the DGT bus at `port`, each with the device line that names it.
int searchBus(const std::string& port) {
    const SystemTimeSource time;
    std::string error;
    const auto addresses = findBoardsOnBus(port, time, error);
    if (!addresses) {
        std::cerr << "arbiterd: " << port << ": " << error << "\n";
        return 1;
    }
    if (addresses->empty()) std::cout << "no board answered on " << port << "\n";
    for (int address : *addresses)
        std::cout << "board " << address << "  device = dgt-bus:" << port << "@" << address << "\n";
    return 0;
}

// espeak-ng's path when the table speaks, found before anything starts; a
// message when it is wanted and missing.
std::optional<std::string> speechProgram(const TableSetup& setup, std::string& error) {
    if (!setup.speech) return std::string();
    const char* path = std::getenv("PATH");
    std::string program = findProgram("espeak-ng", path ? path : "");
    if (program.empty()) {
        error =
            "speak needs the espeak-ng program, and there is none in PATH; install it "
            "(apt-get install espeak-ng) or leave speech off";
        return std::nullopt;
    }
    return program;
}

// SIGINT and SIGTERM, blocked and read from a file descriptor, so that the
// event loop stops the table between two events rather than in the middle of one.
int stopSignals() {
    ::signal(SIGPIPE, SIG_IGN);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigprocmask(SIG_BLOCK, &stop, nullptr);
    return signalfd(-1, &stop, SFD_CLOEXEC | SFD_NONBLOCK);
}

// What the table's journal folder, its boards and its socket's folder must be
// before the table opens: the journal locked (held until the daemon ends: a
// second one would resume and write the same games), no board read by another
// arbiterd, and the default socket's folder ours alone. A message otherwise.
std::string claimResources(const TableSetup& setup, std::optional<InstanceLock>& journalLock) {
    std::string error;
    const std::string& journal = setup.settings.session.journalDir;
    if (!journal.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(journal, ec);
        if (ec)
            return setup.journalWhere + "cannot make the journal folder " + journal + ": " +
                   ec.message();
        pid_t holder = -1;
        journalLock = InstanceLock::take(journal + "/.arbiterd.lock", holder, error);
        if (!journalLock && holder >= 0)
            return "another arbiterd (pid " + std::to_string(holder) + ") keeps its games in " +
                   journal + "; stop it, or give this one another folder with --journal";
        if (!journalLock) return setup.journalWhere + error;
    }
    // A board another arbiterd reads is refused here; one taken by another
    // while this one runs is waited for (BoardLink).
    for (const BoardSetting& board : setup.settings.boards) {
        const pid_t holder = lockHolder(boardLockPath(board.device.path));
        if (holder >= 0)
            return "board " + board.device.text() + " is in use by another arbiterd (pid " +
                   std::to_string(holder) + "); stop it, or name another board";
    }
    // Or another user could listen there first (docs/control.md).
    if (std::filesystem::path(setup.socketPath).parent_path() ==
            control::defaultSocketDirectory() &&
        !makePrivateDirectory(control::defaultSocketDirectory(), ::geteuid(), error))
        return error;
    return {};
}

// When the control socket is another table's: the option that gives this
// table its own.
std::string socketAdvice(const TableSetup& setup, const std::string& error) {
    if (!error.starts_with("another arbiterd listens on")) return {};
    if (!setup.socketWhere.empty())
        return "; give this table a socket of its own with socket = PATH in that file (or "
               "--socket PATH), and arbiterctl --socket PATH then speaks to it";
    return "; a second table needs a socket of its own: start it with --socket PATH (e.g. "
           "--socket /tmp/table2.sock), and arbiterctl --socket PATH then speaks to it";
}

// Referees the table until SIGINT or SIGTERM; `espeak` says the announcements
// when the table speaks.
int run(const TableSetup& setup, const std::string& espeak) {
    setUpLogging(setup.logLevel);
    const int signals = stopSignals();
    std::string error;
    SystemTimeSource clock;
    EventLoop loop(clock);
    ConsoleSink console;
    Announcer announcer;
    announcer.add(console);
    ServiceNotifier service(loop);
    announcer.add(service);
    // Before the table: it may still announce while it is taken down.
    std::optional<EspeakSpeaker> speaker;
    std::optional<SpeechSink> speech;
    if (setup.speech) {
        speaker.emplace(loop, espeak, *setup.speech);
        speech.emplace(*speaker, *setup.speech, setup.settings.game);
        announcer.add(*speech);
        spdlog::info("speaking the announcements in {} through {}",
                     speechLanguageCode(*setup.speech), espeak);
    }
    TableSettings settings = setup.settings;
    // Chance is injected: a fresh seed per start unless one was asked for. The
    // journal records it, so a resumed game draws as the first run would have.
    if (!setup.seedChosen)
        settings.session.seed = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    std::optional<InstanceLock> journalLock;
    if (std::string why = claimResources(setup, journalLock); !why.empty()) return refuse(why);
    std::unique_ptr<TableBroadcast> broadcast;
    if (setup.broadcast) {
        broadcast = std::make_unique<TableBroadcast>(loop, *setup.broadcast, clock);
        if (!broadcast->start(error)) return refuse(error);
        announcer.add(*broadcast);
        spdlog::info("publishing the table as {} to the hall at {}", setup.broadcast->table,
                     setup.broadcast->login.address.text());
    }
    // A game of hidden views is refereed at a table of its own (openTable).
    auto game = makeGame(settings.game, settings.gameOptions, error);
    if (!game) return refuse(error);
    std::unique_ptr<PlayingTable> table =
        openTable(loop, settings, std::move(game), announcer, error);
    if (!table) return refuse(error);
    auto controlServer = ControlServer::create(loop, *table, setup.socketPath, error);
    if (!controlServer) return refuse(setup.socketWhere + error + socketAdvice(setup, error));
    announcer.addPerPlayer(*controlServer);
    std::optional<BrokerActions> brokerActions;
    if (broadcast) {
        broadcast->show(*table);
        if (setup.broadcast->takeActions) brokerActions.emplace(*broadcast, *table);
    }
    if (!setup.machineNote.empty()) spdlog::warn("{}", setup.machineNote);
    spdlog::info("control socket: {} (arbiterctl --socket {} status)", setup.socketPath,
                 setup.socketPath);
    loop.watch(signals, [&] {
        signalfd_siginfo info;
        while (::read(signals, &info, sizeof info) == sizeof info) {
        }
        service.stopping();
        if (broadcast) broadcast->stop();
        spdlog::info("stopping; the game stays in {} and resumes on the next start",
                     settings.session.journalDir);
        loop.stop();
    });
    table->connectBoards();
    // Resumed or waiting for the start, with clients heard: ready.
    service.ready("refereeing " + describeSetup(setup) + "; control socket " + setup.socketPath);
    loop.run();
    // The table may still announce as it goes; the sinks must outlive it.
    table.reset();
    ::close(signals);
    return 0;
}

// The position the boards must show when the daemon starts: the journal's
// unfinished game where it was left, else the start. Null and a message when
// it cannot be made, or when the journal is one arbiterd would refuse to resume.
std::unique_ptr<GameState> positionToShow(const TableSetup& setup, std::string& error) {
    SystemTimeSource time;  // for replaying the journal
    auto game = makeGame(setup.game->name, setup.options, error);
    auto start = game ? startState(*game, setup.settings.session.start, error) : nullptr;
    if (!start) return nullptr;
    std::unique_ptr<GameState> resumed;
    if (!positionToResume(*game, setup.settings, time, resumed, error)) return nullptr;
    return resumed ? std::move(resumed) : std::move(start);
}

// `text` as a shell reads it back whole: as it is when it holds nothing a
// shell would act on, else in single quotes.
std::string shellWord(const std::string& text) {
    const bool plain = !text.empty() && text.find_first_not_of(
                                            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                            "0123456789/._-+,:@%=") == std::string::npos;
    if (plain) return text;
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// How a user starts arbiter-vboard from a shell: by its full path when it
// lies beside this arbiterd (a build's bin/ is on no PATH), and in the folder
// the environment publishes virtual boards in, so that arbiterd finds it.
std::string vboardProgram() {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path beside = self.parent_path() / "arbiter-vboard";
    std::string program =
        !ec && std::filesystem::exists(beside, ec) ? shellWord(beside.string()) : "arbiter-vboard";
    const char* folder = std::getenv("ARBITER_VBOARD_DIR");
    if (folder && *folder) program = "ARBITER_VBOARD_DIR=" + shellWord(folder) + " " + program;
    return program;
}

// Tells how to start the virtual boards the table waits for: each command
// runs as printed, pasted into a terminal.
void tellVirtualBoards(const TableSetup& setup, const GameState& shown) {
    std::cerr << "arbiterd: no board named, so the table is on virtual boards; start each "
                 "(docs/vboard.md), or name real ones with --board or --config (arbiterd "
                 "--list-ports shows serial ports):\n";
    const std::string program = vboardProgram();
    std::istringstream boards(startPositionText(setup, shown));
    size_t i = 0;
    for (std::string device, fen; boards >> device >> fen; ++i) {
        const BoardSetting& board = setup.settings.boards[i];
        std::cerr << "  " << program << " " << board.device.vboardOptions() << " --setup "
                  << shellWord(fen);
        // On several boards that share the cells out, each is told where it
        // lies, so that its console reads the game's cells too; its label
        // is what the table calls it.
        if (!board.label.empty())
            std::cerr << " --cells " << shellWord(gameCellsText(board, shown.geometry())) << "  # "
                      << board.label;
        std::cerr << "\n";
    }
}

// What --check-config says of the boards' devices: a serial port or pty that
// is not there is most likely a wrong path (arbiterd would wait for it for
// ever). A virtual board is started by name, before or after arbiterd.
std::string missingDevices(const TableSetup& setup) {
    std::string missing;
    for (const BoardSetting& board : setup.settings.boards) {
        std::error_code ec;
        // A board found by probing has no path to miss.
        if (board.device.isVirtual() || board.device.isAuto() ||
            std::filesystem::exists(board.device.path, ec))
            continue;
        const std::string named = board.name == board.device.text()
                                      ? board.name
                                      : board.name + " (" + board.device.text() + ")";
        missing += (missing.empty() ? "" : "; ") + std::string("board ") + named +
                   ": no such device " + board.device.path;
    }
    if (missing.empty()) return {};
    return missing +
           " (is the path right? arbiterd --list-ports lists the serial ports and marks likely "
           "boards; arbiterd would wait for it)";
}

// arbiterd --calibrate: learns the pieces of the start position on every
// board of the table that reads tags, and adds them to the table's
// calibration file; nothing is written unless every board could be read.
int calibrate(const TableSetup& setup) {
    const TableSettings& settings = setup.settings;
    const std::string path = pieceCalibrationPath(settings.session.journalDir);
    PieceTags known = settings.pieceTags;  // read (and checked) by setUpTable
    std::vector<std::string> said;
    for (const BoardSetting& board : settings.boards) {
        if (!readsPieceTags(board.device)) continue;
        std::string error;
        PieceTags learnt;
        if (!learnPieces(board.device, 10'000, learnt, error)) return refuse(error);
        known = certabo::merged(std::move(known), learnt);
        said.push_back("board " + board.device.text() + ": learnt " +
                       certabo::describePieces(learnt));
    }
    if (said.empty())
        return refuse(
            "--calibrate: no board of this table reads tags; name a Certabo board with --board "
            "certabo:PATH or in --config");
    std::error_code ec;
    std::filesystem::create_directories(settings.session.journalDir, ec);
    std::string error;
    if (ec || !savePieceCalibration(path, known, error))
        return refuse(ec ? "cannot make the journal folder " + settings.session.journalDir + ": " +
                               ec.message()
                         : error);
    for (const std::string& line : said) std::cout << line << "\n";
    std::cout << path << " now knows " << certabo::describePieces(known)
              << "; arbiterd reads them on its next start\n";
    return 0;
}

// What is asked of arbiterd once the table is set up: printed, checked or run.
int serve(const CommandLine& commandLine, const TableSetup& setup, bool onVirtualBoards) {
    std::string error;
    const DaemonRequest request = commandLine.request;
    if (request == DaemonRequest::Calibrate) return calibrate(setup);
    const auto espeak = speechProgram(setup, error);
    if (!espeak && request != DaemonRequest::PrintConfig && request != DaemonRequest::PrintStart)
        return refuse(error);
    if (request == DaemonRequest::PrintConfig) {
        std::cout << configurationText(commandLine.config, setup);
        return 0;
    }
    if (request == DaemonRequest::CheckConfig) {
        std::string source =
            commandLine.configFile.empty() ? "the command line" : commandLine.configFile;
        if (std::string missing = missingDevices(setup); !missing.empty())
            return refuse(source + ": not ready: " + missing);
        std::cout << source << ": ready to referee " << describeSetup(setup) << "\n";
        return 0;
    }
    if (request == DaemonRequest::PrintStart || onVirtualBoards) {
        // A game to be resumed stands where it was left: that is what the
        // boards must show (./run starts its virtual board from this).
        auto shown = positionToShow(setup, error);
        if (!shown) return refuse(error);
        if (request == DaemonRequest::PrintStart) {
            std::cout << startPositionText(setup, *shown);
            return 0;
        }
        tellVirtualBoards(setup, *shown);
    }
    return run(setup, *espeak);
}

}  // namespace

int main(int argc, char** argv) {
    std::string error;
    auto commandLine = readCommandLine(argc, argv, error);
    if (!commandLine) return refuse(error);
    Configuration& config = commandLine->config;
    switch (commandLine->request) {
        case DaemonRequest::Help:
            std::cout << commandLine->help << "\n";
            return 0;
        case DaemonRequest::ListPorts:
            if (const int status = listPorts(); status != 0 || !commandLine->probePorts)
                return status;
            probePorts();
            return 0;
        case DaemonRequest::SearchBus:
            return searchBus(commandLine->busPort);
        case DaemonRequest::ListGames:
            std::cout << describeGames(gameCatalog());
            return 0;
        case DaemonRequest::PrintConfig:
        case DaemonRequest::PrintStart:
        case DaemonRequest::CheckConfig:
        case DaemonRequest::Calibrate:
        case DaemonRequest::Run:
            break;
    }
    // A restart resumes: what the unfinished game was started with, unless the
    // command line or the file says otherwise (and then it must agree).
    if (!followUnfinishedGame(config, error)) return refuse(error);
    // No board named: the game's default layout on virtual boards, so that any
    // game can be tried at once (arbiterd waits for them as for any board).
    bool onVirtualBoards = false;
    if (!config.vboardProtocol.empty() && (!config.boards.empty() || config.commandLineBoard))
        return refuse(
            "--vboard-protocol is for the game's own virtual boards, when no board is named; name "
            "the protocol in the board's device instead (e.g. millennium:vboard:left)");
    if (config.boards.empty() && !config.commandLineBoard) {
        auto game = chooseGame(config, error);
        if (!game) return refuse(error);
        config.boards = virtualBoardsFor(*game->start(), config.vboardProtocol);
        onVirtualBoards = !config.boards.empty();
    }
    auto setup = setUpTable(config, error);
    if (!setup) return refuse(error);
    return serve(*commandLine, *setup, onVirtualBoards);
}
