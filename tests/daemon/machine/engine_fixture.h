#pragma once

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "daemon/base/event_loop.h"
#include "daemon/machine/uci_engine.h"
#include "tests/daemon/temp_directory.h"

namespace arbiter::testing {

// Debian's stockfish, the daemon's engine for FIDE chess (package stockfish).
inline const char* const kStockfish = "/usr/games/stockfish";

inline bool haveStockfish() {
    return ::access(kStockfish, X_OK) == 0;
}

// A real event loop on the real clock, as the daemon runs it, and what the
// engine answered. The tests wait on the loop until something is answered;
// the guard only keeps a broken engine from hanging the test binary, and is
// no measure of speed.
class EngineFixture : public ::testing::Test {
  protected:
    static constexpr Millis kGuardMs = 60000;

    // Runs the loop until `done` holds; false when the guard ran out first.
    bool runUntil(const std::function<bool()>& done) {
        const Millis until = time_.now() + kGuardMs;
        while (!done()) {
            if (time_.now() >= until) return false;
            loop_.runOnce(50);
        }
        return true;
    }
    // Runs the loop for `ms` whatever happens: to see that nothing more comes.
    void runFor(Millis ms) {
        const Millis until = time_.now() + ms;
        while (time_.now() < until) loop_.runOnce(until - time_.now());
    }

    // What one think answered: the move, or the failure and why.
    struct Answer {
        std::optional<std::string> move, failure;
        bool given() const { return move || failure; }
        std::string said() const {
            return move ? "move " + *move : failure ? "failure: " + *failure : "nothing";
        }
    };
    void think(UciEngine& engine, Answer& answer, const std::vector<std::string>& moves,
               Millis movetimeMs, const std::string& fen = {}) {
        engine.think(
            fen, moves, movetimeMs, [&answer](std::string move) { answer.move = move; },
            [&answer](std::string why) { answer.failure = why; });
    }
    // Thinks and waits for the answer.
    Answer thinkAndWait(UciEngine& engine, const std::vector<std::string>& moves, Millis movetimeMs,
                        const std::string& fen = {}) {
        Answer answer;
        think(engine, answer, moves, movetimeMs, fen);
        EXPECT_TRUE(runUntil([&] { return answer.given(); })) << "no answer came";
        return answer;
    }
    // Starts it and waits: "" when it is ready, else why not.
    std::optional<std::string> startAndWait(UciEngine& engine) {
        bool ready = false;
        std::optional<std::string> failure;
        engine.start([&] { ready = true; }, [&](std::string why) { failure = why; });
        EXPECT_TRUE(runUntil([&] { return ready || failure.has_value(); })) << "no answer came";
        return ready ? std::optional<std::string>("") : failure;
    }

    // A small engine of the test's own: a shell script in the test's folder.
    std::string script(const std::string& name, const std::string& body) {
        const std::string path = folder_.path() + "/" + name;
        std::ofstream(path) << "#!/bin/sh\n" << body;
        ::chmod(path.c_str(), 0755);
        return path;
    }
    // The lines of a file a script wrote.
    std::vector<std::string> linesOf(const std::string& name) {
        std::ifstream in(folder_.path() + "/" + name);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }

    SystemTimeSource time_;
    EventLoop loop_{time_};
    TempDirectory folder_{"arbiter-uci"};
    // Short waits for engines that misbehave: what they lead to comes sooner.
    UciEngine::Patience impatient_{
        .handshakeMs = 1000, .overtimeMs = 300, .stopMs = 300, .quitMs = 200};
};

// Whether `pid` is gone altogether: not running, and no zombie left to reap.
inline bool reaped(pid_t pid) {
    return ::kill(pid, 0) != 0 && errno == ESRCH;
}

}  // namespace arbiter::testing
