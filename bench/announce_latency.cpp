// Time from the last byte of a field update on the wire to the announcement of
// the move, through the real driver, surface, referee, session and journal.
//
// One process plays both sides: it owns the master side of a pseudo-terminal
// and writes the DGT bytes a board would send; arbiterd's Table, on the
// slave side, reads them in the same event loop. Knights go out and back, so
// the game repeats itself to a fivefold-repetition draw and a new game starts
// from the same position: the walk can go on as long as we like. Each move is
// journalled with fdatasync before it is announced, so the figures include the disk.
//
// Figures are reported for --settle-ms 0 (the referee's own work, journal sync
// included) and for the default 300 ms (what players experience), each also
// with three busy clients on the control socket: threads that pipeline
// `status` requests as fast as the socket takes them and read every reply, so
// that the figures show whether the board is served before them; and for a
// press of the DGT clock's lever 30 ms after the piece is put down, measured
// from the last byte of the clock's times message (the lever ends the move
// at once, whatever the settle time).

#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "daemon/control/control_server.h"
#include "daemon/table/playing_table.h"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

// Remembers when each move was announced.
class StopwatchSink : public AnnouncementSink {
  public:
    explicit StopwatchSink(const TimeSource& t) : time(t) {}
    void announce(const Announcement& a) override {
        if (a.type == AnnouncementType::Move) announcedAt.push_back(time.now());
        if (a.type == AnnouncementType::Start) started = true;
        if (a.type == AnnouncementType::Result) started = false;
    }
    const TimeSource& time;
    std::vector<Millis> announcedAt;
    bool started = false;
};

// Microseconds, because milliseconds hide the interesting part.
int64_t micros() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

class MicrosTime final : public TimeSource {
  public:
    Millis now() const override { return micros() / 1000; }
    std::string wallClock() const override { return clock.wallClock(); }
    SystemTimeSource clock;
};

void writeAll(int fd, const std::vector<uint8_t>& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n > 0) done += static_cast<size_t>(n);
    }
}

std::vector<uint8_t> startDump() {
    std::vector<uint8_t> d = {0x86, 0x00, 0x43, 0x08, 0x09, 0x0a, 0x0c, 0x0b, 0x0a, 0x09, 0x08};
    d.insert(d.end(), 8, 0x07);
    d.insert(d.end(), 32, 0x00);
    d.insert(d.end(), 8, 0x01);
    d.insert(d.end(), {0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02});
    return d;
}

// DGT square numbers (0 = a8) and codes of the four knight moves that repeat.
struct Step {
    uint8_t from, to, code;
};
constexpr Step kCycle[] = {{62, 45, 0x03}, {6, 21, 0x09}, {45, 62, 0x03}, {21, 6, 0x09}};

// A client of the control socket that asks for the status without waiting
// for the answers, and reads every answer, until told to stop; on a thread of
// its own, as another program would be.
class BusyClient {
  public:
    explicit BusyClient(const std::string& path) : thread_([this, path] { run(path); }) {}
    ~BusyClient() {
        stop_ = true;
        thread_.join();
    }
    BusyClient(const BusyClient&) = delete;
    BusyClient& operator=(const BusyClient&) = delete;

    long long repliesRead() const { return replies_; }

  private:
    void run(const std::string& path) {
        int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
        if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
            std::perror("busy client: connect");
            std::exit(1);
        }
        std::string requests;
        for (int i = 0; i < 64; ++i) requests += "{\"type\":\"status\"}\n";
        std::size_t sent = 0;
        char buffer[64 * 1024];
        while (!stop_) {
            pollfd p{fd, POLLIN | POLLOUT, 0};
            if (::poll(&p, 1, 10) <= 0) continue;
            if (p.revents & (POLLHUP | POLLERR)) break;
            if (p.revents & POLLOUT) {
                ssize_t n = ::send(fd, requests.data() + sent, requests.size() - sent,
                                   MSG_NOSIGNAL | MSG_DONTWAIT);
                if (n > 0) sent = (sent + static_cast<std::size_t>(n)) % requests.size();
            }
            if (p.revents & POLLIN) {
                ssize_t n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
                if (n == 0) break;
                for (ssize_t i = 0; i < n; ++i) replies_ += buffer[i] == '\n';
            }
        }
        ::close(fd);
    }

    std::atomic<bool> stop_ = false;
    std::atomic<long long> replies_ = 0;
    std::thread thread_;
};

struct Figures {
    double median, p99, max;
    size_t samples;
    long long replies;  // lines the busy clients read
};

// The clock's times message (BWTIME) with the lever's right half up or down.
std::vector<uint8_t> clockTimes(bool rightHigh) {
    return {0x8d, 0x00, 0x0a, 0x00, 0x05,
            0x00, 0x00, 0x04, 0x59, static_cast<uint8_t>(rightHigh ? 0x02 : 0x00)};
}

