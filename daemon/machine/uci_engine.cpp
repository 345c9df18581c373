#include "daemon/machine/uci_engine.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <string_view>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

// An engine that prints garbage is said to in the log, but not a thousand times.
constexpr int kMostRefusalsLogged = 5;
// No FEN of FIDE chess comes near it (the longest are under 90 characters).
constexpr size_t kLongestFen = 128;

std::string seconds(Millis ms) {
    return ms % 1000 == 0 ? fmt::format("{} s", ms / 1000) : fmt::format("{} ms", ms);
}

bool onlyOf(std::string_view text, std::string_view allowed) {
    return !text.empty() && text.find_first_not_of(allowed) == std::string_view::npos;
}

// A FEN goes into a command line: its form is checked (six fields, or the
// first four, of FEN's characters), so that nothing in it can end the line
// or be read as more than a position. Whether the position is legal is for
// the engine to judge, and the caller, who made it, to know.
std::string fenProblem(const std::string& fen) {
    if (fen.empty()) return {};
    const std::string quoted = "\"" + printable(fen.substr(0, kLongestFen)) + "\"";
    if (fen.size() > kLongestFen)
        return fmt::format("a FEN longer than {} characters", kLongestFen);
    std::vector<std::string_view> fields;
    for (size_t at = 0; at <= fen.size();) {
        const size_t end = std::min(fen.find(' ', at), fen.size());
        fields.push_back(std::string_view(fen).substr(at, end - at));
        at = end + 1;
    }
    const bool formed =
        (fields.size() == 4 || fields.size() == 6) && onlyOf(fields[0], "pnbrqkPNBRQK12345678/") &&
        std::count(fields[0].begin(), fields[0].end(), '/') == 7 &&
        (fields[1] == "w" || fields[1] == "b") && onlyOf(fields[2], "KQkqABCDEFGHabcdefgh-") &&
        onlyOf(fields[3], "abcdefgh36-") && fields[3].size() <= 2 &&
        (fields.size() == 4 ||
         (onlyOf(fields[4], "0123456789") && onlyOf(fields[5], "0123456789")));
    return formed ? std::string() : quoted + " is no FEN";
}

// The "position ..." command for a think, or why it cannot be made.
std::string positionCommand(const std::string& fen, const std::vector<std::string>& moves,
                            std::string& problem) {
    problem = fenProblem(fen);
    if (!problem.empty()) return {};
    if (moves.size() > UciEngine::kMostMoves) {
        problem = fmt::format("more than {} moves", UciEngine::kMostMoves);
        return {};
    }
    std::string command = fen.empty() ? "position startpos" : "position fen " + fen;
    if (!moves.empty()) command += " moves";
    for (const std::string& move : moves) {
        if (!isUciMove(move)) {
            problem = fmt::format("\"{}\" is not a UCI move", printable(move));
            return {};
        }
        command += " " + move;
    }
    return command;
}

}  // namespace

UciEngine::UciEngine(EventLoop& loop, std::string path, int level, Patience patience)
    : loop_(loop),
      path_(std::move(path)),
      level_(std::clamp(level, kLowestMachineLevel, kHighestMachineLevel)),
      patience_(patience),
      process_(
          loop, [this](std::string_view text) { onLine(text); },
          [this](const std::string& how) { onEnded(how); }) {}

UciEngine::~UciEngine() {
    if (!process_.running()) return;
    std::string ignored;
    process_.send("quit", ignored);
    process_.stop(patience_.quitMs);
}

bool UciEngine::ready() const {
    return state_ == State::idle || state_ == State::thinking || state_ == State::stopping;
}

void UciEngine::start(OnReady onReady, OnFailure onFailure) {
    if (ready()) {
        if (onReady) report(0, std::move(onReady));
        return;
    }
    onReady_ = std::move(onReady);
    onStartFailure_ = std::move(onFailure);
    if (state_ == State::stopped) launch();
}

void UciEngine::setLevel(int level) {
    level = std::clamp(level, kLowestMachineLevel, kHighestMachineLevel);
    if (level == level_) return;
    level_ = level;
    levelChanged_ = true;
}

void UciEngine::newGame() {
    newGame_ = true;
}

void UciEngine::think(const std::string& startFen, const std::vector<std::string>& movesUci,
                      Millis movetimeMs, OnBestMove onBestMove, OnFailure onFailure) {
    cancel();
    Request request{nextSerial_++, {}, movetimeMs, std::move(onBestMove), std::move(onFailure)};
    std::string problem;
    request.position = positionCommand(startFen, movesUci, problem);
    if (problem.empty() && (movetimeMs < 1 || movetimeMs > kLongestMovetimeMs))
        problem =
            fmt::format("a movetime of {} ms (it is 1 to {})", movetimeMs, kLongestMovetimeMs);
    if (!problem.empty()) {
        report(request.serial, [call = std::move(request.onFailure), problem] {
            call("cannot ask the engine: " + problem);
        });
        return;
    }
    pending_ = std::move(request);
    proceed();
}

