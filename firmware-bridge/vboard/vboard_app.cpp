#include "firmware-bridge/vboard/vboard_app.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "drivers/transport/virtual_board_path.h"
#include "firmware-bridge/vboard/board_notation.h"
#include "firmware-bridge/vboard/console_runner.h"
#include "firmware-bridge/vboard/device_link.h"
#include "firmware-bridge/vboard/emulated_protocols.h"
#include "firmware-bridge/vboard/physical_board.h"
#include "firmware-bridge/vboard/prefixed_lines.h"
#include "firmware-bridge/vboard/pseudo_terminal.h"
#include "firmware-bridge/vboard/virtual_clock.h"
#include "firmware-bridge/vboard/virtual_hardware.h"

namespace arbiter::vboard {

namespace {

volatile sig_atomic_t stopRequested = 0;

void requestStop(int) {
    stopRequested = 1;
}

// SIGINT and SIGTERM stay blocked except inside ppoll(), so a signal either
// interrupts the wait or is seen at the next one: it is never lost between the
// check of the flag and the wait.
sigset_t installSignalHandlers() {
    struct sigaction action {};
    action.sa_handler = requestStop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    signal(SIGPIPE, SIG_IGN);

    sigset_t blocked;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGINT);
    sigaddset(&blocked, SIGTERM);
    sigset_t previous;
    sigprocmask(SIG_BLOCK, &blocked, &previous);
    sigdelset(&previous, SIGINT);
    sigdelset(&previous, SIGTERM);
    return previous;
}

// Cuts a byte stream into lines; a last line without a newline counts too.
class LineSplitter {
  public:
    template <typename Consumer>
    void feed(std::string_view bytes, Consumer&& consume) {
        for (const char character : bytes) {
            if (character == '\n') {
                consume(takeLine());
            } else {
                pending_ += character;
            }
        }
    }
    template <typename Consumer>
    void finish(Consumer&& consume) {
        if (!pending_.empty()) consume(takeLine());
    }

  private:
    std::string takeLine() {
        std::string line = std::move(pending_);
        pending_.clear();
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
    }
    std::string pending_;
};

firmware::SquareCodes initialPosition(const VboardOptions& options) {
    switch (options.start) {
        case VboardOptions::StartPosition::Fen:
            return parseFenBoard(options.setupFen).position.value();
        case VboardOptions::StartPosition::Empty:
            return {};
        case VboardOptions::StartPosition::Rotated:
            return rotatedStartPosition();
        case VboardOptions::StartPosition::Standard:
            break;
    }
    return startPosition();
}

// One board of the line the terminal stands for: its sensors and serial line,
// its protocol, its pieces and its console. A board on a bus of several says
// its address at the start of each line it prints.
struct Station {
    Station(PseudoTerminal* terminal, int busAddress, bool named)
        : address(busAddress),
          hardware([terminal](std::span<const uint8_t> bytes) { terminal->writeToHost(bytes); }),
          pieces(hardware.sensors(), &hardware.pieceIds()) {
        if (!named) return;
        const std::string prefix = std::to_string(address) + ": ";
        outLines = std::make_unique<PrefixedLines>(std::cout, prefix);
        errLines = std::make_unique<PrefixedLines>(std::cerr, prefix);
        outStream = std::make_unique<std::ostream>(outLines.get());
        errStream = std::make_unique<std::ostream>(errLines.get());
    }
    std::ostream& out() { return outStream ? *outStream : std::cout; }
    std::ostream& err() { return errStream ? *errStream : std::cerr; }

