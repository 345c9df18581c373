#include "daemon/broadcast/broker_action.h"

#include <algorithm>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

bool hasControlCharacter(std::string_view text) {
    return std::any_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// A string field of 1 (or 0 when `mayBeEmpty`) to `most` characters of UTF-8
// without control characters; false and why otherwise.
bool readText(const nlohmann::json& field, const char* key, size_t most, std::string& to,
              std::string& error) {
    if (!field.is_string()) {
        error = std::string("\"") + key + "\" must be a string";
        return false;
    }
    to = field.get<std::string>();
    if (!isUtf8(to) || hasControlCharacter(to) || to.empty() || codePoints(to).size() > most) {
        error = std::string("\"") + key + "\" must be 1 to " + std::to_string(most) +
                " characters of UTF-8 without control characters";
        return false;
    }
    return true;
}

bool readField(const std::string& key, const nlohmann::json& value, BrokerAction& to,
               std::string& error) {
    if (key == "action") return readText(value, "action", 200, to.action, error);
    if (key == "name") return readText(value, "name", 64, to.name, error);
    if (key == "player") {
        if (!value.is_number_integer() || value.get<int64_t>() < 0 || value.get<int64_t>() > 63) {
            error = "\"player\" must be a seat number from 0 to 63";
            return false;
        }
        to.player = value.get<int>();
        return true;
    }
    if (key == "id") {
        std::string text;
        if (value.is_number_integer() ||
            (value.is_string() && readText(value, "id", 64, text, error))) {
            to.id = value;
            return true;
        }
        error = "\"id\" must be an integer or 1 to 64 characters";
        return false;
    }
    error = "unknown field \"" + printable(key.substr(0, 40)) +
            "\" (an action has action, player, name and id)";
    return false;
}

}  // namespace

std::optional<BrokerAction> parseBrokerAction(std::string_view payload, std::string& error) {
    if (payload.size() > kLongestBrokerAction) {
        error = "the action is longer than 4096 bytes";
        return std::nullopt;
    }
    if (!isUtf8(payload)) {
        error = "the action is not UTF-8";
        return std::nullopt;
    }
    const nlohmann::json parsed = nlohmann::json::parse(payload, nullptr, false);
    if (!parsed.is_object()) {
        error = "the action is not a JSON object such as {\"action\": \"resign\"}";
        return std::nullopt;
    }
    BrokerAction action;
    for (const auto& [key, value] : parsed.items())
        if (!readField(key, value, action, error)) return std::nullopt;
    if (action.action.empty()) {
        error = "the action says no \"action\"";
        return std::nullopt;
    }
    return action;
}

}  // namespace arbiter
