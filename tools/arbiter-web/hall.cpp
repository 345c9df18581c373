#include "tools/arbiter-web/hall.h"

namespace arbiter::web {

namespace {

// A topic as a log line shows it: bounded, and only printable ASCII.
std::string shownTopic(const std::string& topic) {
    std::string shown;
    for (const char c : topic.substr(0, 120)) shown += (c >= 0x20 && c < 0x7f) ? c : '?';
    return topic.size() > 120 ? shown + "..." : shown;
}

}  // namespace

Hall::Hall(std::string prefix, Log log, std::size_t mostTables)
    : prefix_(std::move(prefix)), tables_(mostTables), bad_(log), old_(log), hallFeed_([this] {
          std::vector<std::string> greeting = {frameEvent("broker", brokerJson())};
          for (const auto& [name, table] : tables_.tables())
              greeting.push_back(frameEvent("table", hallTileJson(table, TileStatus::Slim)));
          return greeting;
      }) {}

void Hall::receive(const std::string& topic, const std::string& payload) {
    std::string why;
    const auto message = parseHallMessage(prefix_, topic, payload, why);
    if (!message) {
        // One line per topic's table and reason: a table that repeats its
        // mistake is named once.
        const std::string shown = shownTopic(topic);
        bad_.say(shown + "|" + why, "arbiter-web: ignored a message on " + shown + ": " + why);
        return;
    }
    const HallTable* table = tables_.apply(*message, why);
    if (!table) {
        old_.say(message->table + "|" + std::string(hallKindName(message->kind)),
                 "arbiter-web: ignored a message on " + shownTopic(topic) + ": " + why +
                     " (said once per table and topic)");
        return;
    }
    tell(*message, *table);
}

void Hall::tell(const HallMessage& message, const HallTable& table) {
    auto& feed = tableFeeds_[table.name];
    if (!feed) {
        feed = std::make_unique<EventFanout>([this, name = table.name] {
            std::vector<std::string> greeting;
            const HallTable* now = tables_.find(name);
            if (!now) return greeting;
            greeting.push_back(frameEvent("link", tableLink(*now)));
            if (!now->status.is_null()) greeting.push_back(frameEvent("snapshot", now->status));
            return greeting;
        });
    }
    switch (message.kind) {
        case HallMessage::Kind::Events:
            feed->toEveryPage(frameEvent("announcement", message.body));
            hallFeed_.toEveryPage(
                frameEvent("action", {{"table", table.name}, {"event", table.lastEvent}}));
            return;
        case HallMessage::Kind::State:
            feed->toEveryPage(frameEvent("snapshot", table.status));
            break;
        case HallMessage::Kind::Online:
            feed->toEveryPage(frameEvent("link", tableLink(table)));
            break;
        case HallMessage::Kind::Record:
            break;
    }
    hallFeed_.toEveryPage(frameEvent("table", hallTileJson(table, TileStatus::Slim)));
}

void Hall::brokerChanged(bool connected, const std::string& reason) {
    brokerConnected_ = connected;
    brokerReason_ = connected ? "" : reason;
    hallFeed_.toEveryPage(frameEvent("broker", brokerJson()));
    for (const auto& [name, feed] : tableFeeds_) {
        if (const HallTable* table = tables_.find(name))
            feed->toEveryPage(frameEvent("link", tableLink(*table)));
    }
}

EventFeed* Hall::tableFeed(const std::string& name) {
    const auto found = tableFeeds_.find(name);
    return found == tableFeeds_.end() ? nullptr : found->second.get();
}

nlohmann::json Hall::brokerJson() const {
    nlohmann::json broker = {{"connected", brokerConnected_}, {"mostTables", tables_.mostTables()}};
    if (!brokerConnected_) broker["reason"] = brokerReason_;
    return broker;
}

// What a table's page is told of its link: the table's own page reads it as
// it reads arbiter-web's link to arbiterd, and readOnly says it is the hall's.
nlohmann::json Hall::tableLink(const HallTable& table) const {
    nlohmann::json link = {{"readOnly", true}};
    if (!brokerConnected_) {
        link["connected"] = false;
        link["reason"] = "arbiter-web has lost the broker: " + brokerReason_;
    } else if (table.onlineKnown && !table.online) {
        link["connected"] = false;
        link["reason"] = "the table " + table.name + " is offline";
    } else {
        link["connected"] = true;
    }
    return link;
}

nlohmann::json Hall::json() const {
    nlohmann::json tables = nlohmann::json::array();
    for (const auto& [name, table] : tables_.tables()) tables.push_back(hallTileJson(table));
    return {{"broker", brokerJson()},
            {"ignored", {{"bad", bad_.count()}, {"old", old_.count()}}},
            {"tables", std::move(tables)}};
}

}  // namespace arbiter::web
