#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter {

// Something the referee tells the table: a move, a capture, an illegal position,
// a flag fall, a result. `type` is a short machine word ("move", "illegal",
// "result", ...), `text` is what a person reads or hears, `data` is the detail
// for machines (journal, clients).
struct Announcement {
    std::string type;
    std::string text;
    nlohmann::json data = nlohmann::json::object();
};

// Where announcements go: the console, speech (daemon/speech.h), control clients.
class AnnouncementSink {
  public:
    virtual ~AnnouncementSink() = default;
    virtual void announce(const Announcement& a) = 0;
};

// Hands every announcement to every sink, in order.
class Announcer final : public AnnouncementSink {
  public:
    void add(AnnouncementSink& sink) { sinks_.push_back(&sink); }
    void announce(const Announcement& a) override {
        for (AnnouncementSink* s : sinks_) s->announce(a);
    }

  private:
    std::vector<AnnouncementSink*> sinks_;
};

// Announcements on the console through spdlog, one line each.
class ConsoleSink final : public AnnouncementSink {
  public:
    void announce(const Announcement& a) override;
};

}  // namespace arbiter
