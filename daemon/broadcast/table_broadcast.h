#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/base/time_source.h"
#include "daemon/broadcast/broadcast_settings.h"
#include "daemon/broadcast/broker_client.h"
#include "daemon/table/playing_table.h"

namespace arbiter {

// One table published to the hall's broker (docs/hall.md, "The topics"):
// each announcement for everyone as an event, numbered; after it, the
// table's state as a spectator sees it and, at a table that hides nothing,
// the game's record so far, both retained; whether the table is online, with
// a last will that says when it vanished. It hears only what is for everyone
// (Announcer::add) and asks the table only for a spectator's status, so
// nothing private reaches the broker. The table never waits for it: while
// the broker is away, events wait in the client (in order) and the state
// and record are published afresh when it is back.
class TableBroadcast final : public AnnouncementSink, private BrokerClient::Listener {
  public:
    // A message for the table on a topic it subscribed to (its actions).
    using MessageHandler = std::function<void(const std::string& topic, const std::string&)>;

    TableBroadcast(EventLoop& loop, const BroadcastSettings& settings, const TimeSource& time);

    // Starts connecting; false and why when it cannot (a TLS file unread).
    bool start(std::string& error);
    // The table whose state and record it publishes, once it is open.
    void show(const PlayingTable& table);
    void announce(const Announcement& a) override;
    // Says the table is offline and waits (a second at most) for the broker
    // to have everything.
    void stop();

    // The topic `leaf` of this table ("events", "state", ...).
    std::string topic(std::string_view leaf) const;
    const std::string& table() const { return table_; }
    BrokerClient& client() { return client_; }
    void onMessage(MessageHandler handler) { onMessage_ = std::move(handler); }

  private:
    void brokerUp() override;
    void brokerDown(const std::string& why) override;
    void brokerMessage(const std::string& topic, const std::string& payload) override;
    // The fields every message carries: table, run, seq.
    nlohmann::ordered_json stamped() const;
    void publishState();
    std::string onlineText(bool online) const;

    const TimeSource& time_;
    std::string prefix_;
    std::string table_;
    int64_t run_;  // when this arbiterd started, in milliseconds since 1970
    long seq_ = 0;
    const PlayingTable* shown_ = nullptr;
    std::string recordPublished_;  // the record text the broker has
    bool eventsRefused_ = false;   // told once that the waiting room is full
    MessageHandler onMessage_;
    Timer stateDue_;
    BrokerClient client_;
};

}  // namespace arbiter
