#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace arbiter::web {

// One message of the hall's broker (docs/hall.md, "The topics"), checked:
// what a table publishes is outside input to arbiter-web, so nothing of it
// is believed before its topic, its table name, its JSON and the fields and
// types the contract names have been checked here, in one place.
struct HallMessage {
    enum class Kind { Online, Events, State, Record };

    Kind kind = Kind::State;
    std::string table;
    std::int64_t run = 0;
    std::int64_t seq = 0;  // 0 for online, which has none
    bool online = false;   // Online: the table's word
    double since = 0;      // Online: when it connected (ms), 0 when not said
    double at = 0;         // Events: when the table announced it (ms)
    nlohmann::json body;   // Events: the event; State: the status; Record: the text
    std::string format;    // Record: the record's extension ("pgn")
};

// The largest message read: a status with a scene of many boards is tens of
// KiB, a long game's record less; beyond this it is refused unread.
inline constexpr std::size_t kHallMessageMostBytes = 4 * 1024 * 1024;

// True when `name` is a table's name as the contract allows: letters,
// digits, '-', '_' and '.', one to 64 of them, and not "." or ".." (which
// arbiterd refuses too, and no URL of the hall could name).
bool isHallTableName(std::string_view name);

// The message on `topic` under `prefix` ("arbiter"), or nullopt and `why`
// (one line, naming what is wrong) when it is not one the contract allows.
std::optional<HallMessage> parseHallMessage(std::string_view prefix, std::string_view topic,
                                            std::string_view payload, std::string& why);

// The topic's kind's name as the contract spells it ("state").
std::string_view hallKindName(HallMessage::Kind kind);

}  // namespace arbiter::web
