// How long after arbiterd announces something every open page has it: the
// real arbiterd (Power Coinz, played without boards, so that the bench says
// what happens through the control socket) and the real arbiter-web, with
// PAGES event streams open on it (100 by default), as many browsers would
// hold them. For each announcement (a pause or a resume said on the control
// socket, after a first flip has started the clocks) the clock starts when the bench's own subscription to arbiterd
// reads the event, and stops for each page when its stream has the
// "announcement" of it, and then the "snapshot" that follows it (the status
// after the change, which the page draws). Prints the median, 99th
// percentile and maximum of each over all pages and events, and of the
// last page's snapshot for each event.
//
//   arbiter-bench-web [PAGES [EVENTS]]

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// A child process with its output in a file.
pid_t spawnLogged(const std::vector<std::string>& argv, const fs::path& log) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::FILE* out = std::freopen(log.c_str(), "w", stdout);
        (void)out;
        ::dup2(STDOUT_FILENO, STDERR_FILENO);
        std::vector<char*> args;
        for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    return pid;
}

std::string readFile(const fs::path& p) {
    std::string text;
    if (std::FILE* f = std::fopen(p.c_str(), "r")) {
        char chunk[4096];
        size_t n;
        while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) text.append(chunk, n);
        std::fclose(f);
    }
    return text;
}

int connectUnix(const std::string& path) {
    for (int tries = 0; tries < 100; ++tries) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un at{};
        at.sun_family = AF_UNIX;
        std::snprintf(at.sun_path, sizeof at.sun_path, "%s", path.c_str());
        if (::connect(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0) return fd;
        ::close(fd);
        ::usleep(50000);
    }
    return -1;
}

