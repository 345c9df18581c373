#include "daemon/game_clock.h"

#include <cassert>
#include <cmath>
#include <cstdio>
#include <regex>

namespace arbiter {

std::optional<TimeControl> TimeControl::parse(const std::string& text) {
    static const std::regex form(
        R"(^\s*(\d{1,4}(?:\.\d{1,3})?)\s*(?:\+\s*(\d{1,4}(?:\.\d{1,3})?))?\s*$)");
    std::smatch m;
    if (!std::regex_match(text, m, form)) return std::nullopt;
    double minutes = std::stod(m[1].str());
    double seconds = m[2].matched ? std::stod(m[2].str()) : 0.0;
    if (minutes <= 0) return std::nullopt;
    return TimeControl{static_cast<Millis>(std::llround(minutes * 60000)),
                       static_cast<Millis>(std::llround(seconds * 1000))};
}

std::string TimeControl::text() const {
    char buf[64];
    double minutes = double(base) / 60000.0;
    double seconds = double(increment) / 1000.0;
    std::snprintf(buf, sizeof buf, "%g+%g", minutes, seconds);
    return buf;
}

GameClock::GameClock(TimeControl control, int players)
    : control_(control), remaining_(static_cast<size_t>(players), control.base) {}

void GameClock::start(PlayerId p, Millis now) {
    stop(now);
    runner_ = p;
    runningSince_ = now;
}

void GameClock::moved(PlayerId mover, PlayerId next, Millis now) {
    stop(now);
    remaining_[static_cast<size_t>(mover)] += control_.increment;
    start(next, now);
}

void GameClock::stop(Millis now) {
    if (runner_ == NoPlayer) return;
    remaining_[static_cast<size_t>(runner_)] = remaining(runner_, now);
    runner_ = NoPlayer;
}

void GameClock::setRemaining(std::vector<Millis> remaining) {
    assert(remaining.size() == remaining_.size());
    remaining_ = std::move(remaining);
}

Millis GameClock::remaining(PlayerId p, Millis now) const {
    Millis r = remaining_[static_cast<size_t>(p)];
    if (p == runner_) r -= now - runningSince_;
    return std::max<Millis>(0, r);
}

std::vector<Millis> GameClock::remainingAll(Millis now) const {
    std::vector<Millis> all;
    for (size_t p = 0; p < remaining_.size(); ++p) all.push_back(remaining(PlayerId(p), now));
    return all;
}

std::optional<Millis> GameClock::flagAt() const {
    if (runner_ == NoPlayer) return std::nullopt;
    return runningSince_ + remaining_[static_cast<size_t>(runner_)];
}

std::string GameClock::format(Millis ms) {
    char buf[32];
    if (ms >= 60000) {
        Millis s = ms / 1000;
        if (s >= 3600)
            std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", (long long)(s / 3600),
                          (long long)(s / 60 % 60), (long long)(s % 60));
        else
            std::snprintf(buf, sizeof buf, "%lld:%02lld", (long long)(s / 60), (long long)(s % 60));
    } else {
        std::snprintf(buf, sizeof buf, "0:%02lld.%lld", (long long)(ms / 1000),
                      (long long)(ms / 100 % 10));
    }
    return buf;
}

}  // namespace arbiter
