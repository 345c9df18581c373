#pragma once

#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace arbiter::web {

// What `arbiter-web --hall` is given (docs/hall.md, "The hall page").
struct HallOptions {
    std::string url;           // mqtt://[USER[:PASSWORD]@]HOST[:PORT][/PREFIX]
    std::string caFile;        // --mqtt-ca
    std::string passwordFile;  // --mqtt-password-file
};

// Serves the hall at `at` until SIGINT or SIGTERM: the exit status.
int serveHall(const HallOptions& options, const boost::asio::ip::tcp::endpoint& at);

}  // namespace arbiter::web
