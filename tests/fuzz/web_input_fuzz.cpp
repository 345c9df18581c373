// libFuzzer entry point for what arbiter-web reads from a browser and its
// command line before Beast or arbiterd see it: the --listen address, a
// query string's values and the Cookie header. Any bytes: no crash, and
// what comes out keeps the promises of tools/arbiter-web (a port in range,
// a decoded value no longer than its text, a cookie value from the header).

#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_check.h"
#include "tools/arbiter-web/listen_address.h"
#include "tools/arbiter-web/web_routes.h"

using arbiter::fuzzing::fuzzCheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto at = arbiter::web::parseListenAddress(text, error);
    fuzzCheck(at.has_value() == error.empty(), "an address, or a reason");
    if (at) fuzzCheck(text.find(std::to_string(at->port())) != std::string::npos, "its own port");

    if (const auto value = arbiter::web::queryValue(text, "journal"))
        fuzzCheck(value->size() <= text.size(), "decoding never lengthens");
    const std::string cookie = arbiter::web::cookieValue(text, "arbiter_player");
    fuzzCheck(cookie.empty() || text.find(cookie) != std::string::npos,
              "a cookie is in the header");
    return 0;
}
