#pragma once

#include <optional>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace arbiter::web {

// Where arbiter-web listens, as it is written on its command line: "8080"
// (this machine only: 127.0.0.1), "0.0.0.0:8080", "192.168.1.5:80",
// "[::1]:8080". Nullopt and a message for anything else.
std::optional<boost::asio::ip::tcp::endpoint> parseListenAddress(const std::string& text,
                                                                 std::string& error);

}  // namespace arbiter::web