    int address;
    VirtualHardware hardware;
    PhysicalBoard pieces;
    std::unique_ptr<EmulatedBoard> board;
    std::unique_ptr<PrefixedLines> outLines;
    std::unique_ptr<PrefixedLines> errLines;
    std::unique_ptr<std::ostream> outStream;
    std::unique_ptr<std::ostream> errStream;
    std::unique_ptr<ConsoleRunner> runner;
};

// Sends each console line to the board it names: on a line of several
// boards, "1025: e2-e4" goes to the board at 1025, and a line without an
// address ("wait 500", "quit") to every board.
class LineRouter {
  public:
    explicit LineRouter(const std::vector<std::unique_ptr<Station>>& stations)
        : stations_(stations) {}
    void route(std::string line, std::string origin = {}) const {
        if (stations_.size() == 1) {
            stations_.front()->runner->enqueue(std::move(line), std::move(origin));
            return;
        }
        const size_t colon = line.find(':');
        const std::string head = colon == std::string::npos ? "" : line.substr(0, colon);
        const bool addressed = !head.empty() && std::all_of(head.begin(), head.end(), [](char c) {
            return c >= '0' && c <= '9';
        });
        if (!addressed) {
            for (const auto& station : stations_) station->runner->enqueue(line, origin);
            return;
        }
        const size_t start = line.find_first_not_of(' ', colon + 1);
        const std::string rest = start == std::string::npos ? "" : line.substr(start);
        for (const auto& station : stations_) {
            if (std::to_string(station->address) != head) continue;
            station->runner->enqueue(rest, std::move(origin));
            return;
        }
        std::string known;
        for (const auto& station : stations_)
            known += (known.empty() ? "" : ", ") + std::to_string(station->address);
        std::cerr << "vboard: error: " << (origin.empty() ? "" : origin + ": ") << "no board at "
                  << head << " on this line (" << known << ")\n";
    }

