#include "daemon/clock/game_clock.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdio>
#include <string_view>

#include "engine/core/clock_reading.h"

namespace arbiter {

namespace {

// Limits that keep every accepted control sensible and every number small:
// anything beyond them is a typing mistake, not a time control.
constexpr size_t kMaxTextLength = 256;  // the longest well-formed control has 220
constexpr size_t kMaxStages = 10;
constexpr Millis kMaxStageMoves = 999;
constexpr int kMaxWholeDigits = 4;
constexpr int kMaxDecimals = 3;

// A number as written in a time control: at most four digits, then optionally
// a point and at most three decimals. Kept in thousandths so that minutes and
// seconds convert to milliseconds without rounding.
struct WrittenNumber {
    Millis thousandths = 0;
    bool whole = true;
};

// Reads a time control's text from left to right. Blanks are allowed between
// symbols; every read that fails makes the whole text malformed.
class ControlReader {
  public:
    explicit ControlReader(std::string_view text) : text_(text) {}

    bool atEnd() {
        skipBlanks();
        return position_ == text_.size();
    }

    bool accept(char symbol) {
        skipBlanks();
        if (position_ == text_.size() || text_[position_] != symbol) return false;
        ++position_;
        return true;
    }

    std::optional<char> acceptOneOf(std::string_view symbols) {
        for (char symbol : symbols) {
            if (accept(symbol)) return symbol;
        }
        return std::nullopt;
    }

    std::optional<WrittenNumber> number() {
        skipBlanks();
        WrittenNumber n;
        int wholeDigits = 0;
        while (digitAhead()) {
            // "05" is not how 5 is written (0 and 0.5 are).
            if (wholeDigits == 1 && n.thousandths == 0) return std::nullopt;
            if (++wholeDigits > kMaxWholeDigits) return std::nullopt;
            n.thousandths = n.thousandths * 10 + (text_[position_++] - '0');
        }
        if (wholeDigits == 0) return std::nullopt;
        n.thousandths *= 1000;
        if (position_ == text_.size() || text_[position_] != '.') return n;
        ++position_;
        n.whole = false;
        Millis scale = 100;
        int decimals = 0;
        while (digitAhead()) {
            if (++decimals > kMaxDecimals) return std::nullopt;
            n.thousandths += scale * (text_[position_++] - '0');
            scale /= 10;
        }
        if (decimals == 0) return std::nullopt;
        return n;
    }

  private:
    bool digitAhead() const {
        return position_ < text_.size() &&
               std::isdigit(static_cast<unsigned char>(text_[position_])) != 0;
    }
    void skipBlanks() {
        while (position_ < text_.size() &&
               std::isspace(static_cast<unsigned char>(text_[position_])) != 0)
            ++position_;
    }

