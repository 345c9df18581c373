#pragma once

#include <deque>
#include <functional>
#include <string>

#include "daemon/announce/announcement.h"
#include "daemon/speech/spoken_text.h"

namespace arbiter {

// Says one text aloud at a time, without holding up the caller: arbiterd's
// is espeak-ng (daemon/speech/espeak.h); tests put their own in its place.
class Speaker {
  public:
    // Called once what say() began is over: `failure` empty when it was said,
    // else why it was not ("espeak-ng: cannot open audio device").
    using Done = std::function<void(const std::string& failure)>;
    virtual ~Speaker() = default;
    // Begins saying `text` and returns at once; `done` follows later, from
    // the event loop. False, with `error`, when it could not even begin
    // (then `done` is never called).
    virtual bool say(const std::string& text, Done done, std::string& error) = 0;
};

// Announcements spoken (arbiterd --speak): each is turned into words
// (daemon/speech/spoken_text.h) and said one after another. While one is being said
// at most kMostWaiting wait; a newer one pushes out the oldest, since players
// want to hear the last move rather than a backlog; the first text dropped
// so is logged at once, and how many were when the backlog is gone, so that
// speech falling behind (or stuck) is seen in the log without a line per
// text. A speaker that fails is reported once, and the table goes on in
// silence or with whatever it still manages to say.
class SpeechSink final : public AnnouncementSink {
  public:
    static constexpr size_t kMostWaiting = 2;

    SpeechSink(Speaker& speaker, SpeechLanguage language, std::string game)
        : speaker_(speaker), language_(language), game_(std::move(game)) {}
    void announce(const Announcement& a) override;

    // How many texts were dropped for newer ones, and what waits now.
    size_t dropped() const { return dropped_; }
    const std::deque<std::string>& waiting() const { return waiting_; }

  private:
    void sayNext();
    void failed(const std::string& why);
    void dropOldest();

    Speaker& speaker_;
    SpeechLanguage language_;
    std::string game_;
    std::deque<std::string> waiting_;
    bool speaking_ = false;
    bool failureTold_ = false;
    size_t dropped_ = 0;
    size_t droppedUntold_ = 0;  // dropped since the backlog began, for its last line
};

}  // namespace arbiter
