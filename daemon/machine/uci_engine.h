#pragma once

#include <sys/types.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "daemon/base/event_loop.h"
#include "daemon/machine/engine_process.h"
#include "daemon/machine/uci_line.h"
#include "daemon/machine/uci_strength.h"

namespace arbiter {

// A seat of FIDE chess played by a UCI engine (Debian's stockfish by
// default; docs/machine.md), run as a child process and spoken to without
// ever blocking the daemon's one thread: its output is watched on the loop,
// and every wait has a Timer of this object's. It starts the engine when
// asked to (start(), or the first think()), learns its name and strength
// options from its answer to `uci`, sets the seat's level, and then asks it
// for one move at a time. Whatever goes wrong is said through the failure
// callback and the daemon goes on: an engine that cannot be run, exits, hangs
// or says what is no move. One that ended is started again by the next
// think(), as a driver waits for a vanished device and takes it up again.
//
// Callbacks are never called from within the call that caused them, nor from
// within a handler of the engine's output: each runs on its own from the
// loop, so that a callback may think() again, cancel(), or destroy this.
class UciEngine {
  public:
    using OnReady = std::function<void()>;
    using OnBestMove = std::function<void(std::string uciMove)>;
    using OnFailure = std::function<void(std::string why)>;

    // How long it waits for the engine. The defaults suit a daemon; tests
    // shorten them to see the misbehaving engines given up on sooner.
    struct Patience {
        Millis handshakeMs = 10000;  // for uciok after uci, and for readyok after isready
        Millis overtimeMs = 5000;    // past the movetime, before it is told to stop
        Millis stopMs = 2000;        // for the bestmove after stop
        Millis quitMs = 500;         // to quit by itself when this is destroyed
    };

    // The longest movetime asked for: a whole session's thinking is no one move's.
    static constexpr Millis kLongestMovetimeMs = 3'600'000;
    // The most moves a game's position may be sent with.
    static constexpr size_t kMostMoves = 10000;

    // `path`: the engine's program; `level`: kLowestMachineLevel..kHighestMachineLevel
    // (uci_strength.h), held within them. Nothing is started yet.
    UciEngine(EventLoop& loop, std::string path, int level, Patience patience);
    UciEngine(EventLoop& loop, std::string path, int level)
        : UciEngine(loop, std::move(path), level, Patience{}) {}
    // Says quit, waits up to quitMs for it to end, kills it if it has not, and reaps it.
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Starts the engine if it is not running: `onReady` once it has answered
    // uci and isready, with its strength set; else `onFailure` and why. A
    // second start() before the first is answered takes its place.
    void start(OnReady onReady, OnFailure onFailure);
    // The level from the next think() on.
    void setLevel(int level);
    // The next think() begins a new game (ucinewgame): the engine forgets
    // what it learnt of the last one.
    void newGame();
    // Asks for a move in the position reached from `startFen` (empty: the
    // start position) by `movesUci` (UCI moves, "e2e4", "e7e8q"), thinking
    // `movetimeMs`: `onBestMove` with the engine's move, or `onFailure` and
    // why (the engine failed, or has no move there). Cancels a think not yet
    // answered. Input that is no FEN, UCI move or movetime is refused
    // through `onFailure` without reaching the engine.
    void think(const std::string& startFen, const std::vector<std::string>& movesUci,
               Millis movetimeMs, OnBestMove onBestMove, OnFailure onFailure);
    // The think not yet answered never will be: the engine is told to stop,
    // and the move it then names is ignored (a takeback, the game stopped).
    void cancel();

    // Started and answering: the handshake is over, whether or not it thinks.
    bool ready() const;
    bool thinking() const { return state_ == State::thinking; }
    const std::string& path() const { return path_; }
    // What it calls itself (`id name`); empty until it has said.
    const std::string& name() const { return name_; }
    // The strength it was set to, in words ("Skill Level 6 (of 0..20)").
    const std::string& strength() const { return strength_; }
    // Its process id, for the log and for tests; -1 when it is not running.
    pid_t pid() const { return process_.pid(); }

  private:
    enum class State { stopped, handshake, readying, idle, thinking, stopping };
    struct Request {
        uint64_t serial = 0;
        std::string position;  // the whole "position ..." command
        Millis movetimeMs = 0;
        OnBestMove onBestMove;
        OnFailure onFailure;
    };

    void launch();
    void onLine(std::string_view text);
    void onRefused(const UciLine& line, std::string_view text);
    void onUciOk();
    void onReadyOk();
    void onBestMove(const UciLine& line);
    void onEnded(const std::string& how);
    bool setStrength();
    bool askReady();
    void proceed();
    void begin();
    void stopThinking();
    // Sends a line; when the engine does not take it, fails everything and false.
    bool say(const std::string& line);
    // Kills the engine for `why` and fails what waited on it.
    void giveUp(const std::string& why);
    // Kills the engine for `why`, which failed a think no one waits for any
    // more, and starts a new one for the think that waits, if any.
    void restart(const std::string& why);
    void failAll(const std::string& why);
    // Runs `call` from the loop later, unless it answers a think since cancelled.
    void report(uint64_t serial, std::function<void()> call);
    void deliver();
    std::string during() const;

    EventLoop& loop_;
    std::string path_;
    int level_;
    Patience patience_;
    State state_ = State::stopped;
    std::string name_, strength_;
    UciStrengthOptions offered_;
    bool newGame_ = true;
    bool levelChanged_ = false;
    int refusalsLogged_ = 0;
    std::optional<int64_t> lastCentipawns_, lastMateIn_;
    OnReady onReady_;
    OnFailure onStartFailure_;
    std::optional<Request> pending_, current_;
    uint64_t nextSerial_ = 1;
    uint64_t cancelledThrough_ = 0;  // serials up to here are never answered
    struct Report {
        uint64_t serial;  // 0: not an answer to a think
        std::function<void()> call;
    };
    std::deque<Report> reports_;
    Timer deadline_{loop_};
    Timer reporter_{loop_};
    EngineProcess process_;
};

}  // namespace arbiter