Figures measure(Millis settleMs, int moves, int busyClients, bool lever = false) {
    std::string pattern = (fs::temp_directory_path() / "arbiter-bench-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) std::abort();
    fs::path dir = pattern;

    int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    ::grantpt(master);
    ::unlockpt(master);
    std::string slave = ::ptsname(master);
    int keep = ::open(slave.c_str(), O_RDWR | O_NOCTTY);
    termios raw{};
    ::tcgetattr(keep, &raw);
    ::cfmakeraw(&raw);
    ::tcsetattr(keep, TCSANOW, &raw);
    ::fcntl(master, F_SETFL, O_NONBLOCK);

    MicrosTime time;
    EventLoop loop(time);
    StopwatchSink sink(time);
    TableSettings settings;
    BoardSetting board;
    board.name = board.placement.name = "board";
    board.device = {"dgt", slave};
    settings.boards.push_back(board);
    settings.session.time = *TimeControl::parse("90+30");
    settings.session.journalDir = (dir / "games").string();
    settings.settleMs = settleMs;
    std::string error;
    auto table = openTable(loop, settings, sink, error);
    if (!table) {
        std::fprintf(stderr, "%s\n", error.c_str());
        std::exit(1);
    }
    table->connectBoards();
    auto server = ControlServer::create(loop, *table, (dir / "control.sock").string(), error);
    if (!server) {
        std::fprintf(stderr, "%s\n", error.c_str());
        std::exit(1);
    }
    // Swallow the driver's requests and answer with the start position.
    auto drainRequests = [&] {
        uint8_t junk[256];
        while (::read(master, junk, sizeof junk) > 0) {
        }
    };
    for (int i = 0; i < 20; ++i) loop.runOnce(5);
    drainRequests();
    writeAll(master, startDump());
    bool rightHigh = false;
    if (lever) writeAll(master, clockTimes(rightHigh));  // where the lever stands
    while (!sink.started) loop.runOnce(10);

    std::vector<std::unique_ptr<BusyClient>> busy;
    for (int i = 0; i < busyClients; ++i)
        busy.push_back(std::make_unique<BusyClient>(server->path()));
    // Until every client is connected and asking.
    for (int i = 0; i < 50; ++i) loop.runOnce(5);

    std::vector<double> latencies;
    for (int m = 0; m < moves; ++m) {
        const Step& s = kCycle[m % 4];
        size_t before = sink.announcedAt.size();
        writeAll(master, {0x8e, 0x00, 0x05, s.from, 0x00, 0x8e, 0x00, 0x05, s.to, s.code});
        int64_t lastByte = micros();
        if (lever) {
            // The hand goes from the piece to the clock.
            const int64_t until = lastByte + 30000;
            while (micros() < until && sink.announcedAt.size() == before) loop.runOnce(1);
            rightHigh = !rightHigh;
            writeAll(master, clockTimes(rightHigh));
            lastByte = micros();
        }
        while (sink.announcedAt.size() == before) loop.runOnce(settleMs + 50);
        int64_t announced = micros();
        latencies.push_back(double(announced - lastByte) / 1000.0);
        drainRequests();
        // Fivefold repetition ends the game on the start position: wait for the next one.
        while (!sink.started) loop.runOnce(settleMs + 50);
    }
    long long replies = 0;
    for (const auto& client : busy) replies += client->repliesRead();
    busy.clear();  // never blocked on its socket, each stops within one poll
    server.reset();
    ::close(keep);
    ::close(master);
    table.reset();
    fs::remove_all(dir);

    std::sort(latencies.begin(), latencies.end());
    auto at = [&](double q) { return latencies[size_t(q * double(latencies.size() - 1))]; };
    return {at(0.5), at(0.99), latencies.back(), latencies.size(), replies};
}

}  // namespace

int main(int argc, char** argv) {
    int moves = argc > 1 ? std::atoi(argv[1]) : 400;
    if (moves < 4) moves = 4;
    spdlog::set_level(spdlog::level::err);
    std::printf("move announcement latency: last byte of the field update -> announcement\n");
    std::printf("%-12s %8s %8s %10s %10s %10s %10s\n", "settle-ms", "clients", "moves", "median ms",
                "p99 ms", "max ms", "replies");
    for (int busyClients : {0, 3}) {
        for (Millis settle : {Millis(0), Millis(300)}) {
            Figures f = measure(settle, settle == 0 ? moves : std::max(8, moves / 20), busyClients);
            std::printf("%-12lld %8d %8zu %10.3f %10.3f %10.3f %10lld\n",
                        static_cast<long long>(settle), busyClients, f.samples, f.median, f.p99,
                        f.max, f.replies);
        }
    }
    std::printf("clock press: last byte of the lever's times message -> announcement\n");
    Figures f = measure(300, std::max(8, moves / 4), 0, true);
    std::printf("%-12s %8d %8zu %10.3f %10.3f %10.3f\n", "300 + lever", 0, f.samples, f.median,
                f.p99, f.max);
    return 0;
}
