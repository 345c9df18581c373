#include "tools/arbiter-web/hall_message.h"

#include <array>
#include <cmath>

namespace arbiter::web {

namespace {

using Kind = HallMessage::Kind;

constexpr std::size_t kMostNesting = 64;
constexpr double kLargestWholeNumber = 9007199254740992.0;  // 2^53: exact in a double

constexpr std::array<std::pair<std::string_view, Kind>, 4> kKinds = {{
    {"online", Kind::Online},
    {"events", Kind::Events},
    {"state", Kind::State},
    {"record", Kind::Record},
}};

// The deepest nesting of arrays and objects, counted without parsing: the
// JSON library reads deep nesting fine, but writing it out again recurses.
std::size_t nestingDepth(std::string_view text) {
    std::size_t depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (const char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

// The table's name and the kind from "PREFIX/tables/NAME/KIND".
bool readTopic(std::string_view prefix, std::string_view topic, HallMessage& message,
               std::string& why) {
    const std::string head = std::string(prefix) + "/tables/";
    if (topic.substr(0, head.size()) != head) {
        why = "the topic is not under " + head;
        return false;
    }
    const std::string_view rest = topic.substr(head.size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string_view::npos) {
        why = "the topic names no kind after the table (online, events, state or record)";
        return false;
    }
    const std::string_view name = rest.substr(0, slash);
    const std::string_view kind = rest.substr(slash + 1);
    if (!isHallTableName(name)) {
        why =
            "the topic's table name is not 1 to 64 letters, digits, '-', '_' or '.' (nor . or ..)";
        return false;
    }
    for (const auto& [spelled, known] : kKinds) {
        if (kind == spelled) {
            message.kind = known;
            message.table = std::string(name);
            return true;
        }
    }
    why = "the topic's kind is not online, events, state or record";
    return false;
}

// A whole number from 0 to 2^53 at `field`; nullopt when absent or not one.
std::optional<std::int64_t> wholeNumber(const nlohmann::json& body, const char* field) {
    const auto found = body.find(field);
    if (found == body.end() || !found->is_number()) return std::nullopt;
    if (found->is_number_unsigned()) {
        const auto n = found->get<std::uint64_t>();
        if (n > static_cast<std::uint64_t>(kLargestWholeNumber)) return std::nullopt;
        return static_cast<std::int64_t>(n);
    }
    const double n = found->get<double>();
    if (!std::isfinite(n) || n < 0 || n > kLargestWholeNumber || std::floor(n) != n)
        return std::nullopt;
    return static_cast<std::int64_t>(n);
}

// A finite number at `field`; nullopt when absent or not one.
std::optional<double> finiteNumber(const nlohmann::json& body, const char* field) {
    const auto found = body.find(field);
    if (found == body.end() || !found->is_number()) return std::nullopt;
    const double n = found->get<double>();
    if (!std::isfinite(n)) return std::nullopt;
    return n;
}

bool isRecordFormat(const nlohmann::json& format) {
    if (!format.is_string()) return false;
    const auto& text = format.get_ref<const std::string&>();
    if (text.empty() || text.size() > 16) return false;
    for (const char c : text) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    }
    return true;
}

// The fields of each kind beyond table and run (docs/hall.md).
bool readFields(const nlohmann::json& body, HallMessage& message, std::string& why) {
    if (message.kind == Kind::Online) {
        const auto online = body.find("online");
        if (online == body.end() || !online->is_boolean()) {
            why = "\"online\" must be true or false";
            return false;
        }
        message.online = online->get<bool>();
        if (body.contains("since")) {
            const auto since = finiteNumber(body, "since");
            if (!since) {
                why = "\"since\" must be a number (milliseconds since 1970)";
                return false;
            }
            message.since = *since;
        }
        return true;
    }
    const auto seq = wholeNumber(body, "seq");
    if (!seq || *seq < 1) {
        why = "\"seq\" must be a whole number from 1";
        return false;
    }
    message.seq = *seq;
    if (message.kind == Kind::Events) {
        const auto at = finiteNumber(body, "at");
        if (!at) {
            why = "\"at\" must be a number (milliseconds since 1970)";
            return false;
        }
        message.at = *at;
        if (!body.contains("event") || !body["event"].is_object()) {
            why = "\"event\" must be an object";
            return false;
        }
        message.body = body["event"];
    } else if (message.kind == Kind::State) {
        if (!body.contains("status") || !body["status"].is_object()) {
            why = "\"status\" must be an object";
            return false;
        }
        message.body = body["status"];
    } else {
        if (!body.contains("format") || !isRecordFormat(body["format"])) {
            why = "\"format\" must be 1 to 16 lowercase letters or digits, such as \"pgn\"";
            return false;
        }
        if (!body.contains("text") || !body["text"].is_string()) {
            why = "\"text\" must be a string";
            return false;
        }
        message.format = body["format"].get<std::string>();
        message.body = body["text"];
    }
    return true;
}

}  // namespace

bool isHallTableName(std::string_view name) {
    if (name.empty() || name.size() > 64 || name == "." || name == "..") return false;
    for (const char c : name) {
        const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (!allowed) return false;
    }
    return true;
}

std::string_view hallKindName(HallMessage::Kind kind) {
    for (const auto& [spelled, known] : kKinds) {
        if (known == kind) return spelled;
    }
    return "?";
}

std::optional<HallMessage> parseHallMessage(std::string_view prefix, std::string_view topic,
                                            std::string_view payload, std::string& why) {
    HallMessage message;
    if (!readTopic(prefix, topic, message, why)) return std::nullopt;
    if (payload.size() > kHallMessageMostBytes) {
        why = "the message is larger than 4 MiB";
        return std::nullopt;
    }
    if (nestingDepth(payload) > kMostNesting) {
        why = "the message nests arrays and objects more than 64 deep";
        return std::nullopt;
    }
    const nlohmann::json body = nlohmann::json::parse(payload, nullptr, false);
    if (body.is_discarded()) {
        why = "the message is not JSON in UTF-8";
        return std::nullopt;
    }
    if (!body.is_object()) {
        why = "the message is not a JSON object";
        return std::nullopt;
    }
    const auto table = body.find("table");
    if (table == body.end() || !table->is_string() || table->get<std::string>() != message.table) {
        why = "\"table\" must be the topic's table name, " + message.table;
        return std::nullopt;
    }
    const auto run = wholeNumber(body, "run");
    if (!run) {
        why = "\"run\" must be a whole number (the table's start, ms since 1970)";
        return std::nullopt;
    }
    message.run = *run;
    if (!readFields(body, message, why)) return std::nullopt;
    return message;
}

}  // namespace arbiter::web
