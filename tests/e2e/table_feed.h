#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/e2e/mqtt_subscriber.h"

namespace arbiter::e2e {

// One table of the hall as a spectator keeps it (docs/hall.md): its events in
// the order received, each (run, seq) once, anything not newer than the last
// one kept dropped and counted; and the latest of its retained topics. The
// tests compare what the table said with this.
struct TableFeed {
    std::vector<nlohmann::json> events;  // whole messages: {"table", "run", "seq", "at", "event"}
    int repeats = 0;                     // events dropped as not newer than the last one kept
    int rawEvents = 0;                   // every event message received, repeats included
    nlohmann::json state;                // the newest by (run, seq); null before any
    nlohmann::json record;
    nlohmann::json online;  // the last received; null before any

    // True when the kept events of each run count 1, 2, 3... with none missing.
    bool contiguous() const;
    // Each kept move event, in order, as far as the console's announcement
    // goes: "1. e4" of "1. e4 (e2e4). White 14:58, Black 15:00".
    std::vector<std::string> moves() const;
    // The `text` of every kept event, for failure messages.
    std::string describe() const;
};

// What `table` published under `arbiter/tables/` among `messages`.
TableFeed feedOf(const MqttSubscriber::Messages& messages, const std::string& table);

}  // namespace arbiter::e2e
