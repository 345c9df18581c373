// How soon a spectator of the hall (docs/hall.md) has a move: from the
// table's announcement of it (`at` in the event, ms since 1970) to its
// receipt by a libmosquitto subscriber with QoS 1, through the real
// arbiterd's publisher and the real mosquitto, on one machine (one clock).
// TABLES tables (arbiter-vboard and arbiterd each) play ROUNDS plies at once,
// knights out and back (short of the fivefold repetition that would end the
// game); prints the median, 99th percentile and maximum over all moves.
//
//   arbiter-bench-hall [TABLES [ROUNDS]]

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/daemon/temp_directory.h"
#include "tests/e2e/child_process.h"
#include "tests/e2e/mqtt_broker.h"
#include "tests/e2e/mqtt_subscriber.h"

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using arbiter::e2e::ChildProcess;

namespace {

// The knights' dance: the start position comes back every four plies, so 15
// plies stay short of the fivefold repetition (at 16).
const std::vector<std::pair<std::string, std::string>> kDance = {
    {"g1-f3", "Nf3"}, {"g8-f6", "Nf6"}, {"f3-g1", "Ng1"}, {"f6-g8", "Ng8"}};

struct Table {
    std::string name;
    std::unique_ptr<ChildProcess> board;
    std::unique_ptr<ChildProcess> daemon;
    size_t seen = 0;
};

bool startTables(std::vector<Table>& tables, const fs::path& dir, const std::string& url) {
    for (Table& t : tables)
        t.board = std::make_unique<ChildProcess>(std::vector<std::string>{
            ARBITER_VBOARD, "--link", (dir / t.name).string(), "--scan-ms", "10"});
    for (Table& t : tables) {
        for (int tries = 0; tries < 500 && !fs::exists(dir / t.name); ++tries)
            std::this_thread::sleep_for(10ms);
        t.daemon = std::make_unique<ChildProcess>(std::vector<std::string>{
            ARBITERD, "--board", "dgt:" + (dir / t.name).string(), "--journal",
            (dir / (t.name + "-games")).string(), "--socket", (dir / (t.name + ".sock")).string(),
            "--settle-ms", "60", "--time", "5+3", "--mqtt", url, "--mqtt-table", t.name});
    }
    for (Table& t : tables) {
        const int at = t.daemon->waitFor("New game of fide", 20s);
        if (at < 0) {
            std::fprintf(stderr, "%s never started:\n%s", t.name.c_str(),
                         t.daemon->transcript().c_str());
            return false;
        }
        t.seen = static_cast<size_t>(at) + 1;
    }
    return true;
}

bool playRounds(std::vector<Table>& tables, int rounds) {
    for (int ply = 0; ply < rounds; ++ply) {
        const auto& [physical, san] = kDance[static_cast<size_t>(ply) % kDance.size()];
        for (Table& t : tables) t.board->send(physical + "\n");
        for (Table& t : tables) {
            const int at = t.daemon->waitFor(san, 10s, t.seen);
            if (at < 0) {
                std::fprintf(stderr, "%s never announced %s:\n%s", t.name.c_str(), san.c_str(),
                             t.daemon->transcript().c_str());
                return false;
            }
            t.seen = static_cast<size_t>(at) + 1;
        }
    }
    return true;
}

// Milliseconds from each move's announcement to its receipt, every table's.
std::vector<double> moveLatencies(const arbiter::e2e::MqttSubscriber::Messages& messages,
                                  const std::string& table) {
    std::vector<double> ms;
    for (const auto& m : messages) {
        if (m.topic != "arbiter/tables/" + table + "/events" || !m.json.is_object()) continue;
        if (m.json["event"].value("event", "") != "move") continue;
        ms.push_back(m.receivedAtMs - m.json.value("at", 0.0));
    }
    return ms;
}

void report(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) { return ms[static_cast<size_t>(q * double(ms.size() - 1))]; };
    std::printf("announcement to spectator, %zu moves: median %.2f ms, p99 %.2f ms, max %.2f ms\n",
                ms.size(), at(0.5), at(0.99), ms.back());
    // The machine's load says how far other work (a parallel build) stretched them.
    double load = 0;
    if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &load) != 1) load = 0;
        std::fclose(f);
    }
    std::printf("load average (1 min) %.2f on %ld cores\n", load, ::sysconf(_SC_NPROCESSORS_ONLN));
}

}  // namespace

int main(int argc, char** argv) {
    const int tableCount = argc > 1 ? std::atoi(argv[1]) : 14;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 15;
    const arbiter::testing::TempDirectory scratch("arbiter-bench-hall");
    const fs::path dir = scratch.path();
    int status = 1;
    {
        arbiter::e2e::MqttBroker broker(dir / "broker");
        if (!broker.start()) {
            std::fprintf(stderr, "mosquitto did not start:\n%s", broker.log().c_str());
            return 1;
        }
        arbiter::e2e::MqttSubscriber spectator(broker.port(), "bench-spectator");
        std::vector<Table> tables(static_cast<size_t>(tableCount));
        for (size_t i = 0; i < tables.size(); ++i) tables[i].name = "t" + std::to_string(i + 1);
        const size_t expected = static_cast<size_t>(tableCount) * static_cast<size_t>(rounds);
        const auto allMoves = [&](const auto& messages) {
            size_t moves = 0;
            for (const Table& t : tables) moves += moveLatencies(messages, t.name).size();
            return moves >= expected;
        };
        if (spectator.waitUntilSubscribed(5s) && startTables(tables, dir, broker.url()) &&
            playRounds(tables, rounds) && spectator.waitFor(allMoves, 10s)) {
            std::vector<double> all;
            for (const Table& t : tables) {
                std::vector<double> ms = moveLatencies(spectator.messages(), t.name);
                all.insert(all.end(), ms.begin(), ms.end());
            }
            std::printf("%d tables, %d plies each\n", tableCount, rounds);
            report(all);
            status = 0;
        } else {
            std::fprintf(stderr, "the spectator did not get every move\n");
        }
        for (Table& t : tables)
            if (t.daemon) t.daemon->signal(SIGTERM);
    }
    return status;
}
