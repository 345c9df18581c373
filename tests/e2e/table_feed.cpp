#include "tests/e2e/table_feed.h"

#include <utility>

namespace arbiter::e2e {

namespace {

using RunSeq = std::pair<int64_t, int64_t>;

RunSeq runSeqOf(const nlohmann::json& message) {
    return {message.value("run", int64_t{-1}), message.value("seq", int64_t{-1})};
}

// Keeps `message` in `latest` when it is newer by (run, seq).
void keepNewest(nlohmann::json& latest, const nlohmann::json& message) {
    if (latest.is_null() || runSeqOf(latest) < runSeqOf(message)) latest = message;
}

}  // namespace

TableFeed feedOf(const MqttSubscriber::Messages& messages, const std::string& table) {
    const std::string prefix = "arbiter/tables/" + table + "/";
    TableFeed feed;
    RunSeq last{-1, -1};
    for (const ReceivedMessage& m : messages) {
        if (!m.topic.starts_with(prefix) || !m.json.is_object()) continue;
        const std::string kind = m.topic.substr(prefix.size());
        if (kind == "online") {
            feed.online = m.json;
        } else if (kind == "state") {
            keepNewest(feed.state, m.json);
        } else if (kind == "record") {
            keepNewest(feed.record, m.json);
        } else if (kind == "events") {
            ++feed.rawEvents;
            if (runSeqOf(m.json) <= last) {
                ++feed.repeats;
                continue;
            }
            last = runSeqOf(m.json);
            feed.events.push_back(m.json);
        }
    }
    return feed;
}

bool TableFeed::contiguous() const {
    for (size_t i = 0; i < events.size(); ++i) {
        const RunSeq here = runSeqOf(events[i]);
        const bool newRun = i == 0 || runSeqOf(events[i - 1]).first != here.first;
        const int64_t expected = newRun ? 1 : runSeqOf(events[i - 1]).second + 1;
        if (here.second != expected) return false;
    }
    return true;
}

std::vector<std::string> TableFeed::moves() const {
    std::vector<std::string> texts;
    for (const nlohmann::json& e : events) {
        const nlohmann::json& event = e.value("event", nlohmann::json::object());
        if (event.value("event", "") != "move") continue;
        const std::string text = event.value("text", "");
        texts.push_back(text.substr(0, text.find(" (")));
    }
    return texts;
}

std::string TableFeed::describe() const {
    std::string text = std::to_string(rawEvents) + " events received, " + std::to_string(repeats) +
                       " dropped; kept:\n";
    for (const nlohmann::json& e : events) text += "  " + e.dump() + "\n";
    text += "state: " + state.dump() + "\nonline: " + online.dump() + "\n";
    return text;
}

}  // namespace arbiter::e2e
