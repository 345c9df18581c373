#include "daemon/control/secret_attempts.h"

#include <algorithm>

#include <spdlog/spdlog.h>

namespace arbiter {

std::optional<std::string> SecretAttempts::refusal() {
    const Millis now = time_.now();
    if (now >= lockedUntil_) return std::nullopt;
    ++refused_;
    const Millis left = lockedUntil_ - now;
    return "too many wrong secrets lately: \"as\" is refused for everyone for " +
           std::to_string((left + 999) / 1000) +
           " s more; arbiterd's log says which client gave them";
}

void SecretAttempts::failed(const std::string& who, const std::string& name) {
    const Millis now = time_.now();
    if (now - lastFailure_ >= kForgetMs) failures_ = 0;
    lastFailure_ = now;
    ++failures_;
    if (failures_ <= kFreeFailures) {
        spdlog::warn("{}: wrong secret for \"{}\" ({} in a row)", who, name, failures_);
        return;
    }
    // Past the free ones each doubles the lock; the shift stops before it overflows.
    const int doublings = std::min(failures_ - kFreeFailures - 1, 16);
    const Millis lock = std::min(kFirstLockMs << doublings, kLongestLockMs);
    lockedUntil_ = now + lock;
    spdlog::warn(
        "{}: wrong secret for \"{}\" ({} in a row, {} \"as\" refused during locks since the last "
        "line): \"as\" is refused for everyone for {} s",
        who, name, failures_, refused_, lock / 1000);
    refused_ = 0;
}

void SecretAttempts::succeeded() {
    failures_ = 0;
    lockedUntil_ = 0;
}

}  // namespace arbiter
