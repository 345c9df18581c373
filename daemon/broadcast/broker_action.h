#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace arbiter {

// An action a client asks a table to take through the broker (docs/hall.md,
// "Actions from the broker"): the payload of PREFIX/tables/TABLE/do, checked
// as strictly as a control request: a JSON object of at most 4 KiB with
// "action" (1 to 200 characters of UTF-8, no control characters) and
// optionally "player" (a seat, 0 to 63), "name" (a late arrival's, at most 64
// characters) and "id" (a string of at most 64 characters, or an integer,
// given back in the reply). Nothing else.
struct BrokerAction {
    nlohmann::json id;  // null when not given
    std::string action;
    int player = -1;  // -1: the player to move
    std::string name;
};

inline constexpr size_t kLongestBrokerAction = 4096;

// The action `payload` asks for; nullopt and why when it is not one.
std::optional<BrokerAction> parseBrokerAction(std::string_view payload, std::string& error);

}  // namespace arbiter
