#pragma once

#include <map>
#include <memory>
#include <string>

#include "tools/arbiter-web/event_feed.h"
#include "tools/arbiter-web/hall_tables.h"
#include "tools/arbiter-web/once_log.h"

namespace arbiter::web {

// The hall as arbiter-web serves it: the tables read from the broker, and
// the event streams of the pages that follow them: the hall page's (events
// "broker", "table" and "action") and each table page's ("link",
// "snapshot" and "announcement", as a control socket's feed sends them, so
// that the table page reads both alike). Every broker message comes here, on
// the Asio loop, and is checked (parseHallMessage) before anything changes;
// a bad or old one is logged once per kind (OnceLog) and counted.
class Hall {
  public:
    using Log = OnceLog::Write;

    Hall(std::string prefix, Log log, std::size_t mostTables = HallTables::kMostTables);

    // One message of the broker, as it came.
    void receive(const std::string& topic, const std::string& payload);
    // The link to the broker is up, or down for `reason`.
    void brokerChanged(bool connected, const std::string& reason);

    const HallTables& tables() const { return tables_; }
    bool brokerConnected() const { return brokerConnected_; }
    EventFeed& hallFeed() { return hallFeed_; }
    // The feed of table `name`; nullptr while the hall knows no such table.
    EventFeed* tableFeed(const std::string& name);
    // /api/hall: the broker's link, the limits, the counts, every table's tile.
    nlohmann::json json() const;
    std::size_t badMessages() const { return bad_.count(); }
    std::size_t oldMessages() const { return old_.count(); }

  private:
    nlohmann::json brokerJson() const;
    nlohmann::json tableLink(const HallTable& table) const;
    void tell(const HallMessage& message, const HallTable& table);

    std::string prefix_;
    HallTables tables_;
    OnceLog bad_, old_;
    bool brokerConnected_ = false;
    std::string brokerReason_ = "not connected to the broker yet";
    EventFanout hallFeed_;
    std::map<std::string, std::unique_ptr<EventFanout>> tableFeeds_;
};

}  // namespace arbiter::web
