#include "daemon/broadcast/broker_address.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "daemon/base/utf8.h"

namespace arbiter {

namespace {

constexpr size_t kLongestUrl = 1024;

bool isHex(char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

// USER or PASSWORD with its %XX escapes undone; false when an escape is broken.
bool unescape(std::string_view text, std::string& out) {
    out.clear();
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size() || !isHex(text[i + 1]) || !isHex(text[i + 2])) return false;
        out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
        i += 2;
    }
    // libmosquitto takes both as C strings.
    return out.find('\0') == std::string::npos;
}

// MQTT's user names are UTF-8; a control character in one is a mistake.
bool validUser(const std::string& user) {
    return !user.empty() && isUtf8(user) && std::none_of(user.begin(), user.end(), [](char c) {
        return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    });
}

bool validHost(std::string_view host, bool bracketed) {
    if (host.empty() || host.size() > 253) return false;
    auto allowed = [bracketed](char c) {
        if (bracketed) return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
    };
    return std::all_of(host.begin(), host.end(), allowed);
}

// A topic level or levels of the prefix: no wildcards, no empty level.
bool validPrefix(std::string_view prefix) {
    if (prefix.empty() || prefix.size() > 200) return false;
    if (prefix.front() == '/' || prefix.back() == '/' ||
        prefix.find("//") != std::string_view::npos)
        return false;
    // MQTT topics are UTF-8.
    return isUtf8(prefix) && std::all_of(prefix.begin(), prefix.end(), [](char c) {
               return static_cast<unsigned char>(c) > 0x20 && c != '+' && c != '#' && c != 0x7f;
           });
}

// HOST[:PORT] or [IPV6][:PORT] into `to`; false and why otherwise.
bool readHostAndPort(std::string_view part, BrokerAddress& to, std::string& error) {
    std::string_view host = part, port;
    bool bracketed = false;
    if (part.starts_with('[')) {
        const size_t close = part.find(']');
        if (close == std::string_view::npos) {
            error = "the IPv6 address has no closing ']'";
            return false;
        }
        host = part.substr(1, close - 1);
        bracketed = true;
        std::string_view rest = part.substr(close + 1);
        if (!rest.empty() && !rest.starts_with(':')) {
            error = "after ']' only :PORT may follow";
            return false;
        }
        if (!rest.empty()) port = rest.substr(1);
    } else if (const size_t colon = part.rfind(':'); colon != std::string_view::npos) {
        host = part.substr(0, colon);
        port = part.substr(colon + 1);
    }
    if (!validHost(host, bracketed)) {
        error = host.empty() ? "it names no broker host"
                             : "'" + std::string(host) + "' is not a host name or address";
        return false;
    }
    to.host = std::string(host);
    if (part.find(':') != std::string_view::npos && !bracketed && port.empty()) {
        error = "the port after ':' is missing";
        return false;
    }
    if (!port.empty()) {
        int n = 0;
        auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), n);
        if (ec != std::errc() || end != port.data() + port.size() || n < 1 || n > 65535) {
            error = "the port '" + std::string(port) + "' is not a number from 1 to 65535";
            return false;
        }
        to.port = n;
    }
    return true;
}

}  // namespace

std::string BrokerAddress::text() const {
    std::string url = tls ? "mqtts://" : "mqtt://";
    if (!user.empty()) url += user + "@";
    url += host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return url + ":" + std::to_string(port) + "/" + prefix;
}

std::optional<BrokerAddress> parseBrokerAddress(std::string_view url, std::string& error) {
    auto refuse = [&](const std::string& why) -> std::optional<BrokerAddress> {
        error = "the broker URL " + why +
                "; give mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX] "
                "(or mqtts:// for TLS)";
        return std::nullopt;
    };
    if (url.size() > kLongestUrl) return refuse("is longer than 1024 characters");
    BrokerAddress to;
    if (url.starts_with("mqtts://")) {
        to.tls = true;
        to.port = 8883;
        url.remove_prefix(8);
    } else if (url.starts_with("mqtt://")) {
        url.remove_prefix(7);
    } else {
        return refuse("must begin with mqtt:// or mqtts://");
    }
    std::string_view authority = url.substr(0, url.find('/'));
    if (authority.size() < url.size()) {
        std::string_view prefix = url.substr(authority.size() + 1);
        if (!prefix.empty() && !validPrefix(prefix))
            return refuse(
                "has a topic prefix with an empty level, '+', '#', a blank or a "
                "byte that is not UTF-8");
        if (!prefix.empty()) to.prefix = std::string(prefix);
    }
    if (const size_t at = authority.rfind('@'); at != std::string_view::npos) {
        std::string_view credentials = authority.substr(0, at);
        authority = authority.substr(at + 1);
        const size_t colon = credentials.find(':');
        if (!unescape(credentials.substr(0, colon), to.user) || !validUser(to.user))
            return refuse(
                "has an empty or badly escaped user before '@' (UTF-8, no control "
                "characters)");
        if (colon != std::string_view::npos &&
            !unescape(credentials.substr(colon + 1), to.password))
            return refuse("has a badly escaped password");
    }
    std::string why;
    if (!readHostAndPort(authority, to, why)) return refuse("is wrong: " + why);
    return to;
}

bool validTableName(std::string_view name, std::string& error) {
    const bool allowed = std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    if (!name.empty() && name.size() <= 64 && allowed && name != "." && name != "..") return true;
    error = "the table's name '" + std::string(name.substr(0, 80)) +
            "' is not 1 to 64 letters, digits, '-', '_' and '.'";
    return false;
}

std::string tableTopic(const std::string& prefix, const std::string& table, std::string_view leaf) {
    return prefix + "/tables/" + table + "/" + std::string(leaf);
}

}  // namespace arbiter
