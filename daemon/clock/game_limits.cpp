#include "daemon/clock/game_limits.h"

#include <cmath>

namespace arbiter {

std::optional<Millis> GameLimits::parseMinutes(const std::string& text) {
    if (text.empty() || text.size() > 8 ||
        text.find_first_not_of("0123456789.") != std::string::npos ||
        text.find('.') != text.rfind('.') || text.front() == '.' || text.back() == '.' ||
        (text.front() == '0' && text.size() > 1 && text[1] != '.'))
        return std::nullopt;
    double minutes = std::stod(text);
    if (!(minutes > 0) || minutes > 24 * 60) return std::nullopt;
    return static_cast<Millis>(std::llround(minutes * 60'000));
}

std::optional<int> GameLimits::parseMoves(const std::string& text) {
    if (text.empty() || text.size() > 5 ||
        text.find_first_not_of("0123456789") != std::string::npos || text.front() == '0')
        return std::nullopt;
    int moves = std::stoi(text);
    if (moves < 1 || moves > 10000) return std::nullopt;
    return moves;
}

void GameLimitWatch::startPlay(Millis now) {
    if (!playingSince_) playingSince_ = now;
}

void GameLimitWatch::stopPlay(Millis now) {
    playedBefore_ = played(now);
    playingSince_.reset();
}

Millis GameLimitWatch::played(Millis now) const {
    if (!playingSince_) return playedBefore_;
    return addMillis(playedBefore_, std::max<Millis>(0, addMillis(now, -*playingSince_)));
}

void GameLimitWatch::setPlayed(Millis played) {
    playedBefore_ = played;
    playingSince_.reset();
}

std::optional<Millis> GameLimitWatch::timeLimitAt() const {
    if (limits_.time <= 0 || timeReached_ || !playingSince_) return std::nullopt;
    return addMillis(*playingSince_, std::max<Millis>(0, addMillis(limits_.time, -playedBefore_)));
}

void GameLimitWatch::turnTaken(PlayerId mover, PlayerId next) {
    if (next <= mover) {
        ++rounds_.done;
        rounds_.open = false;
    } else {
        rounds_.open = true;
    }
}

void GameLimitWatch::roundMarked(bool underWay) {
    gameRounds_ = true;
    if (rounds_.open && !underWay) ++rounds_.done;
    rounds_.open = underWay;
}

std::string GameLimitWatch::reason() const {
    if (rounds_.open) return {};
    if (limits_.moves > 0 && rounds_.done >= limits_.moves)
        return gameRounds_
                   ? "move limit of " + std::to_string(limits_.moves) + " rounds reached"
                   : "move limit of " + std::to_string(limits_.moves) + " moves each reached";
    if (timeReached_) return "time limit reached and the round finished";
    return {};
}

}  // namespace arbiter
