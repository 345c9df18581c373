#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

// Where an MQTT broker is and how to speak to it, as a URL gives it:
// mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX], or mqtts:// for TLS
// (docs/hall.md). The prefix is the topic level every table's topics hang
// under ("arbiter" unless the URL names another).
struct BrokerAddress {
    std::string host;  // a name, an IPv4 address, or an IPv6 one without its brackets
    int port = 1883;
    bool tls = false;
    std::string user;      // empty: no credentials
    std::string password;  // only with a user
    std::string prefix = "arbiter";

    // The URL again without the password, for messages and logs.
    std::string text() const;
};

// The broker `url` names; nullopt and a message saying what is wrong when it
// is not such a URL. USER and PASSWORD may hold %XX escapes.
std::optional<BrokerAddress> parseBrokerAddress(std::string_view url, std::string& error);

// Whether `name` may name a table in topics: 1 to 64 letters, digits, '-',
// '_' and '.', not "." or ".."; else false and why.
bool validTableName(std::string_view name, std::string& error);

// The topics of table `table` under `prefix`: "PREFIX/tables/TABLE/" + `leaf`.
std::string tableTopic(const std::string& prefix, const std::string& table, std::string_view leaf);

}  // namespace arbiter
