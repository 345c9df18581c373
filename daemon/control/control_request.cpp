#include "daemon/control/control_request.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "daemon/base/utf8.h"
#include "daemon/control/control_protocol.h"

namespace arbiter {

namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

bool isBlank(std::string_view line) {
    return std::all_of(line.begin(), line.end(),
                       [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; });
}

// The fields a request of each type may carry besides "type" and "id";
// nullptr for a type the protocol does not know.
const std::vector<std::string>* fieldsOf(const std::string& type) {
    using namespace control::request;
    static const std::map<std::string, std::vector<std::string>> shapes = {
        {kStatus, {}},
        {kSubscribe, {}},
        {kUnsubscribe, {}},
        {kNewGame, {}},
        {kTakeback, {}},
        {kPause, {}},
        {kDo, {"action", "player", "name"}},
        {kResume, {}},
        {kGames, {}},
        {kAs, {"name", "secret"}},
    };
    auto it = shapes.find(type);
    return it == shapes.end() ? nullptr : &it->second;
}

std::string knownTypes() {
    using namespace control::request;
    std::string list;
    for (const char* t : {kStatus, kSubscribe, kUnsubscribe, kNewGame, kDo, kTakeback, kPause,
                          kResume, kGames, kAs}) {
        if (!list.empty()) list += ", ";
        list += t;
    }
    return list;
}

// The seat a "do" request names: -1 (the player to move) when it names none.
std::optional<int> seatOf(const json& request, std::string& error) {
    auto it = request.find("player");
    if (it == request.end()) return -1;
    const char* expected =
        "\"player\" must be a seat number (0, 1, ...) or -1 for the player to move";
    if (!it->is_number_integer()) {
        error = expected;
        return std::nullopt;
    }
    if (it->is_number_unsigned()) {
        auto seat = it->get<std::uint64_t>();
        if (seat > static_cast<std::uint64_t>(INT_MAX)) {
            error = expected;
            return std::nullopt;
        }
        return static_cast<int>(seat);
    }
    auto seat = it->get<std::int64_t>();
    if (seat < -1 || seat > INT_MAX) {
        error = expected;
        return std::nullopt;
    }
    return static_cast<int>(seat);
}

ParsedControlLine refused(ordered_json id, std::string why) {
    ParsedControlLine parsed;
    parsed.kind = ParsedControlLine::Kind::Refused;
    parsed.request.id = std::move(id);
    parsed.error = std::move(why);
    return parsed;
}

// `text` without the blanks (spaces, tabs, line ends) around it.
std::string withoutBlanksAround(const std::string& text) {
    constexpr const char* kBlanks = " \t\r\n\v\f";
    const size_t first = text.find_first_not_of(kBlanks);
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(kBlanks) + 1 - first);
}

// The fields only a "do" request has, checked; empty when they are all right.
std::string readDoFields(const json& request, ControlRequest& out) {
    auto action = request.find("action");
    // The action as a user says it, copied or typed with a blank too many:
    // the blanks around it are dropped here, once, for every game and verb
    // alike (docs/control.md); the blanks within it are the game's.
    if (action == request.end() || !action->is_string() ||
        withoutBlanksAround(action->get_ref<const std::string&>()).empty())
        return "a do request needs \"action\", a non-empty string such as \"resign\"";
    out.action = withoutBlanksAround(action->get<std::string>());
    std::string why;
    std::optional<int> seat = seatOf(request, why);
    if (!seat) return why;
    out.player = *seat;
    if (auto it = request.find("name"); it != request.end()) {
        if (!it->is_string()) return "\"name\" must be a string, the name of a player joining";
        out.name = it->get<std::string>();
    }
    return {};
}

}  // namespace

ParsedControlLine parseControlLine(std::string_view line) {
    if (isBlank(line)) return {};
    // Said before JSON's own complaint, which would only give a byte number.
    if (size_t bad = firstNonUtf8Byte(line); bad != std::string_view::npos)
        return refused(nullptr, "the request is not UTF-8 text (byte " + std::to_string(bad + 1) +
                                    " is " + printable(line.substr(bad, 1)) +
                                    "); send JSON in UTF-8, names included");
    // A field given twice is ambiguous (one reader takes the first, another
    // the last): refused, whatever it is, rather than guessed at.
    std::vector<std::set<std::string>> keysOfOpenObjects;
    std::optional<std::string> twice;
    const json::parser_callback_t noticeTwice = [&](int, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::object_start) {
            keysOfOpenObjects.emplace_back();
        } else if (event == json::parse_event_t::object_end) {
            keysOfOpenObjects.pop_back();
        } else if (event == json::parse_event_t::key && !keysOfOpenObjects.empty()) {
            const std::string& key = parsed.get_ref<const std::string&>();
            if (!keysOfOpenObjects.back().insert(key).second && !twice) twice = key;
        }
        return true;
    };
    json request;
    try {
        request = json::parse(line.begin(), line.end(), noticeTwice);
    } catch (const json::parse_error& e) {
        return refused(nullptr, "not JSON (error at byte " + std::to_string(e.byte) +
                                    "); send one JSON object per line");
    } catch (const json::exception&) {
        return refused(nullptr, "not JSON (a number out of range); send one JSON object per line");
    }
    if (!request.is_object())
        return refused(nullptr, "a request is a JSON object, such as {\"type\":\"status\"}");
    if (twice)
        return refused(nullptr,
                       "the field \"" + *twice + "\" is given twice; give each field once");

    ParsedControlLine parsed;
    parsed.kind = ParsedControlLine::Kind::Request;
    ControlRequest& r = parsed.request;
    if (auto it = request.find("id"); it != request.end()) {
        // A number the reply could not repeat digit for digit (a fraction,
        // or too large for 64 bits, which JSON parsers round) is refused.
        if (!it->is_string() && !it->is_number_integer())
            return refused(nullptr, "\"id\" must be a string or a whole number of at most 64 bits");
        r.id = ordered_json(*it);
    }
    auto typeField = request.find("type");
    if (typeField == request.end())
        return refused(r.id, "the request has no \"type\"; known types: " + knownTypes());
    if (!typeField->is_string())
        return refused(r.id, "\"type\" must be a string; known types: " + knownTypes());
    r.type = typeField->get<std::string>();
    const std::vector<std::string>* fields = fieldsOf(r.type);
    if (fields == nullptr)
        return refused(r.id,
                       "unknown request type \"" + r.type + "\"; known types: " + knownTypes());
    for (const auto& [key, value] : request.items()) {
        if (key == "type" || key == "id") continue;
        if (std::find(fields->begin(), fields->end(), key) == fields->end())
            return refused(r.id, "unknown field \"" + key + "\" in a " + r.type + " request");
    }
    if (r.type == control::request::kDo) {
        if (std::string why = readDoFields(request, r); !why.empty())
            return refused(r.id, std::move(why));
    }
    if (r.type == control::request::kAs) {
        auto name = request.find("name");
        auto secret = request.find("secret");
        if (name == request.end() || !name->is_string() || secret == request.end() ||
            !secret->is_string())
            return refused(r.id,
                           "an as request needs \"name\" and \"secret\", strings: the player's "
                           "name at this table and their secret");
        r.name = name->get<std::string>();
        r.secret = secret->get<std::string>();
    }
    return parsed;
}

}  // namespace arbiter
