#include "daemon/broadcast/table_broadcast.h"

#include <cmath>

#include <spdlog/spdlog.h>

#include "daemon/announce/announcement_type.h"
#include "daemon/base/json_text.h"

namespace arbiter {

using ordered_json = nlohmann::ordered_json;

TableBroadcast::TableBroadcast(EventLoop& loop, const BroadcastSettings& settings,
                               const TimeSource& time)
    : time_(time),
      prefix_(settings.login.address.prefix),
      table_(settings.table),
      run_(static_cast<int64_t>(time.epochMillis())),
      stateDue_(loop),
      client_(loop, settings.login, "arbiterd-" + settings.table,
              {tableTopic(prefix_, table_, "online"), onlineText(false)}, *this) {}

std::string TableBroadcast::topic(std::string_view leaf) const {
    return tableTopic(prefix_, table_, leaf);
}

std::string TableBroadcast::onlineText(bool online) const {
    ordered_json message = {{"table", table_}, {"online", online}, {"run", run_}};
    if (online) message["since"] = time_.epochMillis();
    return jsonText(message);
}

bool TableBroadcast::start(std::string& error) {
    return client_.start(error);
}

void TableBroadcast::show(const PlayingTable& table) {
    shown_ = &table;
    publishState();
}

ordered_json TableBroadcast::stamped() const {
    return {{"table", table_}, {"run", run_}, {"seq", seq_}};
}

void TableBroadcast::announce(const Announcement& a) {
    // The Announcer hands this sink only what is for everyone; a private
    // one reaching it by another way would be a leak, so it is dropped.
    if (!a.forEveryone()) return;
    ++seq_;
    ordered_json message = stamped();
    message["at"] = time_.epochMillis();
    message["event"] = {{"type", "event"},
                        {"event", std::string(announcementTypeName(a.type))},
                        {"text", a.text},
                        {"data", ordered_json(a.data)}};
    if (!client_.publish(topic("events"), jsonText(message), false)) {
        if (!eventsRefused_)
            spdlog::warn(
                "the broker has been away for {} messages; further events are not "
                "kept, the table's state still is",
                BrokerClient::kMostWaiting);
        eventsRefused_ = true;
    }
    // One state after a burst of announcements (a move and its check).
    stateDue_.afterUnlessSet(0, [this] { publishState(); });
}

void TableBroadcast::publishState() {
    stateDue_.cancel();
    if (!shown_ || !client_.up()) return;  // published afresh when the broker is back
    ordered_json state = stamped();
    state["status"] = ordered_json(shown_->status());
    client_.publish(topic("state"), jsonText(state), true);
    const Session* session = shown_->session();
    // The record is the whole game: only where nobody's view is hidden.
    if (!session || session->current().hidden()) return;
    std::string record = session->recordSoFar();
    if (record == recordPublished_) return;
    ordered_json message = stamped();
    message["format"] = session->recordFormat();
    message["text"] = record;
    if (client_.publish(topic("record"), jsonText(message), true)) recordPublished_ = record;
}

void TableBroadcast::brokerUp() {
    eventsRefused_ = false;
    client_.publish(topic("online"), onlineText(true), true);
    recordPublished_.clear();
    // After the events that waited for the broker, which the client sends
    // once this returns: a state is newer than the events it follows.
    stateDue_.after(0, [this] { publishState(); });
}

void TableBroadcast::brokerDown(const std::string&) {}

void TableBroadcast::brokerMessage(const std::string& topic, const std::string& payload) {
    if (onMessage_) onMessage_(topic, payload);
}

void TableBroadcast::stop() {
    stateDue_.cancel();
    if (client_.up()) publishState();
    client_.publish(topic("online"), onlineText(false), true);
    client_.finish(1000);
}

}  // namespace arbiter
