// libFuzzer target for the control protocol's request lines: any line is
// blank, refused or a request, never an exception; a refusal can be sent back
// as JSON, a request written back as a line reads as the same request, and a
// said action has no blanks around it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "daemon/control/control_request.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using arbiter::ControlRequest;
using arbiter::ParsedControlLine;
using arbiter::fuzzing::fuzzCheck;

// The request as a client would have sent it.
std::string lineOf(const ControlRequest& r) {
    nlohmann::ordered_json line;
    line["type"] = r.type;
    if (!r.id.is_null()) line["id"] = r.id;
    if (r.type == "do") {
        line["action"] = r.action;
        line["player"] = r.player;
        if (!r.name.empty()) line["name"] = r.name;
    }
    return line.dump();
}

bool same(const ControlRequest& a, const ControlRequest& b) {
    return a.type == b.type && a.id == b.id && a.action == b.action && a.player == b.player &&
           a.name == b.name;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    ParsedControlLine parsed;
    try {
        parsed = arbiter::parseControlLine(line);
    } catch (...) {
        fuzzCheck(false, "parseControlLine never throws");
    }
    switch (parsed.kind) {
        case ParsedControlLine::Kind::Blank:
            return 0;
        case ParsedControlLine::Kind::Refused: {
            fuzzCheck(!parsed.error.empty(), "a refusal says why");
            nlohmann::ordered_json reply{
                {"type", "error"}, {"id", parsed.request.id}, {"error", parsed.error}};
            try {
                reply.dump();
            } catch (...) {
                fuzzCheck(false, "a refusal can be sent back as JSON");
            }
            return 0;
        }
        case ParsedControlLine::Kind::Request:
            break;
    }
    const ControlRequest& request = parsed.request;
    fuzzCheck(request.id.is_null() || request.id.is_string() || request.id.is_number_integer(),
              "an id is a string or a whole number");
    fuzzCheck(request.player >= -1, "a seat is -1 or more");
    if (request.type == "do") {
        const std::string_view blanks = " \t\r\n\v\f";
        fuzzCheck(!request.action.empty() && blanks.find(request.action.front()) == blanks.npos &&
                      blanks.find(request.action.back()) == blanks.npos,
                  "a said action reaches the table without blanks around it");
    }
    std::string written;
    try {
        written = lineOf(request);
    } catch (...) {
        fuzzCheck(false, "a request's text can be written as JSON");
    }
    const ParsedControlLine again = arbiter::parseControlLine(written);
    fuzzCheck(again.kind == ParsedControlLine::Kind::Request, "a request written back is one");
    fuzzCheck(same(again.request, request), "a request written back reads as itself");
    return 0;
}
