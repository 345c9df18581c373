#include "tools/arbiter-web/broker_address.h"

#include <charconv>

namespace arbiter::web {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// `text` with its %XX decoded; nullopt when a % is not followed by two hex digits.
std::optional<std::string> percentDecoded(std::string_view text) {
    std::string decoded;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            decoded += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return std::nullopt;
        const int high = hexDigit(text[i + 1]), low = hexDigit(text[i + 2]);
        if (high < 0 || low < 0) return std::nullopt;
        decoded += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return decoded;
}

bool isPrefix(std::string_view prefix) {
    if (prefix.empty() || prefix.size() > 200 || prefix.front() == '/' || prefix.back() == '/')
        return false;
    for (const char c : prefix) {
        if (c == '+' || c == '#' || static_cast<unsigned char>(c) < 0x20) return false;
    }
    return prefix.find("//") == std::string_view::npos;
}

// USER[:PASSWORD] before the '@'.
bool readUser(std::string_view userInfo, BrokerAddress& address, std::string& why) {
    const std::size_t colon = userInfo.find(':');
    const auto user = percentDecoded(userInfo.substr(0, colon));
    if (!user || user->empty()) {
        why = "the user before '@' is empty or badly %-encoded";
        return false;
    }
    address.user = *user;
    if (colon == std::string_view::npos) return true;
    address.password = percentDecoded(userInfo.substr(colon + 1));
    if (!address.password) {
        why = "the password is badly %-encoded";
        return false;
    }
    return true;
}

// HOST[:PORT], HOST perhaps [IPv6].
bool readHostPort(std::string_view hostPort, BrokerAddress& address, std::string& why) {
    std::string_view port;
    if (hostPort.substr(0, 1) == "[") {
        const std::size_t close = hostPort.find(']');
        if (close == std::string_view::npos) {
            why = "an IPv6 host must be closed by ']'";
            return false;
        }
        address.host = std::string(hostPort.substr(1, close - 1));
        const std::string_view after = hostPort.substr(close + 1);
        if (!after.empty() && after.front() != ':') {
            why = "only :PORT may follow [HOST]";
            return false;
        }
        if (!after.empty()) port = after.substr(1);
    } else {
        const std::size_t colon = hostPort.find(':');
        address.host = std::string(hostPort.substr(0, colon));
        if (colon != std::string_view::npos) port = hostPort.substr(colon + 1);
        if (colon != std::string_view::npos && port.empty()) port = "x";
    }
    if (address.host.empty()) {
        why = "the URL names no host";
        return false;
    }
    if (port.empty()) return true;
    int number = 0;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (error != std::errc() || end != port.data() + port.size() || number < 1 || number > 65535) {
        why = "the port must be a number from 1 to 65535";
        return false;
    }
    address.port = number;
    return true;
}

}  // namespace

std::string BrokerAddress::shown() const {
    const std::string at = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return std::string(tls ? "mqtts://" : "mqtt://") + at + ":" + std::to_string(port) + "/" +
           prefix;
}

std::optional<BrokerAddress> parseBrokerAddress(std::string_view url, std::string& why) {
    BrokerAddress address;
    std::string_view rest = url;
    if (rest.substr(0, 7) == "mqtt://") {
        rest.remove_prefix(7);
    } else if (rest.substr(0, 8) == "mqtts://") {
        rest.remove_prefix(8);
        address.tls = true;
        address.port = 8883;
    } else {
        why = "the broker's URL must start with mqtt:// or mqtts://";
        return std::nullopt;
    }
    const std::size_t slash = rest.find('/');
    const std::string_view authority = rest.substr(0, slash);
    if (slash != std::string_view::npos) {
        const std::string_view prefix = rest.substr(slash + 1);
        if (!isPrefix(prefix)) {
            why = "the prefix after the host must be topic levels without '+', '#' or empty levels";
            return std::nullopt;
        }
        address.prefix = std::string(prefix);
    }
    const std::size_t at = authority.rfind('@');
    if (at != std::string_view::npos && !readUser(authority.substr(0, at), address, why))
        return std::nullopt;
    const std::string_view hostPort =
        at == std::string_view::npos ? authority : authority.substr(at + 1);
    if (!readHostPort(hostPort, address, why)) return std::nullopt;
    return address;
}

}  // namespace arbiter::web
