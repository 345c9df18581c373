#include "bench/uci_engine.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "bench/cpu_time.h"

namespace arbiter::bench {

namespace {

using Clock = std::chrono::steady_clock;

// The longest a perft may take: the deepest counts of a slow machine.
constexpr int kTimeoutSeconds = 600;

}  // namespace

std::optional<UciEngine> UciEngine::start(const std::string& path) {
    if (access(path.c_str(), X_OK) != 0) return std::nullopt;
    int toChild[2], fromChild[2];
    if (pipe(toChild) != 0) return std::nullopt;
    if (pipe(fromChild) != 0) {
        close(toChild[0]);
        close(toChild[1]);
        return std::nullopt;
    }
    pid_t pid = fork();
    if (pid < 0) return std::nullopt;
    if (pid == 0) {
        dup2(toChild[0], STDIN_FILENO);
        dup2(fromChild[1], STDOUT_FILENO);
        int devNull = open("/dev/null", O_WRONLY);
        if (devNull >= 0) dup2(devNull, STDERR_FILENO);
        close(toChild[1]);
        close(fromChild[0]);
        execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(toChild[0]);
    close(fromChild[1]);
    return UciEngine(pid, toChild[1], fromChild[0]);
}

UciEngine::UciEngine(UciEngine&& other) noexcept
    : pid_(other.pid_),
      input_(other.input_),
      output_(other.output_),
      buffer_(std::move(other.buffer_)) {
    other.pid_ = -1;
    other.input_ = other.output_ = -1;
}

UciEngine::~UciEngine() {
    if (pid_ <= 0) return;
    send("quit");
    close(input_);
    close(output_);
    // Give it a moment to quit by itself, then make sure it is gone.
    for (int i = 0; i < 100; ++i) {
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
        usleep(10000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
}

bool UciEngine::send(std::string_view line) {
    std::string text(line);
    text += '\n';
    return write(input_, text.data(), text.size()) == ssize_t(text.size());
}

std::optional<std::string> UciEngine::waitFor(std::string_view prefix, int timeoutSeconds) {
    const auto deadline = Clock::now() + std::chrono::seconds(timeoutSeconds);
    for (;;) {
        for (size_t end; (end = buffer_.find('\n')) != std::string::npos;) {
            std::string line = buffer_.substr(0, end);
            buffer_.erase(0, end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.starts_with(prefix)) return line;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) return std::nullopt;
        pollfd ready{output_, POLLIN, 0};
        if (poll(&ready, 1, int(left.count())) <= 0) return std::nullopt;
        char chunk[4096];
        ssize_t n = read(output_, chunk, sizeof chunk);
        if (n <= 0) return std::nullopt;
        buffer_.append(chunk, size_t(n));
    }
}

std::optional<Measurement> timeUciPerft(UciEngine& engine, const std::vector<std::string>& setup,
                                        int depth, int runs, std::string& problem) {
    for (const std::string& line : setup) engine.send(line);
    engine.send("isready");
    if (!engine.waitFor("readyok", 60)) {
        problem = "did not answer readyok";
        return std::nullopt;
    }
    std::optional<Measurement> best;
    for (int run = 0; run < runs; ++run) {
        const auto begin = Clock::now();
        const std::optional<double> cpuBefore = processCpuSeconds(engine.pid());
        engine.send("go perft " + std::to_string(depth));
        auto line = engine.waitFor("Nodes searched", kTimeoutSeconds);
        const std::optional<double> cpuAfter = processCpuSeconds(engine.pid());
        const auto end = Clock::now();
        if (!line) {
            problem = "no 'Nodes searched' line";
            return std::nullopt;
        }
        Measurement m;
        m.nodes = std::strtoull(line->c_str() + line->find(':') + 1, nullptr, 10);
        m.cpu = cpuBefore && cpuAfter;
        m.seconds = m.cpu ? *cpuAfter - *cpuBefore
                          : std::chrono::duration<double>(end - begin).count();
        if (!best || m.seconds < best->seconds) best = m;
    }
    return best;
}

}  // namespace arbiter::bench