void UciEngine::cancel() {
    cancelledThrough_ = nextSerial_ - 1;
    pending_.reset();
    if (state_ == State::thinking) stopThinking();
}

void UciEngine::launch() {
    name_.clear();
    strength_.clear();
    offered_ = {};
    refusalsLogged_ = 0;
    newGame_ = false;  // a new process has seen no game
    levelChanged_ = false;
    struct stat st;
    std::string error;
    if (::stat(path_.c_str(), &st) != 0)
        error = fmt::system_error(errno, "cannot run {}", path_).what();
    else if (!S_ISREG(st.st_mode))
        error = fmt::format("cannot run {}: it is not a file", path_);
    else if (process_.start(path_, error))
        error.clear();
    if (!error.empty()) {
        failAll(error);
        return;
    }
    spdlog::info("UCI engine {} started (process {})", path_, process_.pid());
    state_ = State::handshake;
    if (!say("uci")) return;
    deadline_.after(patience_.handshakeMs, [this] {
        giveUp(fmt::format("UCI engine {} did not answer uci with uciok within {}", path_,
                           seconds(patience_.handshakeMs)));
    });
}

void UciEngine::onLine(std::string_view text) {
    const UciLine line = parseUciLine(text);
    if (line.refused()) {
        onRefused(line, text);
        return;
    }
    switch (line.kind) {
        case UciLineKind::uciOk:
            onUciOk();
            break;
        case UciLineKind::readyOk:
            onReadyOk();
            break;
        case UciLineKind::idName:
            if (state_ == State::handshake) name_ = line.name;
            break;
        case UciLineKind::option:
            if (state_ == State::handshake) offered_.learn(line.option);
            break;
        case UciLineKind::bestMove:
            onBestMove(line);
            break;
        case UciLineKind::info:
            if (line.scoreCentipawns || line.scoreMateIn) {
                lastCentipawns_ = line.scoreCentipawns;
                lastMateIn_ = line.scoreMateIn;
            }
            break;
        case UciLineKind::other:
            break;
    }
}

void UciEngine::onRefused(const UciLine& line, std::string_view text) {
    // A move it spoilt answers the think all the same: it cannot be played,
    // and an engine that says such things is not one to ask again as it is.
    if (line.kind == UciLineKind::bestMove &&
        (state_ == State::thinking || state_ == State::stopping)) {
        const std::string why = fmt::format("UCI engine {} answered \"{}\": {}", path_,
                                            printable(text.substr(0, 80)), line.refusal);
        if (state_ == State::thinking)
            giveUp(why);
        else
            restart(why);
        return;
    }
    if (refusalsLogged_ < kMostRefusalsLogged)
        spdlog::warn("UCI engine {} said {}: ignored", path_, line.refusal);
    if (++refusalsLogged_ == kMostRefusalsLogged)
        spdlog::warn("UCI engine {}: what else it says that is refused is not logged", path_);
}

void UciEngine::onUciOk() {
    if (state_ != State::handshake) return;
    if (!setStrength()) return;
    askReady();
}

bool UciEngine::setStrength() {
    const UciStrength strength = uciStrength(offered_, level_);
    for (const std::string& command : strength.commands)
        if (!say(command)) return false;
    strength_ = strength.description;
    spdlog::info("UCI engine {} ({}) plays level {}: {}", name_.empty() ? "unnamed" : name_, path_,
                 level_, strength_);
    levelChanged_ = false;
    return true;
}

bool UciEngine::askReady() {
    state_ = State::readying;
    if (!say("isready")) return false;
    deadline_.after(patience_.handshakeMs, [this] {
        giveUp(fmt::format("UCI engine {} did not answer isready within {}", path_,
                           seconds(patience_.handshakeMs)));
    });
    return true;
}

void UciEngine::onReadyOk() {
    if (state_ != State::readying) return;
    deadline_.cancel();
    state_ = State::idle;
    if (onReady_) report(0, std::move(onReady_));
    onReady_ = nullptr;
    onStartFailure_ = nullptr;
    proceed();
}

void UciEngine::proceed() {
    if (!pending_) return;
    switch (state_) {
        case State::stopped:
            launch();
            break;
        case State::idle:
            begin();
            break;
        case State::thinking:
            stopThinking();
            break;
        case State::handshake:
        case State::readying:
        case State::stopping:
            break;  // the engine answers first
    }
}

