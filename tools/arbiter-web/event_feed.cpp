#include "tools/arbiter-web/event_feed.h"

namespace arbiter::web {

std::string frameEvent(const std::string& event, const nlohmann::json& data) {
    return "event: " + event +
           "\ndata: " + data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
           "\n\n";
}

EventFanout::~EventFanout() {
    const std::vector<EventStream*> open(streams_.begin(), streams_.end());
    streams_.clear();
    for (EventStream* stream : open) stream->end();
}

void EventFanout::join(EventStream& stream) {
    streams_.insert(&stream);
    for (const std::string& framed : greeting_()) {
        if (!streams_.count(&stream)) return;  // ended while told (too far behind)
        stream.push(framed);
    }
}

void EventFanout::toEveryPage(const std::string& framed) {
    // A page may end while it is told (too far behind): tell a copy of the set.
    const std::vector<EventStream*> open(streams_.begin(), streams_.end());
    for (EventStream* stream : open) {
        if (streams_.count(stream)) stream->push(framed);
    }
}

}  // namespace arbiter::web
