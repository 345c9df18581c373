#pragma once

// Carries out console commands on the virtual board, in order and in time.

#include <cstdint>
#include <deque>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "firmware-bridge/vboard/console_command.h"
#include "firmware-bridge/vboard/dgt_capture.h"
#include "firmware-bridge/vboard/emulated_board.h"
#include "firmware-bridge/vboard/game_cells.h"
#include "firmware-bridge/vboard/physical_board.h"
#include "firmware-bridge/vboard/virtual_clock.h"
#include "firmware-bridge/vboard/virtual_hardware.h"

namespace arbiter::vboard {

// Runs the lines of the console language against the virtual board while the
// board keeps ticking: lines queue up in the order they arrive (a script
// first, then stdin) and run as soon as nothing holds them back. Two commands
// take time and hold the queue: `wait` until its milliseconds have passed, and
// `slide` until the board has seen the piece on every square it crosses (as
// many scans per square as the debouncer needs to accept it, so the host really
// receives each crossing), and `replay` until the capture's last update is on
// the sensors. Errors and echoes go to err, `show`/`hand`/`help`
// output to out.
class ConsoleRunner {
  public:
    // clock: the clock plugged into the board, if any; the clock commands are
    // refused without one.
    ConsoleRunner(PhysicalBoard& board, VirtualHardware& hardware, const EmulatedBoard& emulation,
                  std::ostream& out, std::ostream& err, bool quiet, VirtualClock* clock = nullptr);

    // origin names where the line came from ("script.txt:3"); empty for stdin.
    void enqueue(std::string line, std::string origin = {});
    // From now on a line may name the game's cells under this board too
    // (arbiter-vboard --cells): they are read as the squares they lie on.
    void readGameCells(GameCells cells) { cells_ = std::move(cells); }

    // Runs queued lines until the queue is empty or a command holds it.
    void run();

    // Lines are queued, or a wait or slide is under way.
    bool busy() const { return !lines_.empty() || waitUntilMs_ || slide_ || replay_; }
    bool quitRequested() const { return quitRequested_; }
    // While a `wait` holds the queue: the milliseconds left; while a `replay`
    // does, those until its next update.
    std::optional<uint32_t> millisecondsUntilWaitEnds() const;

  private:
    struct PendingLine {
        std::string text;
        std::string origin;
    };
    struct SlideInProgress {
        std::string name;
        std::vector<int> squares;  // still to visit, target last
        size_t next = 0;
        uint8_t piece = 0;
        uint32_t id = 0;  // the piece's identity (PieceIds), which goes with it
        int at = 0;
        uint32_t placedAtScan = 0;
    };
    struct ReplayInProgress {
        std::vector<CapturedUpdate> updates;
        size_t next = 0;
        uint32_t startMs = 0;
    };

    void execute(const ConsoleCommand& command, const std::string& origin);
    // The clock commands; false with an error said when no (fitting) clock is attached.
    void executeOnClock(const ConsoleCommand& command, const std::string& origin);
    void startSlide(const command::Slide& slide, const std::string& origin);
    // Moves a sliding piece on once the board has seen it long enough; true when
    // the slide has finished.
    bool advanceSlide();
    void startReplay(const command::Replay& replay, const std::string& origin);
    // Puts the updates that are due on the sensors; true when the last is.
    bool advanceReplay();
    void report(const PhysicalBoard::Outcome& outcome, const std::string& origin);
    void error(const std::string& message, const std::string& origin);
    void echo(const std::string& what);

    PhysicalBoard& board_;
    VirtualHardware& hardware_;
    const EmulatedBoard& emulation_;
    std::ostream& out_;
    std::ostream& err_;
    bool quiet_;
    VirtualClock* clock_;

    std::deque<PendingLine> lines_;
    std::optional<uint32_t> waitUntilMs_;
    std::optional<GameCells> cells_;
    std::optional<SlideInProgress> slide_;
    std::optional<ReplayInProgress> replay_;
    bool quitRequested_ = false;
};

}  // namespace arbiter::vboard
