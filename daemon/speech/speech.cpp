#include "daemon/speech/speech.h"

#include <spdlog/spdlog.h>

namespace arbiter {

void SpeechSink::announce(const Announcement& a) {
    std::string text = spokenText(a, language_, game_);
    if (text.empty()) return;
    waiting_.push_back(std::move(text));
    while (waiting_.size() > kMostWaiting) dropOldest();
    if (!speaking_) sayNext();
}

void SpeechSink::dropOldest() {
    if (droppedUntold_ == 0)
        spdlog::warn("speech falls behind: \"{}\" is not said, for newer texts (at most {} wait)",
                     waiting_.front(), kMostWaiting);
    waiting_.pop_front();
    ++dropped_;
    ++droppedUntold_;
}

void SpeechSink::sayNext() {
    if (waiting_.empty() && droppedUntold_ > 0) {
        spdlog::info("speech caught up; {} text{} not said for newer ones", droppedUntold_,
                     droppedUntold_ == 1 ? " was" : "s were");
        droppedUntold_ = 0;
    }
    while (!waiting_.empty()) {
        std::string text = std::move(waiting_.front());
        waiting_.pop_front();
        std::string error;
        speaking_ = true;
        // The console shows what the table heard, which is worded for the ear.
        spdlog::info("said aloud: {}", text);
        if (speaker_.say(
                text,
                [this](const std::string& failure) {
                    speaking_ = false;
                    if (!failure.empty()) failed(failure);
                    sayNext();
                },
                error))
            return;
        speaking_ = false;
        failed(error);
    }
}

void SpeechSink::failed(const std::string& why) {
    // Once at warning level: a missing sound card would otherwise fill the
    // log with one line per move.
    if (!failureTold_)
        spdlog::warn("speech: {}; refereeing goes on (later failures are logged at debug level)",
                     why);
    else
        spdlog::debug("speech: {}", why);
    failureTold_ = true;
}

}  // namespace arbiter
