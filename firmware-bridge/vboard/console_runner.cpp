#include "firmware-bridge/vboard/console_runner.h"

#include <algorithm>
#include <fstream>
#include <type_traits>

#include "firmware-bridge/vboard/board_notation.h"

namespace arbiter::vboard {

ConsoleRunner::ConsoleRunner(PhysicalBoard& board, VirtualHardware& hardware,
                             const EmulatedBoard& emulation, std::ostream& out, std::ostream& err,
                             bool quiet, VirtualClock* clock)
    : board_(board),
      hardware_(hardware),
      emulation_(emulation),
      out_(out),
      err_(err),
      quiet_(quiet),
      clock_(clock) {}

void ConsoleRunner::enqueue(std::string line, std::string origin) {
    lines_.push_back({std::move(line), std::move(origin)});
}

std::optional<uint32_t> ConsoleRunner::millisecondsUntilWaitEnds() const {
    std::optional<uint32_t> until = waitUntilMs_;
    if (replay_) until = replay_->startMs + replay_->updates[replay_->next].atMs;
    if (!until) return std::nullopt;
    const auto left = static_cast<int32_t>(*until - hardware_.millisecondsNow());
    return left > 0 ? static_cast<uint32_t>(left) : 0u;
}

void ConsoleRunner::run() {
    while (!quitRequested_) {
        if (waitUntilMs_) {
            if (static_cast<int32_t>(hardware_.millisecondsNow() - *waitUntilMs_) < 0) return;
            waitUntilMs_.reset();
        }
        if (slide_ && !advanceSlide()) return;
        if (replay_ && !advanceReplay()) return;
        if (lines_.empty()) return;
        const PendingLine line = std::move(lines_.front());
        lines_.pop_front();
        std::string text = line.text;
        if (cells_) {
            std::string why;
            const std::optional<std::string> squares = cells_->translate(text, why);
            if (!squares) {
                error(why, line.origin);
                continue;
            }
            text = *squares;
        }
        const ParsedLine parsed = parseConsoleLine(text);
        if (parsed.isError()) {
            error(parsed.error, line.origin);
        } else if (parsed.command) {
            execute(*parsed.command, line.origin);
        }
    }
}

void ConsoleRunner::execute(const ConsoleCommand& command, const std::string& origin) {
    std::visit(
        [&](const auto& what) {
            using Kind = std::decay_t<decltype(what)>;
            if constexpr (std::is_same_v<Kind, command::Lift>) {
                report(board_.lift(what.square), origin);
            } else if constexpr (std::is_same_v<Kind, command::Place>) {
                report(board_.place(what.square, what.piece), origin);
            } else if constexpr (std::is_same_v<Kind, command::Move>) {
                report(board_.move(what.from, what.to), origin);
            } else if constexpr (std::is_same_v<Kind, command::Slide>) {
                startSlide(what, origin);
            } else if constexpr (std::is_same_v<Kind, command::Put>) {
                report(board_.put(what.square, what.piece), origin);
            } else if constexpr (std::is_same_v<Kind, command::Remove>) {
                report(board_.remove(what.square), origin);
            } else if constexpr (std::is_same_v<Kind, command::Clear>) {
                board_.clear();
                echo("clear");
            } else if constexpr (std::is_same_v<Kind, command::Setup>) {
                board_.setup(what.position);
                echo("setup");
            } else if constexpr (std::is_same_v<Kind, command::Wait>) {
                waitUntilMs_ = hardware_.millisecondsNow() + what.milliseconds;
            } else if constexpr (std::is_same_v<Kind, command::Show>) {
                out_ << board_.render() << std::flush;
            } else if constexpr (std::is_same_v<Kind, command::ShowHand>) {
                out_ << board_.describeHand() << '\n' << std::flush;
            } else if constexpr (std::is_same_v<Kind, command::Unplug>) {
                hardware_.setPlugged(false);
                echo("unplugged");
            } else if constexpr (std::is_same_v<Kind, command::Plug>) {
                hardware_.setPlugged(true);
                echo("plugged");
            } else if constexpr (std::is_same_v<Kind, command::Quit>) {
                quitRequested_ = true;
            } else if constexpr (std::is_same_v<Kind, command::Help>) {
                out_ << consoleHelpText() << std::flush;
            } else if constexpr (std::is_same_v<Kind, command::Replay>) {
                startReplay(what, origin);
            } else {
                executeOnClock(command, origin);
            }
        },
        command);
}

void ConsoleRunner::executeOnClock(const ConsoleCommand& command, const std::string& origin) {
    if (!clock_) {
        error("no clock attached (start arbiter-vboard with --clock xl or --clock 3000)", origin);
        return;
    }
    const uint32_t now = hardware_.millisecondsNow();
    if (const auto* lever = std::get_if<command::Lever>(&command)) {
        if (lever->side) {
            clock_->pressLever(*lever->side, now);
        } else {
            clock_->rockLever(now);
        }
    } else if (const auto* button = std::get_if<command::Button>(&command)) {
        if (!clock_->pressButton(button->code)) {
            error("button: a DGT XL does not report its buttons to the board", origin);
        }
    } else if (const auto* set = std::get_if<command::ClockSet>(&command)) {
        clock_->set(set->leftMs, set->rightMs, now);
    } else if (std::holds_alternative<command::ClockShow>(command)) {
        out_ << "clock " << clock_->describe(now) << '\n' << std::flush;
    }
}

void ConsoleRunner::startSlide(const command::Slide& slide, const std::string& origin) {
    PhysicalBoard::SlidePath path = board_.planSlide(slide.from, slide.to);
    if (!path.error.empty()) {
        error(path.error, origin);
        return;
    }
    SlideInProgress progress;
    progress.name = "slide " + squareName(slide.from) + " " + squareName(slide.to);
    progress.piece = board_.at(slide.from);
    progress.id = board_.idAt(slide.from);
    progress.squares = std::move(path.squares);
    // Leaving the first square and arriving on the next is one instant.
    board_.set(slide.from, dgt::kEmpty, 0);
    progress.at = progress.squares.front();
    board_.set(progress.at, progress.piece, progress.id);
    progress.next = 1;
    progress.placedAtScan = emulation_.scansCompleted();
    slide_ = std::move(progress);
    advanceSlide();
}

bool ConsoleRunner::advanceSlide() {
    const uint32_t scansToBeSeen = static_cast<uint32_t>(std::max(1, emulation_.scansToAccept()));
    while (slide_->next < slide_->squares.size()) {
        if (emulation_.scansCompleted() - slide_->placedAtScan < scansToBeSeen) return false;
        board_.set(slide_->at, dgt::kEmpty, 0);
        slide_->at = slide_->squares[slide_->next++];
        board_.set(slide_->at, slide_->piece, slide_->id);
        slide_->placedAtScan = emulation_.scansCompleted();
    }
    echo(slide_->name + " " + letterOf(slide_->piece));
    slide_.reset();
    return true;
}

void ConsoleRunner::startReplay(const command::Replay& replay, const std::string& origin) {
    std::ifstream file(replay.path);
    if (!file) {
        error("replay: " + replay.path + ": cannot open", origin);
        return;
    }
    ParsedCapture capture = parseDgtCapture(file);
    if (!capture.error.empty()) {
        error("replay: " + replay.path + ":" + capture.error, origin);
        return;
    }
    if (capture.updates.empty()) {
        echo("replay " + replay.path + ": nothing to replay");
        return;
    }
    echo("replay " + replay.path + ": " + std::to_string(capture.updates.size()) + " updates");
    replay_ = ReplayInProgress{std::move(capture.updates), 0, hardware_.millisecondsNow()};
    advanceReplay();
}

bool ConsoleRunner::advanceReplay() {
    const uint32_t elapsed = hardware_.millisecondsNow() - replay_->startMs;
    // What a board sent is what stood on its sensors: the hand is left alone.
    while (replay_->next < replay_->updates.size() &&
           replay_->updates[replay_->next].atMs <= elapsed) {
        const CapturedUpdate& update = replay_->updates[replay_->next++];
        board_.set(update.square, update.piece);
    }
    if (replay_->next < replay_->updates.size()) return false;
    echo("replay done");
    replay_.reset();
    return true;
}

void ConsoleRunner::report(const PhysicalBoard::Outcome& outcome, const std::string& origin) {
    if (outcome.ok()) {
        echo(outcome.what);
    } else {
        error(outcome.error, origin);
    }
}

void ConsoleRunner::error(const std::string& message, const std::string& origin) {
    err_ << "vboard: error: " << (origin.empty() ? "" : origin + ": ") << message << '\n'
         << std::flush;
}

void ConsoleRunner::echo(const std::string& what) {
    if (!quiet_) err_ << "vboard: " << what << '\n' << std::flush;
}

}  // namespace arbiter::vboard
