#pragma once

#include <string>
#include <utility>
#include <vector>

namespace arbiter::web {

// One HTTP request as the routes read it: the parts they use, already
// bounded in size by the server (docs/web.md, "Limits").
struct WebRequest {
    std::string method;  // "GET", "POST", ...
    std::string path;    // the target before any '?'
    std::string query;   // after the '?', undecoded; empty when none
    std::string body;
    std::string contentType;
    std::string origin;  // the Origin header; empty when none
    std::string host;    // the Host header
    std::string token;   // the sign-in cookie's value; empty when none
};

// The answer: a status, a body and its type, and headers besides.
struct WebResponse {
    int status = 200;
    std::string contentType = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

}  // namespace arbiter::web
