// libFuzzer entry point for what arbiterd reads about and from its broker:
// the broker's URL (--mqtt, the configuration's mqtt) and the payload of an
// action on PREFIX/tables/TABLE/do. Any bytes: no crash, and what comes out
// keeps the promises of daemon/broadcast (a port in range, a prefix without
// wildcards, an action of bounded length).

#include <cstddef>
#include <cstdint>
#include <string>

#include "daemon/base/utf8.h"
#include "daemon/broadcast/broker_action.h"
#include "daemon/broadcast/broker_address.h"
#include "tests/fuzz/fuzz_check.h"

using arbiter::fuzzing::fuzzCheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto address = arbiter::parseBrokerAddress(text, error);
    if (address) {
        fuzzCheck(address->port >= 1 && address->port <= 65535, "a port in range");
        fuzzCheck(address->prefix.find_first_of("+#") == std::string::npos, "no wildcard");
        fuzzCheck(!address->host.empty(), "a host");
        fuzzCheck(error.empty(), "an address without a refusal");
        // Up to the prefix, which is the URL's own text and may hold anything.
        const std::string shown = address->text();
        const std::string server = shown.substr(0, shown.size() - address->prefix.size());
        if (!address->password.empty())
            fuzzCheck(server.find(":" + address->password + "@") == std::string::npos,
                      "the text never shows the password");
    } else {
        fuzzCheck(!error.empty(), "a refusal says why");
    }
    std::string why;
    const auto action = arbiter::parseBrokerAction(text, why);
    if (action) {
        fuzzCheck(!action->action.empty() && arbiter::isUtf8(action->action), "an action");
        fuzzCheck(action->player >= -1 && action->player <= 63, "a seat or none");
    } else {
        fuzzCheck(!why.empty(), "a refusal says why");
    }
    return 0;
}
