#include "tools/arbiter-web/listen_address.h"

#include <charconv>

namespace arbiter::web {

namespace {

std::optional<unsigned short> portOf(const std::string& text) {
    unsigned port = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), port);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || port > 65535 ||
        (text.size() > 1 && text[0] == '0'))
        return std::nullopt;
    return static_cast<unsigned short>(port);
}

}  // namespace

std::optional<boost::asio::ip::tcp::endpoint> parseListenAddress(const std::string& text,
                                                                 std::string& error) {
    error = "--listen \"" + text +
            "\" is not an address and port: give PORT (e.g. 8080, this machine only), "
            "ADDRESS:PORT (e.g. 0.0.0.0:8080 for the local network) or [IPv6]:PORT";
    std::string host = "127.0.0.1", port = text;
    const bool bracketed = !text.empty() && text[0] == '[';
    if (bracketed) {
        const size_t close = text.find("]:");
        if (close == std::string::npos) return std::nullopt;
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
    } else if (const size_t colon = text.rfind(':'); colon != std::string::npos) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
    }
    const auto number = portOf(port);
    if (!number) return std::nullopt;
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(host, ec);
    // An IPv6 address only in brackets, so that its colons never read as the port's.
    if (ec || address.is_v6() != bracketed) return std::nullopt;
    error.clear();
    return boost::asio::ip::tcp::endpoint(address, *number);
}

}  // namespace arbiter::web
