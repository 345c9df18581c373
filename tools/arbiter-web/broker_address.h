#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::web {

// Where the hall's broker is and how to sign in to it, as
// `--hall mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX]` says (mqtts:// for
// TLS): read once, checked, so that the subscriber is handed nothing vague.
struct BrokerAddress {
    bool tls = false;
    std::string user;  // empty: none
    std::optional<std::string> password;
    std::string host;
    int port = 1883;
    std::string prefix = "arbiter";

    // "mqtt://host:port/prefix", without the user and password (for messages).
    std::string shown() const;
};

// The address, or nullopt and `why`. USER and PASSWORD may be %-encoded;
// HOST may be [IPv6]; PREFIX is one or more topic levels without + or #.
std::optional<BrokerAddress> parseBrokerAddress(std::string_view url, std::string& why);

}  // namespace arbiter::web
