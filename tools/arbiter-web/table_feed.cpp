#include "tools/arbiter-web/table_feed.h"

#include <vector>

namespace arbiter::web {

TableFeed::TableFeed(boost::asio::io_context& io, const std::string& socketPath,
                     std::optional<PlayerCredentials> as)
    : link_(io, socketPath, *this, std::move(as)) {}

TableFeed::~TableFeed() {
    const std::vector<EventStream*> open(streams_.begin(), streams_.end());
    streams_.clear();
    for (EventStream* stream : open) stream->end();
}

std::string TableFeed::frame(const std::string& event, const nlohmann::json& data) {
    return frameEvent(event, data);
}

nlohmann::json TableFeed::linkState() const {
    nlohmann::json state = {{"connected", link_.connected()}};
    if (!link_.connected()) state["reason"] = link_.downReason();
    return state;
}

void TableFeed::join(EventStream& stream) {
    streams_.insert(&stream);
    stream.push(frame("link", linkState()));
    if (!status_.is_null()) stream.push(frame("snapshot", status_));
}

void TableFeed::leave(EventStream& stream) {
    streams_.erase(&stream);
}

void TableFeed::toEveryPage(const std::string& framed) {
    // A page may end while it is told (too far behind): tell a copy of the set.
    const std::vector<EventStream*> open(streams_.begin(), streams_.end());
    for (EventStream* stream : open) {
        if (streams_.count(stream)) stream->push(framed);
    }
}

void TableFeed::linkChanged(bool, const std::string&) {
    toEveryPage(frame("link", linkState()));
}

void TableFeed::snapshot(const nlohmann::json& status) {
    status_ = status;
    status_.erase("id");
    // The first status after "as" is the player's own: they are admitted.
    if (admission_) {
        auto told = std::move(admission_);
        admission_ = nullptr;
        told(true, {});
    }
    toEveryPage(frame("snapshot", status_));
}

void TableFeed::announcement(const nlohmann::json& event) {
    toEveryPage(frame("announcement", event));
}

void TableFeed::refused(const std::string& why) {
    if (!admission_) return;
    auto told = std::move(admission_);
    admission_ = nullptr;
    told(false, why);
}

}  // namespace arbiter::web