    std::string_view text_;
    size_t position_ = 0;
};

// "90", "0.5", "2.25": thousandths written with as few decimals as they need.
std::string decimalText(Millis thousandths) {
    std::string sign = thousandths < 0 ? "-" : "";
    Millis magnitude = thousandths < 0 ? -thousandths : thousandths;
    std::string text = sign + std::to_string(magnitude / 1000);
    Millis fraction = magnitude % 1000;
    if (fraction == 0) return text;
    std::string decimals = std::to_string(1000 + fraction).substr(1);  // three digits
    while (decimals.back() == '0') decimals.pop_back();
    return text + "." + decimals;
}

std::string minutesText(Millis ms) {
    // A minute's thousandth is 60 ms: exact for every parsed control, rounded otherwise.
    Millis thousandths = ms >= 0 ? (ms + 30) / 60 : -((-ms + 30) / 60);
    return decimalText(thousandths);
}

// Whether a DGT clock's report shows seat p out of time: its flag, or 0:00.
bool flagShown(const ClockReport& report, size_t p) {
    return (p < report.flagFallen.size() && report.flagFallen[p]) || report.remaining[p] <= 0;
}

}  // namespace

std::optional<TimeControl> TimeControl::parse(const std::string& text) {
    if (text.size() > kMaxTextLength) return std::nullopt;
    const size_t first = text.find_first_not_of(" \t");
    if (first != std::string::npos &&
        text.substr(first, text.find_last_not_of(" \t") + 1 - first) == "dgt") {
        TimeControl control;
        control.mode = Mode::DgtClock;
        return control;
    }
    ControlReader in(text);
    std::vector<Stage> stages;
    std::optional<char> perMoveSymbol;  // '+', 'b' or 'd', the same in every period
    bool hourglass = false;
    do {
        if (stages.size() == kMaxStages) return std::nullopt;
        Stage stage;
        // The minutes, or the period's move count when a '/' follows.
        auto minutes = in.number();
        if (!minutes) return std::nullopt;
        if (in.accept('/')) {
            Millis moves = minutes->thousandths / 1000;
            if (!minutes->whole || moves < 1 || moves > kMaxStageMoves) return std::nullopt;
            stage.moves = static_cast<int>(moves);
            minutes = in.number();
            if (!minutes) return std::nullopt;
        }
        if (minutes->thousandths == 0) return std::nullopt;
        stage.time = minutes->thousandths * 60;
        if (in.accept('h')) {
            hourglass = true;
        } else if (auto symbol = in.acceptOneOf("+bd")) {
            if (perMoveSymbol && *perMoveSymbol != *symbol) return std::nullopt;
            perMoveSymbol = symbol;
            auto seconds = in.number();
            if (!seconds) return std::nullopt;
            (*symbol == '+' ? stage.increment : stage.delay) = seconds->thousandths;
        }
        stages.push_back(stage);
    } while (in.accept(':'));
    if (!in.atEnd()) return std::nullopt;

    // Every period but the last has a move count; the last lasts the rest of the game.
    for (size_t i = 0; i + 1 < stages.size(); ++i) {
        if (stages[i].moves == 0) return std::nullopt;
    }
    if (stages.back().moves != 0) return std::nullopt;
    if (hourglass && stages.size() != 1) return std::nullopt;

    TimeControl control;
    if (hourglass)
        control.mode = Mode::Hourglass;
    else if (perMoveSymbol == 'b')
        control.mode = Mode::Bronstein;
    else if (perMoveSymbol == 'd')
        control.mode = Mode::SimpleDelay;
    control.base = stages.front().time;
    control.increment = stages.front().increment;
    control.delay = stages.front().delay;
    control.baseMoves = stages.front().moves;
    control.laterStages.assign(stages.begin() + 1, stages.end());
    return control;
}

std::string TimeControl::text() const {
    if (keptByDgtClock()) return "dgt";
    std::string text;
    for (const Stage& stage : stages()) {
        if (!text.empty()) text += ':';
        if (stage.moves > 0) text += std::to_string(stage.moves) + "/";
        text += minutesText(stage.time);
        switch (mode) {
            case Mode::Fischer:
                text += "+" + decimalText(stage.increment);
                break;
            case Mode::Bronstein:
                text += "b" + decimalText(stage.delay);
                break;
            case Mode::SimpleDelay:
                text += "d" + decimalText(stage.delay);
                break;
            case Mode::Hourglass:
                text += "h";
                break;
            case Mode::DgtClock:
                break;
        }
    }
    return text;
}

std::vector<TimeControl::Stage> TimeControl::stages() const {
    std::vector<Stage> all{{baseMoves, base, increment, delay}};
    all.insert(all.end(), laterStages.begin(), laterStages.end());
    return all;
}

GameClock::GameClock(TimeControl control, int players)
    : control_(std::move(control)),
      stages_(control_.stages()),
      remaining_(static_cast<size_t>(std::max(players, 0)), control_.base),
      movesMade_(remaining_.size(), 0),
      inGame_(remaining_.size(), true) {}

void GameClock::start(PlayerId p, Millis now) {
    endTurn(now);
    beginTurn(p, now);
}

void GameClock::moved(PlayerId mover, PlayerId next, Millis now) {
    const bool moverWasRunning = runner_ == mover;
    const Millis used = endTurn(now);
    if (isPlayer(mover) && inGame_[static_cast<size_t>(mover)]) {
        const auto m = static_cast<size_t>(mover);
        const int move = ++movesMade_[m];
        const size_t stage = stageOfMove(move);
        switch (control_.mode) {
            case TimeControl::Mode::Fischer:
                remaining_[m] = addMillis(remaining_[m], stages_[stage].increment);
                break;
            case TimeControl::Mode::Bronstein:
                remaining_[m] = addMillis(
                    remaining_[m], std::min(moverWasRunning ? used : 0, stages_[stage].delay));
                break;
            case TimeControl::Mode::SimpleDelay:
            case TimeControl::Mode::Hourglass:
            case TimeControl::Mode::DgtClock:
                break;
        }
        const size_t nextStage = stageOfMove(move + 1);
        if (nextStage != stage) remaining_[m] = addMillis(remaining_[m], stages_[nextStage].time);
        // A clock never holds more than kMostMillis, however long the game.
        remaining_[m] = std::min(remaining_[m], kMostMillis);
    }
    beginTurn(next, now);
}

void GameClock::stop(Millis now) {
    endTurn(now);
}

void GameClock::pause(Millis now) {
    if (paused_) return;
    settle(now);
    paused_ = true;
}

void GameClock::resume(Millis now) {
    if (!paused_) return;
    paused_ = false;
    runningSince_ = now;
}

void GameClock::removePlayer(PlayerId p, Millis now) {
    if (!isPlayer(p)) return;
    if (runner_ == p) {
        endTurn(now);
    } else {
        // The time used so far this turn is shared while p is still in the game.
        settle(now);
        shareOutFlow();
    }
    inGame_[static_cast<size_t>(p)] = false;
}

void GameClock::addPlayer(Millis now) {
    settle(now);
    shareOutFlow();
    remaining_.push_back(stages_.front().time);
    movesMade_.push_back(0);
    inGame_.push_back(true);
}

void GameClock::report(const ClockReport& report) {
    if (!control_.keptByDgtClock() || report.remaining.size() != remaining_.size()) return;
    remaining_ = report.remaining;
    known_ = true;
    reportedRunning_ = report.running;
    seenRunning_ = seenRunning_ || report.running;
    for (size_t p = 0; p < flagsFromBefore_.size(); ++p) {
        if (!flagShown(report, p)) flagsFromBefore_[p] = false;
    }
}

void GameClock::markFlagsShownBefore(const ClockReport& report) {
    if (!control_.keptByDgtClock() || report.remaining.size() != remaining_.size()) return;
    flagsFromBefore_.assign(remaining_.size(), false);
    for (size_t p = 0; p < flagsFromBefore_.size(); ++p) flagsFromBefore_[p] = flagShown(report, p);
}

void GameClock::setRemaining(std::vector<Millis> remaining) {
    assert(remaining.size() == remaining_.size());
    remaining_ = std::move(remaining);
    pendingFlow_ = 0;
    known_ = true;
}

ClockState GameClock::snapshot(Millis now) const {
    return {readingsAt(now), movesMade_, inGame_};
}

bool GameClock::restore(const ClockState& state) {
    const size_t players = state.remaining.size();
    if (players < 1 || players > static_cast<size_t>(kMaxPlayers) ||
        state.movesMade.size() != players || state.inGame.size() != players)
        return false;
    remaining_ = state.remaining;
    movesMade_ = state.movesMade;
    inGame_ = state.inGame;
    runner_ = NoPlayer;
    delayLeft_ = 0;
    usedThisTurn_ = 0;
    pendingFlow_ = 0;
    return true;
}

Millis GameClock::remaining(PlayerId p, Millis now) const {
    if (!isPlayer(p)) return 0;
    return std::max<Millis>(0, readingsAt(now)[static_cast<size_t>(p)]);
}

std::vector<Millis> GameClock::remainingAll(Millis now) const {
    std::vector<Millis> all = readingsAt(now);
    for (Millis& r : all) r = std::max<Millis>(0, r);
    return all;
}

std::optional<Millis> GameClock::flagAt() const {
    // A DGT clock says itself when a flag falls.
    if (!running() || control_.keptByDgtClock()) return std::nullopt;
    return addMillis(addMillis(runningSince_, delayLeft_),
                     std::max<Millis>(0, remaining_[static_cast<size_t>(runner_)]));
}

bool GameClock::isPlayer(PlayerId p) const {
    return p >= 0 && static_cast<size_t>(p) < remaining_.size();
}

size_t GameClock::stageOfMove(int move) const {
    int lastMoveOfStage = 0;
    for (size_t s = 0; s + 1 < stages_.size(); ++s) {
        if (stages_[s].moves <= 0) return s;  // a period without a count lasts the rest
        lastMoveOfStage += stages_[s].moves;
        if (move <= lastMoveOfStage) return s;
    }
    return stages_.size() - 1;
}

Millis GameClock::chargedSince(Millis now) const {
    if (!running() || control_.keptByDgtClock()) return 0;
    const Millis elapsed = std::max<Millis>(0, addMillis(now, -runningSince_));
    const Millis afterDelay = std::max<Millis>(0, addMillis(elapsed, -delayLeft_));
    return std::min(afterDelay, std::max<Millis>(0, remaining_[static_cast<size_t>(runner_)]));
}

std::vector<Millis> GameClock::readingsAt(Millis now) const {
    std::vector<Millis> clocks = remaining_;
    if (runner_ == NoPlayer) return clocks;
    const Millis charged = chargedSince(now);
    clocks[static_cast<size_t>(runner_)] -= charged;
    if (control_.mode == TimeControl::Mode::Hourglass)
        shareOut(pendingFlow_ + charged, runner_, clocks);
    return clocks;
}

void GameClock::settle(Millis now) {
    if (!running()) return;
    const Millis charged = chargedSince(now);
    delayLeft_ = std::max<Millis>(0, delayLeft_ - std::max<Millis>(0, now - runningSince_));
    remaining_[static_cast<size_t>(runner_)] -= charged;
    usedThisTurn_ += charged;
    if (control_.mode == TimeControl::Mode::Hourglass) pendingFlow_ += charged;
    runningSince_ = std::max(runningSince_, now);
}

void GameClock::shareOutFlow() {
    if (isPlayer(runner_)) shareOut(pendingFlow_, runner_, remaining_);
    pendingFlow_ = 0;
}

void GameClock::shareOut(Millis used, PlayerId from, std::vector<Millis>& clocks) const {
    if (used <= 0) return;
    // The others still in the game, in seat order starting after the mover.
    std::vector<size_t> receivers;
    const size_t players = clocks.size();
    for (size_t step = 1; step < players; ++step) {
        const size_t p = (static_cast<size_t>(from) + step) % players;
        if (inGame_[p]) receivers.push_back(p);
    }
    if (receivers.empty()) return;
    const auto count = static_cast<Millis>(receivers.size());
    const Millis each = used / count;
    const Millis leftover = used % count;
    for (size_t i = 0; i < receivers.size(); ++i)
        clocks[receivers[i]] += each + (static_cast<Millis>(i) < leftover ? 1 : 0);
}

Millis GameClock::endTurn(Millis now) {
    settle(now);
    shareOutFlow();
    const Millis used = usedThisTurn_;
    runner_ = NoPlayer;
    delayLeft_ = 0;
    usedThisTurn_ = 0;
    return used;
}

void GameClock::beginTurn(PlayerId p, Millis now) {
    const bool runs = isPlayer(p) && inGame_[static_cast<size_t>(p)];
    runner_ = runs ? p : NoPlayer;
    runningSince_ = now;
    usedThisTurn_ = 0;
    pendingFlow_ = 0;
    delayLeft_ = 0;
    if (runs && control_.mode == TimeControl::Mode::SimpleDelay)
        delayLeft_ = stages_[stageOfMove(movesMade_[static_cast<size_t>(p)] + 1)].delay;
}

std::string GameClock::format(Millis ms) {
    const ClockReading reading = readClock(ms);
    char text[48];
    if (reading.showsTenths)
        std::snprintf(text, sizeof text, "0:%02d.%d", reading.seconds, reading.tenths);
    else if (reading.hours > 0)
        std::snprintf(text, sizeof text, "%lld:%02d:%02d", static_cast<long long>(reading.hours),
                      reading.minutes, reading.seconds);
    else
        std::snprintf(text, sizeof text, "%d:%02d", reading.minutes, reading.seconds);
    return text;
}

}  // namespace arbiter