  private:
    const std::vector<std::unique_ptr<Station>>& stations_;
};

bool queueScript(const std::string& path, const LineRouter& router) {
    std::ifstream script(path);
    if (!script) {
        std::cerr << "vboard: error: --script " << path << ": cannot open\n";
        return false;
    }
    std::string line;
    for (int number = 1; std::getline(script, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        router.route(line, path + ":" + std::to_string(number));
    }
    return true;
}

constexpr int kMaxPollMs = 1000;
constexpr int kHangupBackoffMs = 10;

}  // namespace

int runVboard(const VboardOptions& options) {
    const sigset_t waitMask = installSignalHandlers();

    std::unique_ptr<PseudoTerminal> terminal;
    std::unique_ptr<DeviceLink> link;
    // Errors name the option given, whichever way the link's path was found.
    std::string option;
    try {
        terminal = std::make_unique<PseudoTerminal>();
        std::string linkPath = options.linkPath;
        option = "--link ";
        if (!options.name.empty()) {
            linkPath = virtualBoardPath(options.name);
            option = "--name " + options.name + ": ";
            makeBoardDirectory(std::filesystem::path(linkPath).parent_path().string());
        }
        if (!linkPath.empty()) {
            link = std::make_unique<DeviceLink>(linkPath, terminal->devicePath());
        }
    } catch (const std::exception& failure) {
        std::cerr << "vboard: error: " << option << failure.what() << '\n';
        return 1;
    }

    // One board, or every board on a bus line (--address, once each): all
    // hear what the host writes, and all write to the one terminal.
    const EmulatedProtocol& protocol = *findEmulatedProtocol(options.protocol);
    std::vector<int> addresses = options.addresses;
    if (addresses.empty()) addresses.push_back(0);
    std::vector<std::unique_ptr<Station>> stations;
    for (int address : addresses) {
        auto station = std::make_unique<Station>(terminal.get(), address, addresses.size() > 1);
        station->hardware.sensors() = initialPosition(options);
        station->pieces.identifyPieces();
        stations.push_back(std::move(station));
    }
    VirtualHardware& hardware = stations.front()->hardware;
    // The LEDs are said as the squares lit once a burst of LED commands is
    // over (`vboard: lit e2 e4`): one line a move, where a line per LED switched
    // buried the moves at the console.
    bool ledsChanged = false;
    if (!options.quiet) hardware.setLedListener([&ledsChanged](int, bool) { ledsChanged = true; });
    auto sayLeds = [&hardware]() {
        std::vector<std::string> lit;
        for (int square = 0; square < dgt::kSquares; ++square)
            if (hardware.ledOn(square)) lit.push_back(squareName(square));
        std::sort(lit.begin(), lit.end());
        std::string line = "vboard: lit";
        for (const std::string& name : lit) line += " " + name;
        if (lit.empty()) line += " nothing";
        std::cerr << line << '\n';
    };
    std::unique_ptr<VirtualClock> clock;
    if (options.clock) {
        VirtualClock::Printer printer;
        if (!options.quiet) {
            printer = [](const std::string& line) { std::cerr << "vboard: " << line << '\n'; };
        }
        clock = std::make_unique<VirtualClock>(*options.clock, std::move(printer));
    }
    // The options were checked: the protocol is in the table.
    for (auto& station : stations) {
        VboardOptions own = options;
        if (protocol.onBus) own.addresses = {station->address};
        station->board = protocol.make(station->hardware, own, clock.get());
        station->board->start();
        station->runner = std::make_unique<ConsoleRunner>(
            station->pieces, station->hardware, *station->board, station->out(), station->err(),
            options.quiet, clock.get());
        if (options.cells) station->runner->readGameCells(*options.cells);
    }
    const LineRouter router(stations);

    if (!options.scriptPath.empty() && !queueScript(options.scriptPath, router)) return 2;
    std::cout << "vboard: " << terminal->devicePath() << std::endl;

    LineSplitter stdinLines;
    bool stdinOpen = true;
    int masterPauseMs = 0;  // a pause in watching the master after a hang-up report
    std::array<uint8_t, 512> buffer{};
    for (;;) {
        bool quit = false;
        bool busy = false;
        int timeoutMs = kMaxPollMs;
        for (auto& station : stations) {
            ConsoleRunner& runner = *station->runner;
            runner.run();
            quit = quit || runner.quitRequested();
            busy = busy || runner.busy();
            timeoutMs = std::min(timeoutMs, static_cast<int>(std::min<uint32_t>(
                                                station->board->millisecondsUntilNextScan(),
                                                static_cast<uint32_t>(kMaxPollMs))));
            if (const auto waitLeft = runner.millisecondsUntilWaitEnds()) {
                timeoutMs = std::min(timeoutMs, static_cast<int>(*waitLeft));
            }
        }
        if (quit || stopRequested) break;
        if (!stdinOpen && options.exitOnEof && !busy) break;

        std::array<pollfd, 2> watched{};
        nfds_t count = 0;
        const bool watchMaster = masterPauseMs == 0;
        if (watchMaster) watched[count++] = {terminal->masterDescriptor(), POLLIN, 0};
        const nfds_t stdinIndex = count;
        if (stdinOpen) watched[count++] = {STDIN_FILENO, POLLIN, 0};
        if (!watchMaster) timeoutMs = std::min(timeoutMs, masterPauseMs);

        const timespec timeout{timeoutMs / 1000, (timeoutMs % 1000) * 1'000'000L};
        const int ready = ppoll(watched.data(), count, &timeout, &waitMask);
        if (ready < 0 && errno != EINTR) {
            std::cerr << "vboard: error: poll failed\n";
            return 1;
        }
        masterPauseMs = 0;

        bool hostSpoke = false;
        if (ready > 0 && watchMaster) {
            const short events = watched[0].revents;
            if (events & POLLIN) {
                hostSpoke = true;
                size_t got = 0;
                while ((got = terminal->readFromHost(buffer)) > 0) {
                    for (auto& station : stations)
                        station->hardware.deliverFromHost(std::span(buffer.data(), got));
                }
            } else if (events & (POLLHUP | POLLERR)) {
                // Should not happen while we hold a slave open; if it does, do
                // not spin on it.
                masterPauseMs = kHangupBackoffMs;
            }
        }
        if (ready > 0 && stdinOpen && watched[stdinIndex].revents) {
            const ssize_t got = read(STDIN_FILENO, buffer.data(), buffer.size());
            auto queue = [&router](std::string line) { router.route(std::move(line)); };
            if (got > 0) {
                stdinLines.feed(std::string_view(reinterpret_cast<const char*>(buffer.data()),
                                                 static_cast<size_t>(got)),
                                queue);
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                stdinLines.finish(queue);
                stdinOpen = false;
            }
        }
        for (auto& station : stations) station->board->tick();
        if (ledsChanged && !hostSpoke) {
            sayLeds();
            ledsChanged = false;
        }
    }
    return 0;
}

}  // namespace arbiter::vboard
