#include "daemon/clock/clock_face.h"

namespace arbiter {

namespace {

// A DGT clock shows whole seconds; arbiterd's own times read rounded up (readClock()).
int shownSeconds(Millis ms) {
    return ms <= 0 ? 0 : static_cast<int>((ms + 999) / 1000);
}

std::string resultText(const nlohmann::json& data) {
    const std::string status = data.value("status", std::string());
    if (status == "draw") return "1/2-1/2";
    if (status != "win" || !data.contains("winners") || data["winners"].size() != 1) return {};
    return data["winners"][0] == 0 ? "1-0" : "0-1";
}

bool givesCheck(const std::string& san) {
    return !san.empty() && san.back() == '+';
}

}  // namespace

ClockReport clockReportOf(const ClockDisplay& shown, ClockHalf white) {
    const Millis left = Millis{shown.leftSeconds} * 1000;
    const Millis right = Millis{shown.rightSeconds} * 1000;
    ClockReport report;
    report.running = shown.running;
    if (white == ClockHalf::Left) {
        report.remaining = {left, right};
        report.flagFallen = {shown.leftFlagFallen, shown.rightFlagFallen};
    } else {
        report.remaining = {right, left};
        report.flagFallen = {shown.rightFlagFallen, shown.leftFlagFallen};
    }
    return report;
}

ClockFace::ClockFace(EventLoop& loop, ClockFaceSettings settings, Clocks clocks, CurrentGame game)
    : loop_(loop), settings_(settings), clocks_(std::move(clocks)), game_(std::move(game)) {}

ClockFace::~ClockFace() = default;

void ClockFace::announce(const Announcement& a) {
    switch (a.type) {
        case AnnouncementType::Move: {
            const std::string san = a.data.value("san", std::string());
            brief_.clear();
            if (!san.empty()) brief_.push_back(san);
            if (givesCheck(san)) brief_.push_back("check");
            lasting_.reset();  // a move made: the position is no longer illegal
            schedule(true);
            return;
        }
        // What the machine chose stays on the clock until it is made.
        case AnnouncementType::Machine: {
            const std::string move = a.data.value("clock", std::string());
            if (move.empty()) return;  // the machine's trouble, not a move
            lasting_ = move;
            schedule(false);
            return;
        }
        case AnnouncementType::Illegal:
            lasting_ = "illegal";
            schedule(false);
            return;
        // Work due on the boards breaks no rule: the clock no longer says so.
        case AnnouncementType::ToDo:
        case AnnouncementType::Fixed:
            lasting_.reset();
            schedule(false);
            return;
        case AnnouncementType::Result: {
            const std::string text = resultText(a.data);
            lasting_ = text.empty() ? std::nullopt : std::optional<std::string>(text);
            schedule(true);
            return;
        }
        case AnnouncementType::Start:
        case AnnouncementType::Takeback:
            brief_.clear();
            lasting_.reset();
            schedule(true);
            return;
        // The times change, or the clocks stop or start.
        case AnnouncementType::Pause:
        case AnnouncementType::ResumeClocks:
        case AnnouncementType::Flag:
        case AnnouncementType::Leave:
        case AnnouncementType::Out:
        case AnnouncementType::Join:
        case AnnouncementType::Status:
            schedule(true);
            return;
        // Nothing a clock's few characters show.
        case AnnouncementType::TimeLow:
        case AnnouncementType::Resume:
        case AnnouncementType::Abandoned:
        case AnnouncementType::Waiting:
        case AnnouncementType::Setup:
        case AnnouncementType::Moved:
        case AnnouncementType::Chain:
        case AnnouncementType::Chance:
        case AnnouncementType::Consequences:
        case AnnouncementType::View:
        case AnnouncementType::Found:
        case AnnouncementType::Ambiguous:
        case AnnouncementType::Confirm:
        case AnnouncementType::Lever:
        case AnnouncementType::Claimable:
        case AnnouncementType::DrawOffer:
        case AnnouncementType::TimeLimit:
        case AnnouncementType::Journal:
        case AnnouncementType::Error:
        case AnnouncementType::Board:
        case AnnouncementType::Clock:
        case AnnouncementType::Button:
            return;
    }
}

void ClockFace::clockAttached() {
    schedule(true);
}

void ClockFace::schedule(bool timesChanged) {
    timesChanged_ = timesChanged_ || timesChanged;
    if (flushTimer_.armed()) return;
    flushTimer_.after(0, [this] { flush(); });
}

void ClockFace::flush() {
    const std::optional<ClockedGame> game = game_();
    if (!game || game->players != 2) return;
    const GameClock& clock = *game->clock;
    if (clock.control().keptByDgtClock()) timesChanged_ = false;  // the players set it
    if (timesChanged_) {
        timesChanged_ = false;
        const Millis now = loop_.time().now();
        const bool whiteLeft = settings_.white == ClockHalf::Left;
        ClockSetting setting;
        setting.leftSeconds = shownSeconds(clock.remaining(whiteLeft ? 0 : 1, now));
        setting.rightSeconds = shownSeconds(clock.remaining(whiteLeft ? 1 : 0, now));
        const PlayerId runner = game->over ? NoPlayer : clock.runner();
        if (runner != NoPlayer)
            setting.toMove = (runner == 0) == whiteLeft ? ClockHalf::Left : ClockHalf::Right;
        setting.running = runner != NoPlayer && clock.running();
        for (ClockPort* port : clocks_()) port->setClock(setting, now);
    }
    messageTimer_.cancel();
    showDisplay();
}

void ClockFace::showDisplay() {
    const Millis now = loop_.time().now();
    const std::optional<std::string> text =
        !brief_.empty() ? std::optional<std::string>(brief_.front()) : lasting_;
    for (ClockPort* port : clocks_()) {
        if (text) {
            port->showClockMessage(*text, now);
        } else {
            port->showClockTime(now);
        }
    }
    if (!brief_.empty()) messageTimer_.after(settings_.messageMs, [this] { nextMessage(); });
}

void ClockFace::nextMessage() {
    messageTimer_.cancel();
    if (!brief_.empty()) brief_.pop_front();
    showDisplay();
}

}  // namespace arbiter
