#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::bench {

// A UCI engine run as a child process, spoken to through two pipes: the peers
// the perft bench times itself against (Debian's stockfish and fairy-stockfish).
class UciEngine {
  public:
    // nullopt when `path` is not an executable or the process cannot be started.
    static std::optional<UciEngine> start(const std::string& path);

    UciEngine(UciEngine&& other) noexcept;
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;
    UciEngine& operator=(UciEngine&&) = delete;
    // Asks it to quit, and kills it if it has not after a second.
    ~UciEngine();

    pid_t pid() const { return pid_; }
    bool send(std::string_view line);
    // Reads lines until one starts with `prefix`; nullopt on end of output or timeout.
    std::optional<std::string> waitFor(std::string_view prefix, int timeoutSeconds);

  private:
    UciEngine(pid_t pid, int input, int output) : pid_(pid), input_(input), output_(output) {}

    pid_t pid_;
    int input_;
    int output_;
    std::string buffer_;
};

// One count and the CPU time it took (cpu_time.h), or its wall time where
// the engine's CPU time cannot be read (`cpu` false).
struct Measurement {
    uint64_t nodes = 0;
    double seconds = 0;
    bool cpu = true;
};

// "go perft `depth`" `runs` times on the position that `setup` (UCI lines:
// options, then a "position" command) leaves the engine in; the least CPU
// time the engine spends from "go perft" to the "Nodes searched" line counts
// (wall time where /proc does not tell), after the
// engine's start-up ("readyok"), so loading networks does not count against
// it. nullopt and why (`problem`) when the engine is missing or does not answer.
std::optional<Measurement> timeUciPerft(UciEngine& engine, const std::vector<std::string>& setup,
                                        int depth, int runs, std::string& problem);

}  // namespace arbiter::bench
