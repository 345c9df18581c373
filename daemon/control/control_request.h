#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace arbiter {

// One request from a control client that the protocol (docs/control.md)
// accepts: a known type, only that type's fields, each of the right kind.
struct ControlRequest {
    std::string type;           // one of control::request
    nlohmann::ordered_json id;  // echoed in the reply; null when the client gave none
    // The fields of a "do" request; empty or -1 for other types.
    std::string action;
    int player = -1;  // a seat number, or -1 for the player to move
    std::string name;    // of a player joining ("do") or of the player speaking ("as")
    std::string secret;  // "as" only: the player's secret
};

// What a line from a client turned out to be. A refused line is answered with
// `error` (and whatever id could be read from it) and changes nothing.
struct ParsedControlLine {
    enum class Kind { Blank, Refused, Request };
    Kind kind = Kind::Blank;
    ControlRequest request;  // for Refused, only request.id is set (if it could be read)
    std::string error;
};

// Reads one request line (without its newline). Never throws: text from a
// client may be anything.
ParsedControlLine parseControlLine(std::string_view line);

}  // namespace arbiter
