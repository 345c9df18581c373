#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement_type.h"

namespace arbiter {

// Something the referee tells the table: a move, a capture, an illegal position,
// a flag fall, a result. `type` says which (on the wire a short machine word:
// "move", "illegal", "result", ...), `text` is what a person reads or hears,
// `data` is the detail for machines (journal, clients). `audience` is the one
// seat it is for, in a game whose players may not see everything (moderated
// csipgs Chess: what appeared in a player's own view); -1 means everyone at
// the table.
struct Announcement {
    AnnouncementType type;
    std::string text;
    nlohmann::json data = nlohmann::json::object();
    int audience = -1;
    bool forEveryone() const { return audience < 0; }
};

// Where announcements go: the console, speech (daemon/speech/speech.h), control clients.
class AnnouncementSink {
  public:
    virtual ~AnnouncementSink() = default;
    virtual void announce(const Announcement& a) = 0;
};

// Hands every announcement to every sink, in order. A sink added with add()
// hears only what is for everyone (the console, speech, the clocks): what is
// for one player reaches only the sinks added with addPerPlayer(), which say
// it to that player alone (the control socket's players), so that a sink
// written without hidden information in mind can never leak it.
class Announcer final : public AnnouncementSink {
  public:
    void add(AnnouncementSink& sink) { sinks_.push_back({&sink, false}); }
    void addPerPlayer(AnnouncementSink& sink) { sinks_.push_back({&sink, true}); }
    void announce(const Announcement& a) override {
        for (const Added& s : sinks_) {
            if (a.forEveryone() || s.perPlayer) s.sink->announce(a);
        }
    }

  private:
    struct Added {
        AnnouncementSink* sink;
        bool perPlayer;
    };
    std::vector<Added> sinks_;
};

// Announcements on the console through spdlog, one line each.
class ConsoleSink final : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override;
};

}  // namespace arbiter