int connectTcp(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_port = htons(static_cast<uint16_t>(port));
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return ::connect(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0 ? fd : -1;
}

void sendAll(int fd, const std::string& text) {
    size_t sent = 0;
    while (sent < text.size()) {
        const ssize_t n = ::send(fd, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return;
        sent += static_cast<size_t>(n);
    }
}

// Reads what is there on `fd` into `into`; false when it closed.
bool readSome(int fd, std::string& into) {
    char chunk[65536];
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    into.append(chunk, static_cast<size_t>(n));
    return true;
}

// Waits until `text` holds `needle` (read from `fd`), for at most 10 s.
bool waitFor(int fd, std::string& text, const std::string& needle) {
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (text.find(needle) == std::string::npos) {
        pollfd p{fd, POLLIN, 0};
        if (Clock::now() > deadline || ::poll(&p, 1, 100) < 0) return false;
        if ((p.revents & POLLIN) && !readSome(fd, text)) return false;
    }
    return true;
}

double millis(Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

void report(const char* what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](size_t percent) { return ms[std::min(ms.size() - 1, percent * ms.size() / 100)]; };
    std::printf("%-34s median %6.2f ms   p99 %6.2f ms   max %6.2f ms   (%zu)\n", what, at(50),
                at(99), ms.back(), ms.size());
}

// The figures of one run: each page's announcement and snapshot, and the
// last page's snapshot of each announcement.
struct Figures {
    std::vector<double> each, last, pictures;
};

// Says `events` pauses and resumes on `control` and times each page's stream
// against the bench's own subscription (`watcher`); false when one never came.
bool measure(int control, int watcher, const std::vector<int>& streams, int events,
             Figures& figures) {
    const int pages = static_cast<int>(streams.size());
    std::vector<std::string> received(streams.size());
    std::string watched;
    auto& [each, last, pictures] = figures;
    for (int e = 0; e < events; ++e) {
        const bool pause = e % 2 == 0;
        const std::string word = pause ? "\"event\":\"pause\"" : "\"event\":\"resume-clocks\"";
        for (std::string& r : received) r.clear();
        watched.clear();
        sendAll(control, pause ? "{\"type\":\"pause\"}\n" : "{\"type\":\"resume\"}\n");
        if (!waitFor(watcher, watched, word)) {
            std::fprintf(stderr, "arbiter-bench-web: arbiterd did not announce event %d\n", e);
            return false;
        }
        const auto announced = Clock::now();
        // Each page is done when it has the announcement and the snapshot after it.
        std::vector<bool> done(static_cast<size_t>(pages), false), told(done);
        int left = pages;
        double slowest = 0;
        while (left > 0) {
            std::vector<pollfd> polled;
            for (int fd : streams) polled.push_back({fd, POLLIN, 0});
            if (::poll(polled.data(), polled.size(), 5000) <= 0) {
                std::fprintf(stderr, "arbiter-bench-web: %d pages never had event %d\n", left, e);
                return false;
            }
            const auto now = Clock::now();
            for (size_t i = 0; i < polled.size(); ++i) {
                if (!(polled[i].revents & POLLIN) || done[i]) continue;
                readSome(streams[i], received[i]);
                const size_t at = received[i].find(word);
                if (at == std::string::npos) continue;
                if (!told[i]) {
                    told[i] = true;
                    each.push_back(millis(now - announced));
                }
                if (received[i].find("event: snapshot", at) == std::string::npos) continue;
                done[i] = true;
                --left;
                pictures.push_back(millis(now - announced));
                slowest = std::max(slowest, pictures.back());
            }
        }
        last.push_back(slowest);
        ::usleep(20000);
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    const int pages = argc > 1 ? std::atoi(argv[1]) : 100;
    const int events = argc > 2 ? std::atoi(argv[2]) : 200;
    ::signal(SIGPIPE, SIG_IGN);
    const fs::path dir = fs::temp_directory_path() / ("arbiter-bench-web-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string socket = (dir / "arbiterd.sock").string();
    // The programs are stopped and the folder removed however the bench ends.
    std::vector<pid_t> children;
    struct Cleanup {
        std::vector<pid_t>& children;
        fs::path dir;
        ~Cleanup() {
            for (pid_t child : children) ::kill(child, SIGTERM);
            for (pid_t child : children) ::waitpid(child, nullptr, 0);
            std::error_code ignored;
            fs::remove_all(dir, ignored);
        }
    } cleanup{children, dir};
    const pid_t daemon = spawnLogged({ARBITERD, "--game", "powercoinz", "--socket", socket,
                                      "--journal", (dir / "games").string()},
                                     dir / "arbiterd.log");
    children.push_back(daemon);
    const int control = connectUnix(socket);
    const int watcher = connectUnix(socket);
    const pid_t web = spawnLogged({ARBITER_WEB, "--listen", "127.0.0.1:0", "--socket", socket},
                                  dir / "web.log");
    children.push_back(web);
    int port = 0;
    for (int tries = 0; tries < 200 && port == 0; ++tries) {
        const std::string said = readFile(dir / "web.log");
        if (const size_t at = said.find("127.0.0.1:"); at != std::string::npos)
            port = std::atoi(said.c_str() + at + 10);
        ::usleep(25000);
    }
    bool ready = control >= 0 && watcher >= 0 && port > 0;
    std::string watched, answers;
    if (ready) sendAll(watcher, "{\"type\":\"subscribe\"}\n");
    ready = ready && waitFor(watcher, watched, "\"type\":\"snapshot\"");
    // The clocks start with the first action: then pauses and resumes are announced.
    if (ready) sendAll(control, "{\"type\":\"do\",\"action\":\"flip\"}\n");
    ready = ready && waitFor(watcher, watched, "\"event\":\"chance\"");
    std::vector<int> streams;
    std::vector<std::string> received(static_cast<size_t>(pages));
    for (int i = 0; ready && i < pages; ++i) {
        const int fd = connectTcp(port);
        sendAll(fd, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        ready = fd >= 0 && waitFor(fd, received[static_cast<size_t>(i)], "event: snapshot");
        streams.push_back(fd);
    }
    if (!ready) {
        std::fprintf(stderr, "arbiter-bench-web: the table did not start:\n%s\n%s\n",
                     readFile(dir / "arbiterd.log").c_str(), readFile(dir / "web.log").c_str());
        return 1;
    }

    Figures figures;
    if (!measure(control, watcher, streams, events, figures)) return 1;
    auto& [each, last, pictures] = figures;
    std::printf("arbiter-web: %d pages, %d announcements\n", pages, events);
    report("announcement on each page", each);
    report("new snapshot on each page", pictures);
    report("new snapshot on the last page", last);
    for (int fd : streams) ::close(fd);
    return 0;
}
