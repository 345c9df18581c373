#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter::web {

// An open page's stream of Server-Sent Events (the HTTP side owns it).
class EventStream {
  public:
    virtual ~EventStream() = default;
    // One event, already framed ("event: snapshot\ndata: {...}\n\n").
    virtual void push(const std::string& framed) = 0;
    // The feed closes: end the stream (the page connects again).
    virtual void end() = 0;
};

// What a page's event stream follows: a table's feed (a control socket's,
// or a hall table's), or the hall's. The HTTP side joins a stream to it.
class EventFeed {
  public:
    virtual ~EventFeed() = default;
    // A page opens its stream: it is sent at once where the feed stands.
    virtual void join(EventStream& stream) = 0;
    virtual void leave(EventStream& stream) = 0;
};

// One event framed for a stream; dump() escapes every line end, so the data
// is one line.
std::string frameEvent(const std::string& event, const nlohmann::json& data);

// A feed that tells every page the same: the events it is handed, after a
// greeting (where the feed stands) to each page as it joins.
class EventFanout final : public EventFeed {
  public:
    using Greeting = std::function<std::vector<std::string>()>;

    explicit EventFanout(Greeting greeting) : greeting_(std::move(greeting)) {}
    ~EventFanout() override;
    EventFanout(const EventFanout&) = delete;
    EventFanout& operator=(const EventFanout&) = delete;

    void join(EventStream& stream) override;
    void leave(EventStream& stream) override { streams_.erase(&stream); }
    void toEveryPage(const std::string& framed);
    std::size_t pages() const { return streams_.size(); }

  private:
    Greeting greeting_;
    std::set<EventStream*> streams_;
};

}  // namespace arbiter::web