void UciEngine::begin() {
    if (newGame_ || levelChanged_) {
        // Both are taken in before the engine is asked: it answers isready once done.
        if (newGame_ && !say("ucinewgame")) return;
        newGame_ = false;
        if (levelChanged_ && !setStrength()) return;
        askReady();
        return;
    }
    current_ = std::move(pending_);
    pending_.reset();
    lastCentipawns_.reset();
    lastMateIn_.reset();
    state_ = State::thinking;
    if (!say(current_->position)) return;
    if (!say(fmt::format("go movetime {}", current_->movetimeMs))) return;
    deadline_.after(current_->movetimeMs + patience_.overtimeMs, [this] {
        if (!say("stop")) return;
        deadline_.after(patience_.stopMs, [this] {
            giveUp(
                fmt::format("UCI engine {} named no move {} after its movetime of {}, nor "
                            "when told to stop",
                            path_, seconds(patience_.overtimeMs),
                            seconds(current_ ? current_->movetimeMs : 0)));
        });
    });
}

void UciEngine::stopThinking() {
    current_.reset();
    state_ = State::stopping;
    if (!say("stop")) return;
    deadline_.after(patience_.stopMs, [this] {
        restart(fmt::format("UCI engine {} did not answer stop within {}", path_,
                            seconds(patience_.stopMs)));
    });
}

void UciEngine::onBestMove(const UciLine& line) {
    if (state_ != State::thinking && state_ != State::stopping) {
        spdlog::debug("UCI engine {}: a bestmove no one asked for, ignored", path_);
        return;
    }
    deadline_.cancel();
    const bool answered = state_ == State::thinking;
    state_ = State::idle;
    if (answered && current_) {
        Request request = std::move(*current_);
        current_.reset();
        if (line.move.empty()) {
            report(request.serial, [call = std::move(request.onFailure), engine = path_] {
                call(fmt::format("UCI engine {} has no move in this position", engine));
            });
        } else {
            std::string score = lastMateIn_ ? fmt::format(" (mate in {})", *lastMateIn_)
                                : lastCentipawns_
                                    ? fmt::format(" ({} centipawns)", *lastCentipawns_)
                                    : "";
            spdlog::debug("UCI engine {} plays {}{}", path_, line.move, score);
            report(request.serial,
                   [call = std::move(request.onBestMove), move = line.move] { call(move); });
        }
    }
    proceed();
}

void UciEngine::onEnded(const std::string& how) {
    const std::string why = fmt::format("UCI engine {} {} {}", path_, how, during());
    if (pending_ || current_ || onStartFailure_) {
        failAll(why);
        return;
    }
    // No one waits on it: only the log hears of it, and the next think starts it.
    spdlog::warn("{}; it is started again for the next move", why);
    state_ = State::stopped;
    deadline_.cancel();
}

std::string UciEngine::during() const {
    switch (state_) {
        case State::stopped:
            return "before it was started";
        case State::handshake:
            return "before it answered uci";
        case State::readying:
            return "before it answered isready";
        case State::idle:
            return "while it waited";
        case State::thinking:
            return "while it thought";
        case State::stopping:
            return "while it was being stopped";
    }
    return {};
}

bool UciEngine::say(const std::string& line) {
    std::string error;
    if (process_.send(line, error)) return true;
    giveUp(fmt::format("UCI engine {}: {} {}", path_, error, during()));
    return false;
}

void UciEngine::restart(const std::string& why) {
    spdlog::warn("{}; it is started again for what waits", why);
    process_.stop(0);
    state_ = State::stopped;
    deadline_.cancel();
    proceed();
}

void UciEngine::giveUp(const std::string& why) {
    process_.stop(0);
    failAll(why);
}

void UciEngine::failAll(const std::string& why) {
    spdlog::warn("{}", why);
    state_ = State::stopped;
    deadline_.cancel();
    if (onStartFailure_) report(0, [call = std::move(onStartFailure_), why] { call(why); });
    onReady_ = nullptr;
    onStartFailure_ = nullptr;
    for (std::optional<Request>* waiting : {&current_, &pending_}) {
        if (!*waiting) continue;
        report((*waiting)->serial, [call = std::move((*waiting)->onFailure), why] { call(why); });
        waiting->reset();
    }
}

void UciEngine::report(uint64_t serial, std::function<void()> call) {
    reports_.push_back({serial, std::move(call)});
    if (!reporter_.armed()) reporter_.after(0, [this] { deliver(); });
}

void UciEngine::deliver() {
    if (reports_.empty()) return;
    Report next = std::move(reports_.front());
    reports_.pop_front();
    if (!reports_.empty()) reporter_.after(0, [this] { deliver(); });
    if (next.serial != 0 && next.serial <= cancelledThrough_) return;
    next.call();  // last: it may destroy this
}

}  // namespace arbiter
