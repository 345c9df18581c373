#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "daemon/base/event_loop.h"
#include "daemon/speech/speech.h"

namespace arbiter {

// arbiterd's voice: the espeak-ng program, one child process per text. A
// program rather than libespeak-ng in the daemon: arbiterd stays one simple
// thread with no audio library inside it, and a synthesiser or sound system
// that crashes or hangs takes only its child down, never the referee. The
// child is started with posix_spawn and its end is seen through the event
// loop: its pidfd becomes readable when it exits (or, on a kernel without
// pidfds, waitpid without waiting is tried every kPollExitMs). Not the end
// of its stderr: a process it started may hold that open long after it is
// gone (a sound server it woke). It is then reaped at once, what it wrote to
// stderr by then is read, and the next text can begin. One that takes longer
// than kLongestMs is killed.
class EspeakSpeaker final : public Speaker {
  public:
    static constexpr Millis kLongestMs = 60000;
    static constexpr Millis kPollExitMs = 20;

    // `program`: espeak-ng's path (findProgram). `wavFile`: when given, the
    // speech is written there as a WAV file instead of played.
    EspeakSpeaker(EventLoop& loop, std::string program, SpeechLanguage language,
                  std::string wavFile = {})
        : loop_(loop),
          program_(std::move(program)),
          language_(language),
          wavFile_(std::move(wavFile)) {}
    ~EspeakSpeaker() override;
    EspeakSpeaker(const EspeakSpeaker&) = delete;
    EspeakSpeaker& operator=(const EspeakSpeaker&) = delete;

    bool say(const std::string& text, Done done, std::string& error) override;

  private:
    // Reads what the child wrote to stderr so far; at its end, stops reading.
    void readErrors();
    void stopReadingErrors();
    // Reaps the child when it has exited, and says how it went.
    void reap();
    void finish(const std::string& failure);

    EventLoop& loop_;
    std::string program_;
    SpeechLanguage language_;
    std::string wavFile_;
    pid_t child_ = -1;
    int errors_ = -1;        // the read end of the child's stderr
    int exited_ = -1;        // the child's pidfd, readable once it exits; -1: polled
    std::string errorText_;  // the first of what it wrote there
    bool killed_ = false;    // for taking too long
    Timer deadline_{loop_};
    Timer retry_{loop_};
    Done done_;
};

// The command line that has espeak-ng say `text` in `language` (to `wavFile`
// when given), argv[0] first. The text comes last, after "--", so that
// nothing a player is called can be taken for an option.
std::vector<std::string> espeakArguments(const std::string& program, SpeechLanguage language,
                                         const std::string& text, const std::string& wavFile = {});

// Where `name` would be run from: itself when it holds a '/', else the first
// executable file of that name in the folders of `searchPath` (PATH's form,
// joined by ':'). Empty when there is none.
std::string findProgram(const std::string& name, const std::string& searchPath);

}  // namespace arbiter
